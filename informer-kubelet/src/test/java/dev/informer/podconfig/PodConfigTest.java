package dev.informer.podconfig;

import static dev.informer.podconfig.TestPods.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The mux and the pod config pipeline: channels, threads, back-pressure, closing. */
class PodConfigTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private static PodUpdate next(PodConfig config) throws InterruptedException {
        PodUpdate update = config.poll(WAIT);
        assertNotNull(update, "no update within " + WAIT);
        return update;
    }

    @Test
    void updatesOfEverySourceReachTheConsumerMerged() throws InterruptedException {
        try (PodConfig config = PodConfig.builder().build()) {
            SourceChannel<PodUpdate> file = config.channel(ConfigSources.FILE);
            SourceChannel<PodUpdate> http = config.channel(ConfigSources.HTTP);
            file.send(PodUpdate.set(ConfigSources.FILE, List.of(pod("a", "ns"))));
            PodUpdate first = next(config);
            assertEquals(PodOperation.ADD, first.operation());
            assertEquals(ConfigSources.FILE, first.source());

            http.send(PodUpdate.set(ConfigSources.HTTP, List.of(pod("b", "ns"))));
            PodUpdate second = next(config);
            assertEquals(ConfigSources.HTTP, second.source());

            config.sync();
            PodUpdate all = next(config);
            assertEquals(PodOperation.SET, all.operation());
            assertEquals(ConfigSources.ALL, all.source());
            assertEquals(List.of("a", "b"), all.pods().stream().map(Pod::name).toList());
            assertEquals(Set.of(ConfigSources.FILE, ConfigSources.HTTP), config.sources());
        }
    }

    @Test
    void theSameChannelIsReturnedForTheSameSource() {
        try (PodConfig config = PodConfig.builder().build()) {
            assertSame(config.channel("x"), config.channel("x"));
            assertThrows(IllegalArgumentException.class, () -> config.channel(""));
        }
    }

    @Test
    void seenAllSourcesNeedsEveryChannelSeenAndASetFromEach() throws InterruptedException {
        try (PodConfig config = PodConfig.builder().build()) {
            SourceChannel<PodUpdate> file = config.channel(ConfigSources.FILE);
            SourceChannel<PodUpdate> api = config.channel(ConfigSources.API);
            assertFalse(config.seenAllSources(Set.of(ConfigSources.FILE, ConfigSources.API)));

            file.send(PodUpdate.set(ConfigSources.FILE, List.of()));
            next(config);
            api.send(PodUpdate.of(PodOperation.ADD, ConfigSources.API, pod("a", "ns")));
            next(config);
            assertFalse(
                    config.seenAllSources(Set.of(ConfigSources.FILE, ConfigSources.API)),
                    "an ADD does not count: the kubelet waits for a SET");

            api.send(PodUpdate.set(ConfigSources.API, List.of(pod("a", "ns"))));
            Await.until(
                    "the api SET is merged",
                    () -> config.seenAllSources(Set.of(ConfigSources.FILE, ConfigSources.API)));
            assertFalse(config.seenAllSources(Set.of(ConfigSources.FILE)), "the caller must have seen every source");
        }
    }

    @Test
    void aSlowConsumerBlocksTheProducersAndNothingIsDropped() throws InterruptedException {
        int count = 20;
        try (PodConfig config =
                PodConfig.builder().updatesCapacity(2).channelCapacity(1).build()) {
            SourceChannel<PodUpdate> channel = config.channel("burst");
            AtomicInteger sent = new AtomicInteger();
            Thread producer = new Thread(
                    () -> {
                        try {
                            for (int i = 0; i < count; i++) {
                                channel.send(PodUpdate.of(PodOperation.ADD, "burst", pod("p" + i, "ns")));
                                sent.incrementAndGet();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "producer");
            producer.start();
            Await.parked(producer);
            // Two queued for the consumer, one being merged (blocked), one in the channel.
            Await.until("the pipeline is full", () -> sent.get() >= 3);
            Await.parked(producer);
            assertTrue(sent.get() < count, "the producer must be held back, sent " + sent.get());

            List<String> names = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                names.add(next(config).pods().get(0).name());
            }
            producer.join(WAIT.toMillis());
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                expected.add("p" + i);
            }
            assertEquals(expected, names, "every update, in order");
        }
    }

    @Test
    void closeRefusesSendsAndTheConsumerDrainsThenSeesTheEnd() throws InterruptedException {
        PodConfig config = PodConfig.builder().build();
        SourceChannel<PodUpdate> channel = config.channel("s");
        channel.send(PodUpdate.set("s", List.of(pod("a", "ns"))));
        Await.until("the update is queued", () -> !config.mergedState().isEmpty());
        config.close();
        config.close();
        assertThrows(ChannelClosedException.class, () -> channel.send(PodUpdate.set("s", List.of())));
        assertThrows(ChannelClosedException.class, () -> config.channel("t"));
        assertEquals(PodOperation.ADD, config.take().operation());
        assertThrows(ChannelClosedException.class, config::take);
    }

    @Test
    void pollReturnsNullWhenNothingCame() throws InterruptedException {
        try (PodConfig config = PodConfig.builder().build()) {
            assertNull(config.poll(Duration.ofMillis(20)));
        }
    }

    @Test
    void aThrowingMergerDoesNotStopItsChannel() throws InterruptedException {
        List<String> merged = new CopyOnWriteArrayList<>();
        try (Mux<String> mux = Mux.create(
                (source, update) -> {
                    if (update.equals("bad")) {
                        throw new IllegalStateException("merge failed on purpose");
                    }
                    merged.add(source + ":" + update);
                },
                Thread::new,
                1)) {
            SourceChannel<String> channel = mux.channel("src");
            channel.send("bad");
            channel.send("good");
            Await.until("the good update is merged", () -> merged.contains("src:good"));
            assertEquals(List.of("src:good"), merged);
        }
    }

    @Test
    void offerTimesOutWhenTheChannelStaysFull() throws InterruptedException {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        try (Mux<String> mux = Mux.create((source, update) -> release.await(), Thread::new, 1)) {
            SourceChannel<String> channel = mux.channel("src");
            channel.send("first");
            // One may sit in the channel while the merger waits; a third cannot get in.
            boolean second = channel.offer("second", WAIT);
            assertTrue(second);
            assertFalse(channel.offer("third", Duration.ofMillis(50)));
            release.countDown();
        }
    }

    @Test
    void builderRejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> PodConfig.builder().updatesCapacity(0));
        assertThrows(IllegalArgumentException.class, () -> PodConfig.builder().channelCapacity(0));
        assertThrows(IllegalArgumentException.class, () -> Mux.create((s, u) -> {}, Thread::new, 0));
    }

    @Test
    void builderSettersNameTheSettingTheyRefuse() {
        PodConfig.Builder builder = PodConfig.builder();

        IllegalArgumentException updates =
                assertThrows(IllegalArgumentException.class, () -> builder.updatesCapacity(0));
        IllegalArgumentException channel =
                assertThrows(IllegalArgumentException.class, () -> builder.channelCapacity(-1));
        NullPointerException mode = assertThrows(NullPointerException.class, () -> builder.mode(null));

        assertEquals("updatesCapacity must be at least 1: 0", updates.getMessage());
        assertEquals("channelCapacity must be at least 1: -1", channel.getMessage());
        assertEquals("mode", mode.getMessage());
    }
}
