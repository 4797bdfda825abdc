package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.ResourceEventHandlerRegistration;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The processor half of client-go's shared_informer_test.go, plus handler isolation and lifecycle, with
 * one thread per listener (so the tests can join the listeners' threads). {@link DispatchModeTest} runs
 * the dispatch guarantees, among them the isolation of a blocked or throwing handler, in every mode.
 */
class SharedProcessorTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-listener-");
    private final SharedProcessor<String> processor = new SharedProcessor<>(
            "processor", clock, threads, ProcessorListener.INITIAL_BUFFER_SIZE, DispatchMode.threadPerListener());

    @AfterEach
    void stop() throws InterruptedException {
        assertTrue(processor.stop(Duration.ofSeconds(10)), "listener threads did not end");
    }

    private ProcessorListener<String> add(ResourceEventHandler<String> handler) {
        return processor.addListener(handler, () -> true);
    }

    /** Adds {@code count} new recording handlers as listeners and returns them in order. */
    private List<RecordingHandler> addRecordingHandlers(int count) {
        List<RecordingHandler> handlers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RecordingHandler handler = new RecordingHandler();
            handlers.add(handler);
            add(handler);
        }
        return handlers;
    }

    /** Distributes a live add of each of {@code objects}, in order. */
    private void distributeAdds(String... objects) {
        for (String object : objects) {
            processor.distribute(Notification.added(object, false), false);
        }
    }

    @Test
    void fiftyListenersAllSeeEveryEventInOrder() {
        List<RecordingHandler> handlers = addRecordingHandlers(50);
        processor.start();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            processor.distribute(Notification.added("o" + i, false), false);
            processor.distribute(Notification.updated("o" + i, "o" + i + "'"), false);
            expected.add("add:o" + i);
            expected.add("update:o" + i + "->o" + i + "'");
        }
        for (RecordingHandler handler : handlers) {
            handler.awaitCount(expected.size());
            assertEquals(expected, handler.events());
        }
        assertEquals(50, threads.threads().size(), "one thread per listener");
        assertEquals(50, processor.listenerCount());
    }

    @Test
    void eachListenerSeesEachProducersNotificationsInOrderUnderConcurrentDistribute() throws Exception {
        int producers = 4;
        int perProducer = 500;
        List<RecordingHandler> handlers = addRecordingHandlers(5);
        processor.start();
        Producers.run(producers, perProducer, (producer, i) -> distributeAdds(producer + ":" + i));
        for (RecordingHandler handler : handlers) {
            handler.awaitCount(producers * perProducer);
            Map<String, Integer> lastSeen = new HashMap<>();
            for (String event : handler.events()) {
                String[] parts = event.substring("add:".length()).split(":");
                int sequence = Integer.parseInt(parts[1]);
                int previous = lastSeen.getOrDefault(parts[0], -1);
                assertEquals(previous + 1, sequence, "producer " + parts[0] + " out of order");
                lastSeen.put(parts[0], sequence);
            }
        }
    }

    @Test
    void removedListenerReceivesNothingMoreAndItsThreadEnds() throws Exception {
        RecordingHandler removed = new RecordingHandler();
        RecordingHandler kept = new RecordingHandler();
        ResourceEventHandlerRegistration registration = add(removed);
        add(kept);
        processor.start();
        distributeAdds("before");
        removed.awaitCount(1);

        assertTrue(processor.removeListener(registration));
        assertFalse(processor.removeListener(registration), "removing twice is a no-op");
        assertEquals(1, processor.listenerCount());
        Await.terminated(threads.threads().get(0));

        distributeAdds("after");
        kept.awaitCount(2);
        assertEquals(List.of("add:before"), removed.events());
    }

    @Test
    void removeListenerAndWaitReturnsOnceTheHandlerCallInProgressEnded() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler slow = RecordingHandler.blockingAddsUntil(release);
        ProcessorListener<String> listener = add(slow);
        processor.start();
        distributeAdds("first", "second");
        slow.awaitCount(1);

        assertFalse(processor.removeListenerAndWait(listener, Duration.ofMillis(10)), "still in its first call");
        assertEquals(0, processor.listenerCount(), "removed all the same");
        release.countDown();
        assertTrue(processor.removeListenerAndWait(listener, Duration.ofSeconds(10)));
        assertFalse(threads.threads().get(0).isAlive());
        assertEquals(List.of("add:first"), slow.events(), "the pending notification was dropped");
    }

    @Test
    void removeListenerAndWaitRejectsAForeignRegistration() {
        SharedProcessor<String> other = new SharedProcessor<>("other", clock, threads);
        ProcessorListener<String> foreign = other.addListener(new RecordingHandler(), () -> true);
        assertThrows(IllegalArgumentException.class, () -> processor.removeListenerAndWait(foreign, Duration.ZERO));
        assertEquals(1, other.listenerCount(), "not removed from its own processor either");
    }

    @Test
    void removingAForeignRegistrationIsANoOp() {
        ResourceEventHandlerRegistration foreign = new ResourceEventHandlerRegistration() {
            @Override
            public boolean hasSynced() {
                return true;
            }

            @Override
            public ListenerMetrics metrics() {
                return new ListenerMetrics(0, 0, 0, 0, Duration.ZERO, 0);
            }
        };
        assertFalse(processor.removeListener(foreign));
        SharedProcessor<String> other = new SharedProcessor<>(clock, threads);
        assertFalse(processor.removeListener(other.addListener(new RecordingHandler(), () -> true)));
    }

    @Test
    void aHandlerCanRemoveItselfFromItsOwnThread() {
        AtomicReference<ResourceEventHandlerRegistration> self = new AtomicReference<>();
        RecordingHandler handler = RecordingHandler.afterEachAdd(obj -> processor.removeListener(self.get()));
        self.set(add(handler));
        processor.start();
        distributeAdds("a", "b");
        Await.until("the listener removed itself", () -> processor.listenerCount() == 0);
        assertEquals("add:a", handler.events().get(0));
    }

    @Test
    void listenersAddedBeforeStartBufferUntilStartAndLaterOnesStartAtOnce() {
        RecordingHandler early = new RecordingHandler();
        add(early);
        processor.distribute(Notification.added("a", false), false);
        assertEquals(0, threads.threads().size(), "no thread before start");
        processor.start();
        early.awaitCount(1);

        RecordingHandler late = new RecordingHandler();
        ProcessorListener<String> lateListener = add(late);
        assertEquals(2, threads.threads().size(), "a listener added to a running processor starts at once");
        lateListener.add(Notification.added("a", true)); // the informer's replay of its store
        processor.distribute(Notification.added("b", false), false);
        late.awaitCount(2);
        assertEquals(List.of("add-initial:a", "add:b"), late.events());
    }

    @Test
    void syncNotificationsGoOnlyToListenersWhoseResyncIsDue() {
        RecordingHandler everySecond = new RecordingHandler();
        RecordingHandler everyThree = new RecordingHandler();
        RecordingHandler never = new RecordingHandler();
        processor.addListener(everySecond, Duration.ofSeconds(1), Duration.ofSeconds(1), () -> true);
        processor.addListener(everyThree, Duration.ofSeconds(3), Duration.ofSeconds(3), () -> true);
        processor.addListener(never, Duration.ZERO, Duration.ZERO, () -> true);
        processor.start();

        // New listeners take sync notifications until the first shouldResync.
        processor.distribute(Notification.updated("s0", "s0"), true);
        assertFalse(processor.shouldResync(), "nothing is due at once");
        processor.distribute(Notification.updated("s1", "s1"), true);

        clock.step(Duration.ofSeconds(1));
        assertTrue(processor.shouldResync());
        processor.distribute(Notification.updated("s2", "s2"), true);

        clock.step(Duration.ofSeconds(2));
        assertTrue(processor.shouldResync());
        processor.distribute(Notification.updated("s3", "s3"), true);
        processor.distribute(Notification.added("live", false), false);

        everySecond.awaitCount(4);
        everyThree.awaitCount(3);
        never.awaitCount(2);
        assertEquals(List.of("update:s0->s0", "update:s2->s2", "update:s3->s3", "add:live"), everySecond.events());
        assertEquals(List.of("update:s0->s0", "update:s3->s3", "add:live"), everyThree.events());
        assertEquals(List.of("update:s0->s0", "add:live"), never.events());
    }

    @Test
    void determineResyncPeriodFollowsClientGo() {
        assertEquals(Duration.ZERO, SharedProcessor.determineResyncPeriod(Duration.ZERO, Duration.ofSeconds(1)));
        assertEquals(
                Duration.ZERO,
                SharedProcessor.determineResyncPeriod(Duration.ofSeconds(5), Duration.ZERO),
                "an informer that never resyncs gives no listener a resync");
        assertEquals(
                Duration.ofSeconds(10),
                SharedProcessor.determineResyncPeriod(Duration.ofSeconds(5), Duration.ofSeconds(10)),
                "raised to the check period");
        assertEquals(
                Duration.ofSeconds(30),
                SharedProcessor.determineResyncPeriod(Duration.ofSeconds(30), Duration.ofSeconds(10)));
    }

    @Test
    void changingTheCheckPeriodRecomputesEveryListenersPeriod() {
        ProcessorListener<String> fast =
                processor.addListener(new RecordingHandler(), Duration.ofSeconds(1), Duration.ofSeconds(1), () -> true);
        ProcessorListener<String> slow =
                processor.addListener(new RecordingHandler(), Duration.ofMinutes(1), Duration.ofMinutes(1), () -> true);
        processor.resyncCheckPeriodChanged(Duration.ofSeconds(10));
        assertEquals(Duration.ofSeconds(10), fast.resyncPeriod());
        assertEquals(Duration.ofMinutes(1), slow.resyncPeriod());
        processor.resyncCheckPeriodChanged(Duration.ofSeconds(1));
        assertEquals(Duration.ofSeconds(1), fast.resyncPeriod(), "recomputed from the requested period");
    }

    @Test
    void stopJoinsEveryListenerThreadAndTheProcessorCannotBeReused() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler blocked = RecordingHandler.blockingAddsUntil(release);
        add(blocked);
        add(new RecordingHandler());
        processor.start();
        distributeAdds("a", "b");
        blocked.awaitCount(1);

        assertFalse(processor.stop(Duration.ofMillis(50)), "a handler call in progress outlived the grace period");
        release.countDown();
        processor.stop();
        threads.threads().forEach(thread -> assertFalse(thread.isAlive()));
        assertEquals(List.of("add:a"), blocked.events(), "pending notifications are dropped on stop");

        assertTrue(processor.isStopped());
        assertEquals(0, processor.listenerCount());
        IllegalStateException late = assertThrows(IllegalStateException.class, () -> add(new RecordingHandler()));
        assertTrue(late.getMessage().contains("stopped already"), late.getMessage());
        assertThrows(IllegalStateException.class, processor::start);
    }

    @Test
    void startingTwiceFails() {
        processor.start();
        assertTrue(processor.isRunning());
        assertThrows(IllegalStateException.class, processor::start);
    }

    @Test
    void metricsSnapshotCoversEveryListenerInRegistrationOrder() {
        add(new RecordingHandler());
        add(new RecordingHandler());
        processor.distribute(Notification.deleted("x"), false);
        List<ListenerMetrics> metrics = processor.metrics();
        assertEquals(2, metrics.size());
        assertEquals(1, metrics.get(0).listenerId());
        assertEquals(2, metrics.get(1).listenerId());
        assertEquals(1, metrics.get(0).pending(), "not started yet: buffered");
    }

    @Test
    void badArgumentsFailFast() {
        assertThrows(IllegalArgumentException.class, () -> new SharedProcessor<String>(clock, threads, 0));
        assertThrows(NullPointerException.class, () -> processor.distribute(null, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> processor.addListener(new RecordingHandler(), Duration.ofSeconds(-1), Duration.ZERO, () -> true));
        assertThrows(NullPointerException.class, () -> Notification.added(null, false));
    }
}
