package dev.informer.watch;

import static dev.informer.testsupport.TestThreads.start;
import static dev.informer.watch.Concurrency.async;
import static dev.informer.watch.Concurrency.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class BroadcasterTest {

    private static final List<Event<String>> TABLE = List.of(
            Event.of(EventType.ADDED, "foo: hello world 1"),
            Event.of(EventType.ADDED, "bar: hello world 2"),
            Event.of(EventType.MODIFIED, "foo: goodbye world 3"),
            Event.of(EventType.DELETED, "bar: hello world 4"));

    private static List<Event<String>> drain(Watch<String> watch) throws InterruptedException {
        List<Event<String>> events = new ArrayList<>();
        for (Event<String> event = watch.next(); event != null; event = watch.next()) {
            events.add(event);
        }
        return events;
    }

    /** A broadcaster whose watchers' queues hold {@code length} events each. */
    private static Broadcaster<String> withQueueLength(int length) {
        return Broadcaster.<String>builder().queueLength(length).build();
    }

    /** A broadcaster that holds one event per watcher and one waiting for distribution, so producers soon block. */
    private static Broadcaster<String> withOneEventQueues() {
        return Broadcaster.<String>builder()
                .queueLength(1)
                .incomingQueueLength(1)
                .build();
    }

    @Test
    void everyWatcherSeesEveryEventInOrder() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(0);
        List<CompletableFuture<List<Event<String>>>> received = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Watch<String> watch = broadcaster.watch();
            received.add(async("watcher-" + i, () -> drain(watch)));
        }

        for (Event<String> event : TABLE) {
            broadcaster.action(event.type(), event.typedObject());
        }
        broadcaster.shutdown();

        for (CompletableFuture<List<Event<String>>> watcher : received) {
            assertEquals(TABLE, await(watcher));
        }
    }

    @Test
    void concurrentProducersAndWatchersAgreeOnOneOrder() throws Exception {
        Broadcaster<String> broadcaster = Broadcaster.<String>builder().build();
        int watchers = 4;
        int producers = 3;
        int perProducer = 300;
        List<CompletableFuture<List<Event<String>>>> received = new ArrayList<>();
        for (int i = 0; i < watchers; i++) {
            Watch<String> watch = broadcaster.watch();
            received.add(async("watcher-" + i, () -> drain(watch)));
        }
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int producer = p;
            sent.add(async("producer-" + p, () -> {
                for (int i = 0; i < perProducer; i++) {
                    broadcaster.action(EventType.ADDED, producer + ":" + i);
                }
                return null;
            }));
        }
        for (CompletableFuture<Void> producer : sent) {
            await(producer);
        }
        broadcaster.shutdown();

        List<Event<String>> first = await(received.get(0));
        assertEquals(producers * perProducer, first.size());
        for (CompletableFuture<List<Event<String>>> watcher : received) {
            assertEquals(first, await(watcher), "every watcher sees the accepted order");
        }
        for (int p = 0; p < producers; p++) {
            String prefix = p + ":";
            List<String> fromProducer = first.stream()
                    .map(Event::typedObject)
                    .filter(s -> s.startsWith(prefix))
                    .toList();
            for (int i = 0; i < perProducer; i++) {
                assertEquals(prefix + i, fromProducer.get(i), "each producer's events keep their order");
            }
        }
    }

    @Test
    void stoppedWatcherEndsAndShutdownEndsTheOthers() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(0);
        Watch<String> stopped = broadcaster.watch();
        Watch<String> other = broadcaster.watch();

        stopped.stop();
        broadcaster.shutdown();

        assertNull(stopped.next(), "stop() ends the watcher");
        assertNull(other.next(), "shutdown() ends the watcher");
        assertTrue(stopped.isStopped());
        assertTrue(other.isStopped());
        stopped.stop(); // extra stops are harmless
        other.stop();
    }

    @Test
    void stoppingAWatcherReleasesTheDistributionWaitingForIt() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(0);
        Watch<String> reader = broadcaster.watch();
        Watch<String> neverReads = broadcaster.watch();
        CompletableFuture<Event<String>> firstEvent = async("reader", () -> {
            Event<String> event = reader.next();
            // The distribution now waits to hand the event to the second watcher: stop it meanwhile.
            neverReads.stop();
            return event;
        });

        broadcaster.action(EventType.ADDED, "x");

        assertEquals(Event.of(EventType.ADDED, "x"), await(firstEvent));
        CompletableFuture<Void> shutdown = async("shutdown", () -> {
            broadcaster.shutdown();
            return null;
        });
        await(shutdown); // would hang if the distribution were still waiting for the stopped watcher
        assertNull(neverReads.next());
    }

    @Test
    void dropIfChannelFullDropsForTheFullWatchersOnly() throws Exception {
        Broadcaster<String> broadcaster = Broadcaster.<String>builder()
                .queueLength(1)
                .fullChannelBehavior(FullChannelBehavior.DROP_IF_CHANNEL_FULL)
                .build();
        Watch<String> slow = broadcaster.watch();
        Watch<String> alsoSlow = broadcaster.watch();
        Watch<String> fast = broadcaster.watch();

        broadcaster.action(EventType.ADDED, "event 1");
        assertEquals("event 1", fast.next().typedObject());
        broadcaster.action(EventType.ADDED, "event 2");
        broadcaster.shutdown();

        for (Watch<String> watch : List.of(slow, alsoSlow)) {
            assertEquals(
                    List.of(Event.of(EventType.ADDED, "event 1")),
                    drain(watch),
                    "a full queue of length one keeps only the first event");
        }
        assertEquals(
                List.of(Event.of(EventType.ADDED, "event 2")),
                drain(fast),
                "the watcher with room still gets the second event");
    }

    @Test
    void waitIfChannelFullBlocksTheProducerUntilTheSlowWatcherReads() throws Exception {
        Broadcaster<String> broadcaster = withOneEventQueues();
        Watch<String> slow = broadcaster.watch();
        AtomicInteger accepted = new AtomicInteger();
        Thread producer = start("producer", () -> {
            try {
                for (int i = 1; i <= 4; i++) {
                    broadcaster.action(EventType.ADDED, "e" + i);
                    accepted.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        // e1 fills the watcher's queue, e2 waits in the distribution, e3 fills the incoming queue, e4 blocks.
        Await.until("three events are accepted", () -> accepted.get() == 3);
        Await.parked(producer);
        assertEquals(3, accepted.get(), "the producer waits while the slow watcher holds up the distribution");
        assertFalse(broadcaster.actionOrDrop(EventType.ADDED, "dropped"), "actionOrDrop does not wait for room");

        assertEquals("e1", slow.next().typedObject());
        producer.join(Concurrency.PATIENCE.toMillis());
        assertEquals(4, accepted.get(), "reading made room for the producer");
        assertEquals("e2", slow.next().typedObject());
        assertEquals("e3", slow.next().typedObject());
        assertEquals("e4", slow.next().typedObject());
        broadcaster.shutdown();
        assertNull(slow.next());
    }

    @Test
    void actionOrDropAcceptsWhileTheIncomingQueueHasRoom() throws Exception {
        Broadcaster<String> broadcaster = Broadcaster.<String>builder().build();
        Watch<String> watch = broadcaster.watch();

        assertTrue(broadcaster.actionOrDrop(EventType.ADDED, "kept"));
        broadcaster.shutdown();

        assertEquals(List.of(Event.of(EventType.ADDED, "kept")), drain(watch));
    }

    @Test
    void shutdownDeliversEverythingQueuedBeforeEndingWatchers() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(10);
        Watch<String> notReadingYet = broadcaster.watch();
        for (int i = 0; i < 5; i++) {
            broadcaster.action(EventType.ADDED, "e" + i);
        }

        broadcaster.shutdown();

        assertFalse(notReadingYet.isStopped(), "queued events are still to be read");
        List<Event<String>> events = drain(notReadingYet);
        assertEquals(
                List.of("e0", "e1", "e2", "e3", "e4"),
                events.stream().map(Event::typedObject).toList());
        assertTrue(notReadingYet.isStopped());
    }

    @Test
    void stopDiscardsWhatIsQueuedForTheWatcher() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(10);
        Watch<String> watch = broadcaster.watch();
        Watch<String> witness = broadcaster.watch();
        broadcaster.action(EventType.ADDED, "queued");
        assertEquals("queued", witness.next().typedObject());

        watch.stop();

        assertNull(watch.next());
        broadcaster.shutdown();
    }

    @Test
    void useAfterShutdownThrowsBroadcasterAlreadyStopped() throws Exception {
        Broadcaster<String> broadcaster = Broadcaster.<String>builder()
                .queueLength(1)
                .fullChannelBehavior(FullChannelBehavior.DROP_IF_CHANNEL_FULL)
                .build();
        broadcaster.watch();
        broadcaster.shutdown();

        List<Executable> uses = List.of(
                broadcaster::watch,
                () -> broadcaster.watchWithPrefix(List.of(Event.of(EventType.ADDED, "a"))),
                () -> broadcaster.action(EventType.ADDED, "late"),
                () -> broadcaster.actionOrDrop(EventType.ADDED, "late"));
        for (Executable use : uses) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, use::run);
            assertEquals("broadcaster already stopped", thrown.getMessage());
        }
        broadcaster.shutdown(); // idempotent
    }

    @Test
    void producerWaitingForRoomFailsWhenTheBroadcasterShutsDown() throws Exception {
        Broadcaster<String> broadcaster = withOneEventQueues();
        Watch<String> slow = broadcaster.watch();
        broadcaster.action(EventType.ADDED, "e1"); // in the watcher's queue
        broadcaster.action(EventType.ADDED, "e2"); // the distribution waits for the watcher
        Await.until("the distribution takes e2", () -> broadcaster.actionOrDrop(EventType.ADDED, "e3"));
        CompletableFuture<Void> blocked = async("producer", () -> {
            broadcaster.action(EventType.ADDED, "e4");
            return null;
        });
        CompletableFuture<Void> shutdown = async("shutdown", () -> {
            broadcaster.shutdown();
            return null;
        });

        ExecutionException failure = assertThrows(
                ExecutionException.class,
                () -> blocked.get(Concurrency.PATIENCE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS));
        assertInstanceOf(IllegalStateException.class, failure.getCause());
        assertEquals("broadcaster already stopped", failure.getCause().getMessage());

        assertEquals(
                List.of("e1", "e2", "e3"),
                drain(slow).stream().map(Event::typedObject).toList(),
                "what was accepted before the shutdown is still delivered");
        await(shutdown);
    }

    @Test
    void watcherAddedLaterSeesOnlyEventsAcceptedAfterIt() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(1);
        Watch<String> slow = broadcaster.watch();
        broadcaster.action(EventType.ADDED, "e1"); // fills the slow watcher's queue
        broadcaster.action(EventType.ADDED, "e2"); // accepted, its distribution waits for the slow watcher

        Watch<String> late = broadcaster.watch();
        broadcaster.action(EventType.ADDED, "e3");

        assertEquals(
                List.of("e1", "e2", "e3"),
                List.of(
                        slow.next().typedObject(),
                        slow.next().typedObject(),
                        slow.next().typedObject()));
        assertEquals("e3", late.next().typedObject(), "e2 was accepted before the watcher was added");
        broadcaster.shutdown();
        assertNull(late.next());
    }

    @Test
    void watchWithPrefixDeliversThePrefixFirstThenLaterEvents() throws Exception {
        Broadcaster<String> broadcaster = withQueueLength(0);
        broadcaster.action(EventType.ADDED, "before");
        List<Event<String>> prefix = List.of(Event.of(EventType.ADDED, "p1"), Event.of(EventType.MODIFIED, "p2"));

        Watch<String> watch = broadcaster.watchWithPrefix(prefix);
        broadcaster.action(EventType.DELETED, "after");
        broadcaster.shutdown();

        // A zero-length queue still holds the whole prefix plus one event.
        assertEquals(List.of(prefix.get(0), prefix.get(1), Event.of(EventType.DELETED, "after")), drain(watch));
    }

    @Test
    void watchWithPrefixRejectsANullEvent() throws Exception {
        Broadcaster<String> broadcaster = Broadcaster.<String>builder().build();
        List<Event<String>> withNull = new ArrayList<>();
        withNull.add(null);

        assertThrows(NullPointerException.class, () -> broadcaster.watchWithPrefix(withNull));
        broadcaster.shutdown();
    }

    @Test
    void distributionRunsOnOneThreadFromTheInjectedFactory() throws Exception {
        RecordingThreadFactory threads = new RecordingThreadFactory("injected-distribution-");
        List<Thread> created = threads.threads();
        Broadcaster<String> broadcaster =
                Broadcaster.<String>builder().threadFactory(threads).build();

        broadcaster.shutdown();

        assertEquals(1, created.size());
        created.get(0).join(Concurrency.PATIENCE.toMillis());
        assertFalse(created.get(0).isAlive(), "the distribution thread ends with the shutdown");
    }

    @Test
    void builderRejectsBadSettings() {
        IllegalArgumentException negative = assertThrows(
                IllegalArgumentException.class, () -> Broadcaster.builder().queueLength(-1));
        assertTrue(negative.getMessage().contains("queueLength"), negative.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Broadcaster.builder().incomingQueueLength(0));
        assertThrows(NullPointerException.class, () -> Broadcaster.builder().fullChannelBehavior(null));
        assertThrows(NullPointerException.class, () -> Broadcaster.builder().threadFactory(null));
    }

    @FunctionalInterface
    private interface Executable {
        void run() throws Exception;
    }
}
