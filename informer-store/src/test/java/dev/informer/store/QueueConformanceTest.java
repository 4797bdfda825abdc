package dev.informer.store;

import static dev.informer.store.DeltaType.ADDED;
import static dev.informer.store.DeltaType.DELETED;
import static dev.informer.store.DeltaType.REPLACED;
import static dev.informer.store.DeltaType.SYNC;
import static dev.informer.store.DeltaType.UPDATED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The behaviour every {@link Queue} shares (client-go's delta_fifo_test.go and the_real_fifo_test.go
 * agree on it): run against {@link DeltaFifo} and {@link RealFifo} by the subclasses. Where the two
 * differ (squashing per key, order of a relist's deletions, deduplicated deletions, batches) their own
 * tests pin it down.
 */
abstract class QueueConformanceTest {

    static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    /** A queue of the implementation under test; {@code known} and {@code transformer} may be null. */
    abstract Queue<TestObject> newQueue(KnownObjects<TestObject> known, UnaryOperator<Object> transformer);

    Queue<TestObject> newQueue() {
        return newQueue(null, null);
    }

    static TestObject obj(String name, int value) {
        return TestObject.of(name, value);
    }

    static Delta<TestObject> delta(DeltaType type, Object object) {
        return new Delta<>(type, object);
    }

    static Delta<TestObject> added(Object object) {
        return delta(ADDED, object);
    }

    static Delta<TestObject> updated(Object object) {
        return delta(UPDATED, object);
    }

    static Delta<TestObject> deleted(Object object) {
        return delta(DELETED, object);
    }

    /**
     * Makes on {@code queue} the call each change names (ADDED: add, UPDATED: update, DELETED: delete),
     * in order; returns the queue.
     */
    static <Q extends Queue<TestObject>> Q queued(Q queue, List<Delta<TestObject>> changes) {
        for (Delta<TestObject> change : changes) {
            TestObject obj = (TestObject) change.object();
            switch (change.type()) {
                case ADDED -> queue.add(obj);
                case UPDATED -> queue.update(obj);
                case DELETED -> queue.delete(obj);
                default -> throw new IllegalArgumentException("no queue call makes " + change);
            }
        }
        return queue;
    }

    static DeletedFinalStateUnknown<TestObject> tombstone(String key, TestObject last) {
        return new DeletedFinalStateUnknown<>(key, last);
    }

    /** A fixed list of known objects, keyed by name (client-go's literalListerGetter). */
    static KnownObjects<TestObject> known(TestObject... objects) {
        List<TestObject> list = List.of(objects);
        return knownObjects(
                list.stream().map(TestObject::name).toList(),
                key -> list.stream().filter(o -> o.name().equals(key)).findFirst());
    }

    /** Known objects that list {@code keys} and look each key up with {@code lookup} (which may throw). */
    static KnownObjects<TestObject> knownObjects(List<String> keys, Function<String, Optional<TestObject>> lookup) {
        return new KnownObjects<>() {
            @Override
            public List<String> listKeys() {
                return keys;
            }

            @Override
            public Optional<TestObject> getByKey(String key) {
                return lookup.apply(key);
            }
        };
    }

    /** Closes the queue and pops everything, flattening the popped deltas in pop order. */
    static List<Delta<TestObject>> drain(Queue<TestObject> queue) throws Exception {
        queue.close();
        List<Delta<TestObject>> all = new ArrayList<>();
        while (true) {
            try {
                all.addAll(queue.pop((deltas, initial) -> {}).asList());
            } catch (QueueClosedException e) {
                return all;
            }
        }
    }

    static List<Delta<TestObject>> sorted(List<Delta<TestObject>> deltas) {
        List<Delta<TestObject>> copy = new ArrayList<>(deltas);
        copy.sort(Comparator.comparing(Delta::toString));
        return copy;
    }

    // ------------------------------------------------------------------ add, update, delete

    static Stream<Arguments> changesPopInTheOrderTheyWereQueued() {
        return Stream.of(
                Arguments.of(
                        "the changes of one object",
                        List.of(added(obj("a", 1)), updated(obj("a", 2)), deleted(obj("a", 3)))),
                Arguments.of(
                        "changes of distinct objects",
                        List.of(added(obj("c", 1)), added(obj("a", 2)), updated(obj("b", 3)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void changesPopInTheOrderTheyWereQueued(String what, List<Delta<TestObject>> changes) throws Exception {
        assertEquals(changes, drain(queued(newQueue(), changes)));
    }

    @Test
    void popHandsTheProcessorWhatItReturns() throws Exception {
        Queue<TestObject> queue = newQueue();
        queue.add(obj("a", 1));
        AtomicReference<Deltas<TestObject>> seen = new AtomicReference<>();
        Deltas<TestObject> popped = queue.pop((deltas, initial) -> seen.set(deltas));
        assertSame(seen.get(), popped);
        assertEquals(List.of(delta(ADDED, obj("a", 1))), popped.asList());
    }

    @Test
    void processorExceptionPropagatesFromPopAndTheItemIsGone() throws Exception {
        Queue<TestObject> queue = newQueue();
        queue.add(obj("a", 1));
        queue.add(obj("b", 1));
        IOException failure = new IOException("handler failed");
        IOException thrown = assertThrows(
                IOException.class,
                () -> queue.pop((deltas, initial) -> {
                    throw failure;
                }));
        assertSame(failure, thrown);
        assertEquals(List.of(delta(ADDED, obj("b", 1))), drain(queue));
    }

    @Test
    void popBatchDeliversEverythingInOrder() throws Exception {
        List<Delta<TestObject>> changes = List.of(added(obj("a", 1)), added(obj("b", 1)), updated(obj("c", 2)));
        Queue<TestObject> queue = queued(newQueue(), changes);
        queue.close();
        List<Delta<TestObject>> seen = new ArrayList<>();
        while (true) {
            try {
                queue.popBatch(
                        (batch, initial) -> seen.addAll(batch), (deltas, initial) -> seen.addAll(deltas.asList()));
            } catch (QueueClosedException e) {
                break;
            }
        }
        assertEquals(changes, seen);
    }

    // ------------------------------------------------------------------ replace

    @Test
    void replaceQueuesReplacedForListedObjectsAndTombstonesForVanishedKnownOnes() throws Exception {
        Queue<TestObject> queue = newQueue(known(obj("a", 1), obj("b", 2)), null);
        queue.replace(List.of(obj("a", 3), obj("c", 4)), "10");
        assertEquals(
                sorted(List.of(
                        delta(REPLACED, obj("a", 3)),
                        delta(REPLACED, obj("c", 4)),
                        delta(DELETED, tombstone("b", obj("b", 2))))),
                sorted(drain(queue)));
    }

    @Test
    void replaceTombstonesAQueuedUnlistedKeyWithItsNewestQueuedObject() throws Exception {
        Queue<TestObject> queue = queued(newQueue(), List.of(added(obj("x", 1)), updated(obj("x", 2))));
        queue.replace(List.of(), "10");
        assertEquals(
                List.of(added(obj("x", 1)), updated(obj("x", 2)), deleted(tombstone("x", obj("x", 2)))), drain(queue));
    }

    @Test
    void replaceAddsNoDeletionForAQueuedKeyThatEndsInOne() throws Exception {
        List<Delta<TestObject>> changes = List.of(added(obj("x", 1)), deleted(obj("x", 1)));
        Queue<TestObject> queue = queued(newQueue(), changes);
        queue.replace(List.of(), "10");
        assertEquals(changes, drain(queue));
    }

    @Test
    void replaceWithAKeylessObjectChangesNothing() throws Exception {
        Queue<TestObject> queue = newQueue();
        queue.add(obj("a", 1));
        TestObject nameless = new TestObject(null, "", "1", "u", Map.of(), 1);
        assertThrows(KeyException.class, () -> queue.replace(List.of(obj("b", 1), nameless), "10"));
        assertEquals(List.of(delta(ADDED, obj("a", 1))), drain(queue));
    }

    @Test
    void addOfAKeylessObjectThrowsAndChangesNothing() throws Exception {
        Queue<TestObject> queue = newQueue();
        TestObject nameless = new TestObject(null, "", "1", "u", Map.of(), 1);
        assertThrows(KeyException.class, () -> queue.add(nameless));
        assertThrows(KeyException.class, () -> queue.update(nameless));
        assertThrows(KeyException.class, () -> queue.delete(nameless));
        assertThrows(NullPointerException.class, () -> queue.add(null));
        assertEquals(List.of(), drain(queue));
    }

    // ------------------------------------------------------------------ resync

    @Test
    void resyncQueuesSyncOnlyForKnownObjectsWithNothingQueued() throws Exception {
        Queue<TestObject> queue = newQueue(known(obj("a", 1), obj("b", 2)), null);
        queue.update(obj("a", 3));
        queue.resync();
        assertEquals(List.of(delta(UPDATED, obj("a", 3)), delta(SYNC, obj("b", 2))), drain(queue));
    }

    @Test
    void aFailingKnownObjectLookupSkipsTheSyncAndEmptiesTheTombstone() throws Exception {
        KnownObjects<TestObject> broken = knownObjects(List.of("k"), key -> {
            throw new IllegalStateException("lookup failed");
        });
        Queue<TestObject> resynced = newQueue(broken, null);
        resynced.resync();
        assertEquals(List.of(), drain(resynced));
        Queue<TestObject> relisted = newQueue(broken, null);
        relisted.replace(List.of(), "10");
        assertEquals(List.of(deleted(tombstone("k", null))), drain(relisted));
    }

    @Test
    void resyncWithoutKnownObjectsQueuesNothing() throws Exception {
        Queue<TestObject> queue = newQueue();
        queue.resync();
        assertEquals(List.of(), drain(queue));
    }

    // ------------------------------------------------------------------ hasSynced

    @Test
    void hasSyncedOnceEveryItemOfTheFirstReplaceWasPopped() throws Exception {
        Queue<TestObject> queue = newQueue();
        assertFalse(queue.hasSynced());
        queue.replace(List.of(obj("a", 1), obj("b", 2)), "10");
        assertFalse(queue.hasSynced());
        List<Boolean> initial = new ArrayList<>();
        queue.pop((deltas, isInInitialList) -> initial.add(isInInitialList));
        assertFalse(queue.hasSynced());
        queue.pop((deltas, isInInitialList) -> initial.add(isInInitialList));
        assertTrue(queue.hasSynced());
        queue.add(obj("c", 3));
        queue.pop((deltas, isInInitialList) -> initial.add(isInInitialList));
        assertEquals(List.of(true, true, false), initial);
    }

    @Test
    void hasSyncedCountsTheDeletionsAFirstReplaceInferred() throws Exception {
        Queue<TestObject> queue = newQueue(known(obj("c", 1)), null);
        queue.replace(List.of(obj("a", 1)), "10");
        queue.pop((deltas, initial) -> {});
        assertFalse(queue.hasSynced());
        queue.pop((deltas, initial) -> {});
        assertTrue(queue.hasSynced());
    }

    @Test
    void hasSyncedAtOnceWhenAnAddCameFirst() {
        Queue<TestObject> queue = newQueue();
        queue.add(obj("a", 1));
        assertTrue(queue.hasSynced());
        queue.replace(List.of(obj("b", 1)), "10");
        assertTrue(queue.hasSynced());
    }

    @Test
    void anEmptyFirstReplaceSyncsAtOnce() {
        Queue<TestObject> queue = newQueue();
        queue.replace(List.of(), "10");
        assertTrue(queue.hasSynced());
    }

    // ------------------------------------------------------------------ close

    @Test
    void closedQueueHandsOutWhatItHoldsThenThrows() throws Exception {
        Queue<TestObject> queue = newQueue();
        queue.add(obj("a", 1));
        queue.close();
        queue.close();
        assertTrue(queue.isClosed());
        assertEquals(
                List.of(delta(ADDED, obj("a", 1))),
                queue.pop((deltas, initial) -> {}).asList());
        assertThrows(QueueClosedException.class, () -> queue.pop((deltas, initial) -> {}));
        assertThrows(QueueClosedException.class, () -> queue.popBatch((b, i) -> {}, (d, i) -> {}));
    }

    @Test
    void closeWakesABlockedPop() throws Exception {
        Queue<TestObject> queue = newQueue();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        CountDownLatch popping = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread popper = new Thread(() -> {
            popping.countDown();
            try {
                queue.pop((deltas, initial) -> {});
            } catch (Exception e) {
                outcome.set(e);
            } finally {
                done.countDown();
            }
        });
        popper.setDaemon(true);
        popper.start();
        assertTrue(popping.await(10, TimeUnit.SECONDS));
        queue.close();
        assertTrue(done.await(10, TimeUnit.SECONDS), "pop still blocked after close");
        assertTrue(outcome.get() instanceof QueueClosedException, "got " + outcome.get());
    }

    // ------------------------------------------------------------------ transformer

    @Test
    void transformerRunsOnQueuedObjectsButNotOnTombstonesNorResyncObjects() throws Exception {
        List<Object> transformed = new ArrayList<>();
        UnaryOperator<Object> plusHundred = o -> {
            transformed.add(o);
            TestObject t = (TestObject) o;
            return t.withValue(t.value() + 100);
        };
        Queue<TestObject> queue = queued(
                newQueue(known(obj("k", 1), obj("gone", 2)), plusHundred),
                List.of(added(obj("a", 1)), updated(obj("a", 2)), deleted(obj("a", 3))));
        assertEquals(List.of(added(obj("a", 101)), updated(obj("a", 102)), deleted(obj("a", 103))), drain(queue));

        Queue<TestObject> relisted = newQueue(known(obj("k", 1), obj("gone", 2)), plusHundred);
        relisted.replace(List.of(obj("k", 5)), "10");
        assertEquals(
                sorted(List.of(delta(REPLACED, obj("k", 105)), delta(DELETED, tombstone("gone", obj("gone", 2))))),
                sorted(drain(relisted)));

        Queue<TestObject> resynced = newQueue(known(obj("k", 1)), plusHundred);
        transformed.clear();
        resynced.resync();
        assertEquals(List.of(delta(SYNC, obj("k", 1))), drain(resynced));
        assertEquals(List.of(), transformed);
    }

    @Test
    void aFailingTransformerQueuesNothing() throws Exception {
        Queue<TestObject> queue = newQueue(null, o -> {
            throw new IllegalArgumentException("cannot transform");
        });
        assertThrows(IllegalArgumentException.class, () -> queue.add(obj("a", 1)));
        assertThrows(IllegalArgumentException.class, () -> queue.replace(List.of(obj("a", 1)), "1"));
        assertEquals(List.of(), drain(queue));
    }
}
