package dev.informer.workqueue;

import static dev.informer.testsupport.TestThreads.start;
import static dev.informer.testsupport.TestThreads.startInterruptible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Await;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** client-go's queue_test.go behaviours, plus the misuse cases. */
class WorkQueueTest {

    private interface ShutDownAction {
        void apply(WorkQueue<?> queue) throws InterruptedException;
    }

    private static ShutDownAction shutDownKind(boolean drain) {
        return drain ? WorkQueue::shutDownWithDrain : WorkQueue::shutDown;
    }

    @ParameterizedTest(name = "drain={0}")
    @ValueSource(booleans = {false, true})
    void producersAndConsumersProcessEveryItemAndNothingAddedAfterShutdown(boolean drain) throws Exception {
        WorkQueue<Object> queue = WorkQueues.newQueue();
        int producers = 50;
        List<Thread> producerThreads = new ArrayList<>();
        for (int i = 0; i < producers; i++) {
            int item = i;
            producerThreads.add(start("producer-" + i, () -> {
                for (int j = 0; j < 50; j++) {
                    queue.add(item);
                }
            }));
        }
        Map<Object, Boolean> processed = new ConcurrentHashMap<>();
        AtomicReference<Object> wrongItem = new AtomicReference<>();
        List<Thread> consumers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            consumers.add(start("consumer-" + i, () -> {
                try {
                    Optional<Object> item;
                    while ((item = queue.get()).isPresent()) {
                        if ("added after shutdown".equals(item.get())) {
                            wrongItem.set(item.get());
                        }
                        processed.put(item.get(), true);
                        queue.done(item.get());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread producer : producerThreads) {
            Await.terminated(producer);
        }
        shutDownKind(drain).apply(queue);
        queue.add("added after shutdown");
        for (Thread consumer : consumers) {
            Await.terminated(consumer);
        }
        assertEquals(0, queue.len());
        assertEquals(producers, processed.size(), "every produced item was processed at least once");
        assertEquals(null, wrongItem.get(), "an item added after shutdown was handed out");
    }

    @ParameterizedTest(name = "drain={0}")
    @ValueSource(booleans = {false, true})
    void itemsAddedBackWhileProcessingAreProcessedAgain(boolean drain) throws Exception {
        WorkQueue<Integer> queue = WorkQueues.newQueue();
        for (int i = 0; i < 50; i++) {
            queue.add(i);
        }
        Map<Integer, AtomicInteger> totals = new ConcurrentHashMap<>();
        List<Thread> consumers = new ArrayList<>();
        for (int c = 0; c < 10; c++) {
            consumers.add(start("consumer-" + c, () -> {
                // Each worker re-adds an item the first time it sees it: the dirty-while-processing case.
                Map<Integer, Integer> seen = new HashMap<>();
                try {
                    Optional<Integer> item;
                    while ((item = queue.get()).isPresent()) {
                        int count = seen.merge(item.get(), 1, Integer::sum);
                        totals.computeIfAbsent(item.get(), k -> new AtomicInteger())
                                .incrementAndGet();
                        if (count < 2) {
                            queue.add(item.get());
                        }
                        queue.done(item.get());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        Await.until(
                "every item was processed at least twice",
                () -> totals.size() == 50 && totals.values().stream().allMatch(n -> n.get() >= 2));
        shutDownKind(drain).apply(queue);
        for (Thread consumer : consumers) {
            Await.terminated(consumer);
        }
        assertEquals(0, queue.len());
    }

    @Test
    void addingAQueuedItemAgainDoesNotGrowTheQueue() {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        assertEquals(1, queue.len());
        queue.add("bar");
        assertEquals(2, queue.len());
        queue.add("foo");
        assertEquals(2, queue.len());
    }

    @Test
    void itemsAreHandedOutInTheOrderTheyWereAdded() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        List<String> items = List.of("c", "a", "b", "e", "d");
        items.forEach(queue::add);
        queue.add("a"); // a duplicate keeps the first position
        List<String> got = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            got.add(queue.get().orElseThrow());
        }
        assertEquals(items, got);
    }

    @Test
    void itemAddedWhileProcessingIsQueuedAgainAfterDone() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        String item = queue.get().orElseThrow();
        assertEquals("foo", item);

        queue.add(item);
        assertEquals(0, queue.len(), "an item being processed is not handed out twice at once");
        queue.done(item);

        assertEquals(1, queue.len());
        assertEquals("foo", queue.get().orElseThrow());
        queue.done("foo");
        assertEquals(0, queue.len());
    }

    @Test
    void getBlocksUntilAnItemIsAdded() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        AtomicReference<Optional<String>> got = new AtomicReference<>();
        Thread worker = start("worker", () -> {
            try {
                got.set(queue.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Await.parked(worker);
        assertEquals(null, got.get());
        queue.add("foo");
        Await.terminated(worker);
        assertEquals(Optional.of("foo"), got.get());
    }

    @Test
    void getAfterShutDownHandsOutRemainingItemsThenReportsShutdown() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("a");
        queue.add("b");
        queue.shutDown();
        assertTrue(queue.shuttingDown());
        queue.add("c");
        assertEquals(Optional.of("a"), queue.get());
        assertEquals(Optional.of("b"), queue.get());
        assertEquals(Optional.empty(), queue.get());
        assertEquals(Optional.empty(), queue.get(), "shutdown is reported again and again");
    }

    @Test
    void shutDownWakesEveryBlockedWorker() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        List<AtomicReference<Optional<String>>> results = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            AtomicReference<Optional<String>> result = new AtomicReference<>();
            results.add(result);
            workers.add(start("worker-" + i, () -> {
                try {
                    result.set(queue.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        workers.forEach(Await::parked);
        queue.shutDown();
        for (Thread worker : workers) {
            Await.terminated(worker);
        }
        results.forEach(result -> assertEquals(Optional.empty(), result.get()));
    }

    @Test
    void shutDownWithDrainWaitsUntilProcessingItemsAreDone() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        queue.add("bar");
        String first = queue.get().orElseThrow();
        String second = queue.get().orElseThrow();

        CountDownLatch drained = new CountDownLatch(1);
        Thread drainer = start("drainer", () -> {
            try {
                queue.shutDownWithDrain();
                drained.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Await.until("the drain began", queue::shuttingDown);
        Await.parked(drainer);
        assertEquals(Optional.empty(), queue.get(), "workers are told to exit while the drain waits");

        queue.done(first);
        assertEquals(1, drained.getCount(), "the drain returned while an item was still processing");
        queue.done(second);
        Await.terminated(drainer);
        assertEquals(0, drained.getCount());
    }

    @Test
    void shutDownDoesNotWaitForProcessingItems() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        queue.add("bar");
        queue.get();
        queue.get();
        Thread stopper = start("stopper", queue::shutDown);
        Await.terminated(stopper);
        assertTrue(queue.shuttingDown());
    }

    @Test
    void shutDownForcesAWaitingDrainToReturn() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        queue.get();
        Thread drainer = startDrain(queue);
        Await.parked(drainer);
        queue.shutDown(); // the second Ctrl-C
        Await.terminated(drainer);
    }

    @Test
    void drainHandsOutAnItemThatWasAddedAgainWhileProcessing() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        String gotten = queue.get().orElseThrow();
        queue.add("foo");

        Thread drainer = startDrain(queue);
        assertEquals(Optional.empty(), queue.get());

        queue.done(gotten);
        Optional<String> again = queue.get();
        assertEquals(Optional.of("foo"), again, "the dirty item comes back after done, even while draining");
        assertTrue(drainer.isAlive());
        queue.done(again.get());

        assertEquals(Optional.empty(), queue.get());
        Await.terminated(drainer);
    }

    @Test
    void processedItemsCanBeGarbageCollected() throws Exception {
        WorkQueue<Object> queue = WorkQueues.newQueue();
        Object item = new Object();
        WeakReference<Object> ref = new WeakReference<>(item);
        queue.add(item);
        queue.done(queue.get().orElseThrow());
        item = null;
        Await.until("the processed item was garbage collected", () -> {
            System.gc();
            return ref.get() == null;
        });
        assertEquals(0, queue.len());
    }

    @Test
    void doneForAnItemThatIsNotProcessingFailsFast() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        queue.add("foo");
        IllegalStateException notHandedOut = assertThrows(IllegalStateException.class, () -> queue.done("foo"));
        assertTrue(notHandedOut.getMessage().contains("foo"), notHandedOut.getMessage());
        queue.done(queue.get().orElseThrow());
        assertThrows(IllegalStateException.class, () -> queue.done("foo"), "done twice");
        assertEquals(0, queue.len(), "the failed done calls did not queue the item again");
    }

    @Test
    void nullItemsAreRejected() {
        WorkQueue<String> queue = WorkQueues.newQueue();
        assertThrows(NullPointerException.class, () -> queue.add(null));
        assertThrows(NullPointerException.class, () -> queue.done(null));
    }

    @Test
    void interruptedGetThrowsAndLeavesTheQueueUsable() throws Exception {
        WorkQueue<String> queue = WorkQueues.newQueue();
        AtomicReference<Exception> thrown = new AtomicReference<>();
        Thread worker = start("worker", () -> {
            try {
                queue.get();
            } catch (InterruptedException e) {
                thrown.set(e);
            }
        });
        Await.parked(worker);
        worker.interrupt();
        Await.terminated(worker);
        assertTrue(thrown.get() instanceof InterruptedException);
        queue.add("foo");
        assertEquals(Optional.of("foo"), queue.get());
        assertFalse(queue.shuttingDown());
    }

    /** Starts {@code shutDownWithDrain} on a thread of its own and waits until the drain began. */
    private static Thread startDrain(WorkQueue<String> queue) {
        Thread drainer = startInterruptible("drainer", queue::shutDownWithDrain);
        Await.until("the drain began", queue::shuttingDown);
        return drainer;
    }
}
