package dev.informer.store;

import static dev.informer.store.DeltaType.ADDED;
import static dev.informer.store.DeltaType.BOOKMARK;
import static dev.informer.store.DeltaType.DELETED;
import static dev.informer.store.DeltaType.REPLACED;
import static dev.informer.store.DeltaType.REPLACED_ALL;
import static dev.informer.store.DeltaType.SYNC_ALL;
import static dev.informer.store.DeltaType.UPDATED;
import static dev.informer.store.QueueConformanceTest.added;
import static dev.informer.store.QueueConformanceTest.deleted;
import static dev.informer.store.QueueConformanceTest.delta;
import static dev.informer.store.QueueConformanceTest.drain;
import static dev.informer.store.QueueConformanceTest.known;
import static dev.informer.store.QueueConformanceTest.obj;
import static dev.informer.store.QueueConformanceTest.queued;
import static dev.informer.store.QueueConformanceTest.tombstone;
import static dev.informer.store.QueueConformanceTest.updated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What only {@link RealFifo} does (ports client-go's the_real_fifo_test.go), and where it differs from
 * {@link DeltaFifo}: one delta per pop, strict arrival order, no deduplication.
 */
class RealFifoTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    private static RealFifo<TestObject> fifo() {
        return RealFifo.builder(KEY).build();
    }

    private static RealFifo<TestObject> fifo(RealFifoOptions options) {
        return RealFifo.builder(KEY).options(options).build();
    }

    private static RealFifoOptions batches(int max) {
        return RealFifoOptions.builder().maxBatchSize(max).build();
    }

    private static RealFifoOptions atomic() {
        return RealFifoOptions.builder().atomicEvents(true).emitBookmarks(true).build();
    }

    /** Pops with popBatch until closed and empty; each inner list is one pop (a batch or a single item). */
    private static List<List<Delta<TestObject>>> drainBatches(Queue<TestObject> queue) throws Exception {
        queue.close();
        List<List<Delta<TestObject>>> pops = new ArrayList<>();
        while (true) {
            try {
                queue.popBatch(
                        (batch, initial) -> pops.add(List.copyOf(batch)),
                        (deltas, initial) -> pops.add(deltas.asList()));
            } catch (QueueClosedException e) {
                return pops;
            }
        }
    }

    // ------------------------------------------------------------------ strict order, no squashing

    @Test
    void everyChangeIsItsOwnItemInArrivalOrder() throws Exception {
        List<Delta<TestObject>> changes = List.of(added(obj("a", 1)), added(obj("b", 1)), updated(obj("a", 2)));
        RealFifo<TestObject> fifo = queued(fifo(), changes);
        assertEquals(3, fifo.len());
        List<Integer> sizes = new ArrayList<>();
        List<Delta<TestObject>> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Deltas<TestObject> popped = fifo.pop((d, initial) -> {});
            sizes.add(popped.size());
            order.add(popped.oldest());
        }
        assertEquals(List.of(1, 1, 1), sizes);
        assertEquals(changes, order);

        // The DeltaFifo squashes a's changes into one item that pops before b.
        DeltaFifo<TestObject> deltaFifo = queued(DeltaFifo.builder(KEY).build(), changes);
        assertEquals(
                List.of(delta(ADDED, obj("a", 1)), delta(UPDATED, obj("a", 2))),
                deltaFifo.pop((d, initial) -> {}).asList());
    }

    @Test
    void trailingDeletionsAreNotDeduplicated() throws Exception {
        List<Delta<TestObject>> changes = List.of(added(obj("a", 1)), deleted(obj("a", 1)), deleted(obj("a", 1)));
        assertEquals(changes, drain(queued(fifo(), changes)));
    }

    @Test
    void deletionOfAnUnknownKeyIsQueued() throws Exception {
        RealFifo<TestObject> fifo = RealFifo.builder(KEY).knownObjects(known()).build();
        fifo.delete(obj("never-seen", 1));
        assertEquals(List.of(delta(DELETED, obj("never-seen", 1))), drain(fifo));
        DeltaFifo<TestObject> deltaFifo =
                DeltaFifo.builder(KEY).knownObjects(known()).build();
        deltaFifo.delete(obj("never-seen", 1));
        assertEquals(List.of(), drain(deltaFifo));
    }

    @Test
    void replaceQueuesDeletionsFirstThenTheListInListOrder() throws Exception {
        // client-go's TestRealFIFOW_ReplaceMakesDeletionsForObjectsOnlyInQueue
        RealFifo<TestObject> fifo =
                RealFifo.builder(KEY).knownObjects(known(obj("k", 1))).build();
        fifo.add(obj("q", 1));
        fifo.update(obj("q", 2));
        fifo.replace(List.of(obj("z", 1), obj("b", 1)), "10");
        assertEquals(
                List.of(
                        delta(ADDED, obj("q", 1)),
                        delta(UPDATED, obj("q", 2)),
                        delta(DELETED, tombstone("q", obj("q", 2))),
                        delta(DELETED, tombstone("k", obj("k", 1))),
                        delta(REPLACED, obj("z", 1)),
                        delta(REPLACED, obj("b", 1))),
                drain(fifo));
    }

    @Test
    void replaceOfADeletedAndRecreatedObjectKeepsTheQueuedDeletion() throws Exception {
        // client-go's TestRealFIFO_replaceWithDeleteDeltaIn: the queued delete is a different UID.
        RealFifo<TestObject> fifo =
                RealFifo.builder(KEY).knownObjects(known(obj("foo", 5))).build();
        fifo.delete(obj("foo", 5));
        fifo.replace(List.of(obj("foo", 6)), "0");
        assertEquals(List.of(delta(DELETED, obj("foo", 5)), delta(REPLACED, obj("foo", 6))), drain(fifo));
    }

    @Test
    void hasSyncedIsFalseWhileTheLastInitialItemIsStillBeingProcessed() throws Exception {
        RealFifo<TestObject> fifo = fifo();
        fifo.replace(List.of(obj("a", 1)), "1");
        List<Boolean> seenInside = new ArrayList<>();
        fifo.pop((d, initial) -> seenInside.add(fifo.hasSynced()));
        assertEquals(List.of(false), seenInside);
        assertTrue(fifo.hasSynced());
    }

    @Test
    void hasSyncedIsCorrectWhenTheInitialListIsFollowedByADeletion() throws Exception {
        // client-go's TestRealFIFO_HasSyncedCorrectOnDeletion
        RealFifo<TestObject> fifo = RealFifo.builder(KEY)
                .knownObjects(known(obj("a", 1), obj("b", 1)))
                .build();
        fifo.replace(List.of(obj("a", 1), obj("b", 1), obj("c", 1)), "0");
        fifo.delete(obj("a", 1));
        for (int i = 0; i < 3; i++) {
            assertFalse(fifo.hasSynced());
            fifo.pop((d, initial) -> {});
        }
        assertTrue(fifo.hasSynced());
    }

    // ------------------------------------------------------------------ batches

    @Test
    void popBatchHandsOutDistinctKeysInOneBatch() throws Exception {
        RealFifo<TestObject> fifo = fifo(batches(1000));
        fifo.replace(List.of(obj("a", 1), obj("b", 1), obj("c", 1)), "1");
        assertEquals(
                List.of(List.of(
                        delta(REPLACED, obj("a", 1)), delta(REPLACED, obj("b", 1)), delta(REPLACED, obj("c", 1)))),
                drainBatches(fifo));
    }

    @Test
    void aBatchNeverStraddlesTheEndOfTheInitialList() throws Exception {
        RealFifo<TestObject> fifo = fifo(batches(1000));
        fifo.replace(List.of(obj("a", 1), obj("b", 1)), "1");
        fifo.update(obj("c", 2));
        fifo.update(obj("d", 2));
        List<Boolean> initial = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        fifo.close();
        for (int i = 0; i < 2; i++) {
            fifo.popBatch(
                    (batch, isInitial) -> {
                        sizes.add(batch.size());
                        initial.add(isInitial);
                    },
                    (d, isInitial) -> fail());
        }
        assertEquals(List.of(2, 2), sizes);
        assertEquals(List.of(true, false), initial);
        assertTrue(fifo.hasSynced());
    }

    @Test
    void aBatchKeepsSeveralChangesOfOneKeyInOrder() throws Exception {
        // client-go closes the batch at a key's second change; ours keeps going (the informer applies
        // a batch in order, looking up each old object just before its write).
        List<Delta<TestObject>> changes = List.of(
                added(obj("a", 1)),
                added(obj("b", 1)),
                updated(obj("b", 2)),
                updated(obj("a", 3)),
                deleted(obj("a", 3)));
        assertEquals(List.of(changes), drainBatches(queued(fifo(batches(1000)), changes)));
    }

    @Test
    void batchesAreAtMostMaxBatchSize() throws Exception {
        RealFifo<TestObject> fifo = fifo(batches(2));
        for (int i = 0; i < 5; i++) {
            fifo.add(obj("o" + i, 1));
        }
        assertEquals(
                List.of(2, 2, 1), drainBatches(fifo).stream().map(List::size).toList());
    }

    @Test
    void atomicItemsPopAlone() throws Exception {
        RealFifo<TestObject> fifo = fifo(atomic().toBuilder().maxBatchSize(1000).build());
        fifo.add(obj("a", 1));
        fifo.add(obj("b", 1));
        fifo.bookmark("5");
        fifo.add(obj("c", 1));
        fifo.resync();
        List<List<DeltaType>> types = drainBatches(fifo).stream()
                .map(pop -> pop.stream().map(Delta::type).toList())
                .toList();
        assertEquals(List.of(List.of(ADDED, ADDED), List.of(BOOKMARK), List.of(ADDED), List.of(SYNC_ALL)), types);
    }

    @Test
    void aFailingBatchStillCountsTowardsHasSynced() throws Exception {
        RealFifo<TestObject> fifo = fifo(batches(1000));
        fifo.replace(List.of(obj("a", 1), obj("b", 1)), "1");
        assertThrows(
                IllegalStateException.class,
                () -> fifo.popBatch(
                        (batch, initial) -> {
                            throw new IllegalStateException("handler failed");
                        },
                        (d, initial) -> {}));
        assertTrue(fifo.hasSynced());
        assertEquals(0, fifo.len());
    }

    // ------------------------------------------------------------------ atomic events, bookmarks

    @Test
    void atomicReplaceQueuesTheWholeRelistAsOneItem() throws Exception {
        // client-go's TestRealFIFO_ReplaceAtomic
        RealFifo<TestObject> fifo = RealFifo.builder(KEY)
                .options(atomic())
                .transformer(o -> ((TestObject) o).withValue(((TestObject) o).value() + 100))
                .build();
        fifo.add(obj("x", 1));
        fifo.bookmark("7");
        fifo.replace(List.of(obj("a", 1), obj("b", 2)), "10");
        fifo.replace(List.of(), "20");
        assertEquals(
                List.of(
                        delta(ADDED, obj("x", 101)),
                        delta(BOOKMARK, new Bookmark("7")),
                        delta(REPLACED_ALL, new ReplacedAll<>("10", List.of(obj("a", 101), obj("b", 102)))),
                        delta(REPLACED_ALL, new ReplacedAll<>("20", List.of()))),
                drain(fifo));
    }

    @Test
    void atomicResyncQueuesOneSyncAllItem() throws Exception {
        RealFifo<TestObject> fifo = fifo(atomic());
        fifo.add(obj("a", 1));
        fifo.resync();
        assertEquals(List.of(delta(ADDED, obj("a", 1)), delta(SYNC_ALL, new SyncAll())), drain(fifo));
    }

    @Test
    void anAtomicFirstReplaceSyncsOnceItsItemWasPopped() throws Exception {
        RealFifo<TestObject> fifo = fifo(atomic());
        fifo.replace(List.of(obj("a", 1), obj("b", 2)), "10");
        assertFalse(fifo.hasSynced());
        List<Boolean> initial = new ArrayList<>();
        fifo.pop((d, isInitial) -> initial.add(isInitial));
        assertEquals(List.of(true), initial);
        assertTrue(fifo.hasSynced());
    }

    @Test
    void bookmarksAreIgnoredUnlessEnabled() throws Exception {
        RealFifo<TestObject> fifo = fifo();
        fifo.bookmark("5");
        assertEquals(0, fifo.len());
        assertFalse(fifo.hasSynced(), "a bookmark is not the initial population");
    }

    @Test
    void optionCombinationsClientGoRejectsAreRejected() {
        assertThrows(
                IllegalStateException.class,
                () -> RealFifoOptions.builder().unlockWhileProcessing(true).build());
        assertThrows(
                IllegalStateException.class,
                () -> RealFifoOptions.builder().emitBookmarks(true).build());
        assertThrows(
                IllegalArgumentException.class, () -> RealFifoOptions.builder().maxBatchSize(0));
        IllegalStateException knownWithAtomic = assertThrows(IllegalStateException.class, () -> RealFifo.builder(KEY)
                .options(atomic())
                .knownObjects(known())
                .build());
        assertTrue(knownWithAtomic.getMessage().contains("knownObjects"), knownWithAtomic.getMessage());
        RealFifoOptions clientGo = RealFifoOptions.clientGoDefaults();
        assertTrue(clientGo.atomicEvents() && clientGo.unlockWhileProcessing() && clientGo.emitBookmarks());
        assertEquals(1000, clientGo.maxBatchSize());
    }

    @Test
    void optionsConstructorRejectsWhatTheBuilderRejectsWithTheSameMessages() {
        FifoMetrics.Provider none = RealFifoOptions.plain().metricsProvider();
        assertEquals(
                "RealFifoOptions: unlockWhileProcessing needs atomicEvents "
                        + "(the processor would race replace/resync reading the consumer's store)",
                message(IllegalStateException.class, () -> new RealFifoOptions(false, 1, true, false, none)));
        assertEquals(
                "RealFifoOptions: emitBookmarks needs atomicEvents "
                        + "(a bookmark would overtake the per-object deltas of a relist)",
                message(IllegalStateException.class, () -> new RealFifoOptions(false, 1, false, true, none)));
        assertEquals(
                "maxBatchSize must be at least 1, got 0",
                message(IllegalArgumentException.class, () -> new RealFifoOptions(true, 0, false, false, none)));
        assertEquals(RealFifoOptions.clientGoDefaults(), new RealFifoOptions(true, 1000, true, true, none));
        assertEquals(
                "RealFifoOptions{atomicEvents=true, maxBatchSize=1000, unlockWhileProcessing=true, emitBookmarks=true}",
                RealFifoOptions.clientGoDefaults().toBuilder().build().toString());
    }

    @Test
    void optionsAndFifoBuildersRefuseNullNamingTheSetting() {
        RealFifo.Builder<TestObject> builder = RealFifo.builder(KEY);
        Class<NullPointerException> npe = NullPointerException.class;
        assertEquals(
                "metricsProvider", message(npe, () -> RealFifoOptions.builder().metricsProvider(null)));
        assertEquals("options", message(npe, () -> builder.options(null)));
        assertEquals("name", message(npe, () -> builder.name(null)));
        assertEquals("nanoTime", message(npe, () -> builder.nanoTime(null)));
        assertEquals("knownObjects", message(npe, () -> builder.knownObjects(null)));
        assertEquals("transformer", message(npe, () -> builder.transformer(null)));
    }

    private static String message(Class<? extends RuntimeException> type, Executable call) {
        return assertThrows(type, call).getMessage();
    }

    @Test
    void withUnlockWhileProcessingAProducerQueuesWhileTheProcessorRuns() throws Exception {
        RealFifo<TestObject> fifo =
                fifo(atomic().toBuilder().unlockWhileProcessing(true).build());
        fifo.add(obj("a", 1));
        CountDownLatch added = new CountDownLatch(1);
        boolean[] addedWhileProcessing = new boolean[1];
        fifo.pop((d, initial) -> {
            Thread producer = new Thread(() -> {
                fifo.add(obj("b", 1));
                added.countDown();
            });
            producer.setDaemon(true);
            producer.start();
            addedWhileProcessing[0] = added.await(10, TimeUnit.SECONDS);
        });
        assertTrue(addedWhileProcessing[0], "the producer was blocked by the processor");
        assertEquals(1, fifo.len());
    }

    @Test
    void withoutUnlockWhileProcessingTheProcessorHoldsTheLock() throws Exception {
        RealFifo<TestObject> fifo = fifo();
        fifo.add(obj("a", 1));
        CountDownLatch added = new CountDownLatch(1);
        Thread[] producer = new Thread[1];
        fifo.pop((d, initial) -> {
            producer[0] = new Thread(() -> {
                fifo.add(obj("b", 1));
                added.countDown();
            });
            producer[0].setDaemon(true);
            producer[0].start();
            // The producer must wait for the lock: it cannot have queued yet when we look.
            assertEquals(1, added.getCount());
        });
        assertTrue(added.await(10, TimeUnit.SECONDS));
        assertEquals(1, fifo.len());
    }

    // ------------------------------------------------------------------ metrics

    /** An in-memory provider: records every reported value per queue name. */
    static final class RecordingMetrics implements FifoMetrics.Provider {
        final List<String> names = new CopyOnWriteArrayList<>();
        final List<Integer> queued = new CopyOnWriteArrayList<>();
        final List<Long> latencies = new CopyOnWriteArrayList<>();

        @Override
        public FifoMetrics forQueue(String queueName) {
            names.add(queueName);
            return new FifoMetrics() {
                @Override
                public void setQueuedItems(int count) {
                    queued.add(count);
                }

                @Override
                public void observeProcessingLatency(long nanos) {
                    latencies.add(nanos);
                }
            };
        }
    }

    @Test
    void metricsReportQueuedItemsAndProcessingLatency() throws Exception {
        RecordingMetrics metrics = new RecordingMetrics();
        AtomicLong now = new AtomicLong(1_000);
        RealFifo<TestObject> fifo = RealFifo.builder(KEY)
                .name("pods")
                .options(RealFifoOptions.builder()
                        .metricsProvider(metrics)
                        .maxBatchSize(10)
                        .build())
                .nanoTime(now::get)
                .build();
        assertEquals(List.of("pods"), metrics.names);
        fifo.add(obj("a", 1));
        fifo.add(obj("b", 1));
        fifo.add(obj("c", 1));
        fifo.pop((d, initial) -> now.addAndGet(250));
        fifo.popBatch((batch, initial) -> now.addAndGet(400), (d, initial) -> fail());
        assertEquals(List.of(1, 2, 3, 2, 0), metrics.queued);
        assertEquals(List.of(250L, 400L), metrics.latencies);
    }

    private static void fail() {
        throw new AssertionError("unexpected single pop");
    }
}
