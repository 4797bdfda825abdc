package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Several producers add, update and delete overlapping keys while one consumer pops into an
 * indexer that is also the fifo's known objects (the informer's arrangement), and a third party
 * resyncs. Afterwards the consumer's store must equal the producers' final state.
 */
class DeltaFifoConcurrencyTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();
    private static final int PRODUCERS = 4;
    private static final int OPS_PER_PRODUCER = 5_000;
    private static final int KEYS = 64;

    @Test
    void poppedHistoryReplaysToTheProducersFinalState() throws Exception {
        Indexer<TestObject> consumerStore =
                Stores.newIndexer(KEY, Map.of(IndexFunctions.NAMESPACE_INDEX, IndexFunctions.byNamespace()));
        DeltaFifo<TestObject> fifo =
                DeltaFifo.builder(KEY).knownObjects(consumerStore).build();

        // The producers' truth. Each key has a lock so that the model and the fifo see the
        // operations on one key in the same order; different keys run concurrently.
        Map<String, TestObject> model = new ConcurrentHashMap<>();
        Object[] keyLocks = new Object[KEYS];
        for (int i = 0; i < KEYS; i++) {
            keyLocks[i] = new Object();
        }
        AtomicInteger versions = new AtomicInteger();
        // Per key, every delta the consumer saw, in pop order.
        Map<String, List<Delta<TestObject>>> history = new HashMap<>();
        AtomicReference<Throwable> consumerFailure = new AtomicReference<>();

        Thread consumer = new Thread(() -> {
            try {
                while (true) {
                    fifo.pop((deltas, initial) -> {
                        for (Delta<TestObject> delta : deltas) {
                            String key = delta.isTombstone()
                                    ? ((DeletedFinalStateUnknown<?>) delta.object()).key()
                                    : KEY.key(delta.object());
                            history.computeIfAbsent(key, k -> new ArrayList<>()).add(delta);
                            if (delta.type() == DeltaType.DELETED) {
                                consumerStore.deleteByKey(key);
                            } else {
                                consumerStore.update(delta.unwrap());
                            }
                        }
                    });
                }
            } catch (QueueClosedException done) {
                // drained
            } catch (Exception e) {
                consumerFailure.set(e);
            }
        });
        consumer.start();

        CountDownLatch start = new CountDownLatch(1);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            long seed = 1000L + p;
            Thread producer = new Thread(() -> {
                Random random = new Random(seed);
                awaitQuietly(start);
                for (int op = 0; op < OPS_PER_PRODUCER; op++) {
                    int k = random.nextInt(KEYS);
                    String name = "obj-" + k;
                    synchronized (keyLocks[k]) {
                        TestObject current = model.get(name);
                        int roll = random.nextInt(10);
                        if (current == null) {
                            TestObject created = TestObject.of("ns", name, versions.incrementAndGet());
                            fifo.add(created);
                            model.put(name, created);
                        } else if (roll < 3) {
                            fifo.delete(current.withValue(versions.incrementAndGet()));
                            model.remove(name);
                        } else {
                            TestObject updated = current.withValue(versions.incrementAndGet());
                            fifo.update(updated);
                            model.put(name, updated);
                        }
                    }
                }
            });
            producers.add(producer);
            producer.start();
        }
        AtomicInteger resyncs = new AtomicInteger();
        Thread resyncer = new Thread(() -> {
            awaitQuietly(start);
            // Resync for as long as producers run, so syncs race queued changes; at least once
            // even when a loaded machine schedules this thread after the producers finished.
            do {
                fifo.resync();
                resyncs.incrementAndGet();
            } while (producers.stream().anyMatch(Thread::isAlive));
        });
        resyncer.start();

        start.countDown();
        for (Thread producer : producers) {
            producer.join();
        }
        resyncer.join();
        fifo.close();
        consumer.join();

        assertNull(consumerFailure.get(), () -> "consumer failed: " + consumerFailure.get());
        assertTrue(fifo.listKeys().isEmpty(), "queue drained");
        assertTrue(resyncs.get() > 0, "resync ran alongside the producers");

        // The replayed store equals the producers' final state: nothing lost, nothing resurrected.
        Map<String, TestObject> replayed = new HashMap<>();
        for (TestObject o : consumerStore.list()) {
            replayed.put(o.name(), o);
        }
        assertEquals(model, replayed);
        assertEquals(
                model.size(),
                consumerStore.byIndex(IndexFunctions.NAMESPACE_INDEX, "ns").size());

        for (int k = 0; k < KEYS; k++) {
            String name = "obj-" + k;
            List<Delta<TestObject>> seen = history.getOrDefault("ns/" + name, List.of());
            if (model.containsKey(name)) {
                assertEquals(model.get(name), seen.get(seen.size() - 1).unwrap(), "final state of " + name);
            } else if (!seen.isEmpty()) {
                assertEquals(
                        DeltaType.DELETED, seen.get(seen.size() - 1).type(), name + " seen after its final delete");
            }
            // Per key, versions never go back: syncs repeat the stored version, changes raise it.
            int last = 0;
            for (Delta<TestObject> delta : seen) {
                int version = delta.unwrap().value();
                if (delta.type() == DeltaType.SYNC) {
                    assertTrue(version >= last, name + ": sync went back to " + version + " after " + last);
                } else {
                    assertTrue(version > last, name + ": " + delta.type() + " " + version + " after " + last);
                }
                last = version;
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
