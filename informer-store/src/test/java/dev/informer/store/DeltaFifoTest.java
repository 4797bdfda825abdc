package dev.informer.store;

import static dev.informer.store.DeltaType.ADDED;
import static dev.informer.store.DeltaType.DELETED;
import static dev.informer.store.DeltaType.REPLACED;
import static dev.informer.store.DeltaType.SYNC;
import static dev.informer.store.DeltaType.UPDATED;
import static dev.informer.store.QueueConformanceTest.KEY;
import static dev.informer.store.QueueConformanceTest.delta;
import static dev.informer.store.QueueConformanceTest.known;
import static dev.informer.store.QueueConformanceTest.knownObjects;
import static dev.informer.store.QueueConformanceTest.obj;
import static dev.informer.store.QueueConformanceTest.tombstone;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Ports client-go's delta_fifo_test.go (current master) and adds our own contract cases. */
class DeltaFifoTest {

    // ---- helpers -------------------------------------------------------------------------------

    /** The fifo as client-go's tests build it: Replace emits Sync (emitDeltaTypeReplaced=false). */
    private static DeltaFifo<TestObject> syncFifo() {
        return DeltaFifo.builder(KEY).emitDeltaTypeReplaced(false).build();
    }

    private static DeltaFifo<TestObject> syncFifo(KnownObjects<TestObject> known) {
        return DeltaFifo.builder(KEY)
                .emitDeltaTypeReplaced(false)
                .knownObjects(known)
                .build();
    }

    private static List<Delta<TestObject>> pop(DeltaFifo<TestObject> fifo) throws Exception {
        return fifo.pop((deltas, initial) -> {}).asList();
    }

    private static int popValue(DeltaFifo<TestObject> fifo) throws Exception {
        return fifo.pop((deltas, initial) -> {}).newest().unwrap().value();
    }

    // ---- ordering and accumulation -------------------------------------------------------------

    @Test
    void popsEachProducersItemsInTheOrderTheyWereAdded() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        int amount = 500;
        Thread a = new Thread(() -> {
            for (int i = 0; i < amount; i++) {
                fifo.add(obj("a" + i, i + 1));
            }
        });
        Thread b = new Thread(() -> {
            for (int i = 0; i < amount; i++) {
                fifo.add(obj("b" + i, i + 1));
            }
        });
        a.start();
        b.start();
        int lastA = 0;
        int lastB = 0;
        for (int i = 0; i < amount * 2; i++) {
            TestObject popped = fifo.pop((d, initial) -> {}).newest().unwrap();
            if (popped.name().startsWith("a")) {
                assertTrue(popped.value() > lastA, "a out of order: " + popped.value() + " after " + lastA);
                lastA = popped.value();
            } else {
                assertTrue(popped.value() > lastB, "b out of order: " + popped.value() + " after " + lastB);
                lastB = popped.value();
            }
        }
        a.join();
        b.join();
        assertEquals(amount, lastA);
        assertEquals(amount, lastB);
    }

    @Test
    void addUpdateDeleteAccumulateUnderOneKeyAndPopOnce() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 10));
        fifo.update(obj("foo", 12));
        fifo.delete(obj("foo", 15));

        assertEquals(List.of(obj("foo", 15)), fifo.list());
        assertEquals(List.of("foo"), fifo.listKeys());

        assertEquals(
                List.of(delta(ADDED, obj("foo", 10)), delta(UPDATED, obj("foo", 12)), delta(DELETED, obj("foo", 15))),
                pop(fifo));
        assertTrue(fifo.listKeys().isEmpty(), "no second item");
        assertTrue(fifo.get(obj("foo", 0)).isEmpty(), "item removed by pop");
    }

    @Test
    void keysDoNotJumpTheLine() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 10));
        fifo.add(obj("bar", 1));
        fifo.add(obj("foo", 11));
        fifo.add(obj("foo", 13));
        fifo.add(obj("zab", 30));

        assertEquals(13, popValue(fifo));
        fifo.add(obj("foo", 14)); // foo goes to the back, behind bar and zab
        assertEquals(1, popValue(fifo));
        assertEquals(30, popValue(fifo));
        assertEquals(14, popValue(fifo));
    }

    @Test
    void withoutKnownObjectsDeleteOfUnqueuedKeyIsIgnored() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 10));
        fifo.update(obj("bar", 15));
        fifo.add(obj("qux", 17));
        fifo.delete(obj("qux", 18));
        fifo.delete(obj("baz", 20)); // baz was never queued: nothing to report

        for (int expected : new int[] {10, 15, 18}) {
            assertEquals(expected, popValue(fifo));
        }
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void withKnownObjectsDeleteOfKnownKeyIsQueued() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.add(obj("foo", 10));
        fifo.update(obj("bar", 15));
        fifo.delete(obj("baz", 20)); // known: the deletion is news

        for (int expected : new int[] {10, 15, 20}) {
            assertEquals(expected, popValue(fifo));
        }
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void withKnownObjectsDeleteOfUnknownUnqueuedKeyIsIgnored() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.delete(obj("other", 1));
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void deleteOfQueuedKeyAbsentFromKnownObjectsIsQueued() {
        DeltaFifo<TestObject> fifo = syncFifo(known());
        fifo.add(obj("foo", 5));
        fifo.delete(obj("foo", 6));
        List<Delta<TestObject>> deltas = fifo.getByKey("foo").orElseThrow().asList();
        assertEquals(2, deltas.size());
        assertEquals(DELETED, deltas.get(1).type());
    }

    @Test
    void deleteIsQueuedWhenKnownObjectsLookupFails() {
        KnownObjects<TestObject> broken = knownObjects(List.of(), key -> {
            throw new IllegalStateException("lookup failed");
        });
        DeltaFifo<TestObject> fifo = syncFifo(broken);
        fifo.delete(obj("foo", 1));
        assertEquals(List.of("foo"), fifo.listKeys());
    }

    // ---- deletion de-duplication ---------------------------------------------------------------

    @Test
    void secondPlainDeletionIsDroppedKeepingTheFirst() {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 1));
        fifo.delete(obj("foo", 2));
        fifo.delete(obj("foo", 3));
        assertEquals(
                List.of(delta(ADDED, obj("foo", 1)), delta(DELETED, obj("foo", 2))),
                fifo.getByKey("foo").orElseThrow().asList());
    }

    @Test
    void realDeletionReplacesATrailingTombstone() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.replace(List.of(), "1"); // foo vanished: tombstone
        assertEquals(
                List.of(delta(DELETED, tombstone("foo", obj("foo", 5)))),
                fifo.getByKey("foo").orElseThrow().asList());
        fifo.delete(obj("foo", 6));
        assertEquals(
                List.of(delta(DELETED, obj("foo", 6))),
                fifo.getByKey("foo").orElseThrow().asList());
    }

    // ---- replace -------------------------------------------------------------------------------

    @Test
    void replaceAfterDeleteOfSameKeyStillQueuesTheReplacement() throws Exception {
        // kubernetes/kubernetes#83810: dropping the Sync would lose the object's re-creation.
        TestObject oldObj = obj("foo", 1);
        TestObject newObj = obj("foo", 2);
        DeltaFifo<TestObject> fifo = syncFifo(known(oldObj));
        fifo.delete(oldObj);
        fifo.replace(List.of(newObj), "");
        assertEquals(List.of(delta(DELETED, oldObj), delta(SYNC, newObj)), pop(fifo));
    }

    static Stream<Arguments> replaceMakesDeletionsForObjectsOnlyInQueue() {
        TestObject o = obj("foo", 2);
        TestObject v2 = obj("foo", 3);
        return Stream.of(
                Arguments.of(
                        "added object is deleted on replace",
                        false,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.replace(List.of(), "0");
                        },
                        List.of(delta(ADDED, o), delta(DELETED, tombstone("foo", o)))),
                Arguments.of(
                        "replaced object gets a single delete",
                        true,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.replace(List.of(o), "0");
                            f.replace(List.of(), "0");
                        },
                        List.of(delta(ADDED, o), delta(REPLACED, o), delta(DELETED, tombstone("foo", o)))),
                Arguments.of(
                        "deleted object keeps its single delete",
                        false,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.delete(o);
                            f.replace(List.of(), "0");
                        },
                        List.of(delta(ADDED, o), delta(DELETED, o))),
                Arguments.of(
                        "synced object gets a single delete",
                        false,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.replace(List.of(o), "0");
                            f.replace(List.of(o), "0");
                            f.replace(List.of(), "0");
                        },
                        List.of(delta(ADDED, o), delta(SYNC, o), delta(SYNC, o), delta(DELETED, tombstone("foo", o)))),
                Arguments.of(
                        "added object gets a single delete over several replaces",
                        false,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.replace(List.of(), "0");
                            f.replace(List.of(), "1");
                        },
                        List.of(delta(ADDED, o), delta(DELETED, tombstone("foo", o)))),
                Arguments.of(
                        "added, deleted and re-added object is deleted with its newest state",
                        false,
                        (Consumer<DeltaFifo<TestObject>>) f -> {
                            f.add(o);
                            f.delete(o);
                            f.add(v2);
                            f.replace(List.of(), "0");
                        },
                        List.of(
                                delta(ADDED, o),
                                delta(DELETED, o),
                                delta(ADDED, v2),
                                delta(DELETED, tombstone("foo", v2)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void replaceMakesDeletionsForObjectsOnlyInQueue(
            String name,
            boolean emitReplaced,
            Consumer<DeltaFifo<TestObject>> operations,
            List<Delta<TestObject>> expected)
            throws Exception {
        DeltaFifo<TestObject> withKnown = DeltaFifo.builder(KEY)
                .emitDeltaTypeReplaced(emitReplaced)
                .knownObjects(known())
                .build();
        operations.accept(withKnown);
        assertEquals(expected, pop(withKnown));
        assertTrue(withKnown.listKeys().isEmpty(), "no extra deltas");

        DeltaFifo<TestObject> withoutKnown =
                DeltaFifo.builder(KEY).emitDeltaTypeReplaced(emitReplaced).build();
        operations.accept(withoutKnown);
        assertEquals(expected, pop(withoutKnown));
        assertTrue(withoutKnown.listKeys().isEmpty(), "no extra deltas");
    }

    @Test
    void replaceOfQueuedDeletionKeepsItAndTombstonesVanishedKnownKeys() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.delete(obj("baz", 10));
        fifo.replace(List.of(obj("foo", 5)), "0");

        assertEquals(List.of(delta(DELETED, obj("baz", 10))), pop(fifo));
        assertEquals(List.of(delta(SYNC, obj("foo", 5))), pop(fifo));
        // bar had no delete event and is not listed: a tombstone with the known object.
        assertEquals(List.of(delta(DELETED, tombstone("bar", obj("bar", 6)))), pop(fifo));
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void replaceTombstonesAQueuedAddWithTheQueuedObject() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.add(obj("baz", 10));
        fifo.replace(List.of(obj("foo", 5)), "0");

        assertEquals(
                List.of(delta(ADDED, obj("baz", 10)), delta(DELETED, tombstone("baz", obj("baz", 10)))), pop(fifo));
        assertEquals(List.of(delta(SYNC, obj("foo", 5))), pop(fifo));
        assertEquals(List.of(delta(DELETED, tombstone("bar", obj("bar", 6)))), pop(fifo));
    }

    @Test
    void replaceTombstonesARecreatedObjectWithItsNewestQueuedState() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.delete(obj("bar", 6));
        fifo.add(obj("bar", 100));
        fifo.replace(List.of(obj("foo", 5)), "0");

        assertEquals(
                List.of(
                        delta(DELETED, obj("bar", 6)),
                        delta(ADDED, obj("bar", 100)),
                        delta(DELETED, tombstone("bar", obj("bar", 100)))),
                pop(fifo));
        assertEquals(List.of(delta(SYNC, obj("foo", 5))), pop(fifo));
        assertEquals(List.of(delta(DELETED, tombstone("baz", obj("baz", 7)))), pop(fifo));
    }

    @Test
    void secondReplaceTombstonesWithTheLatestListedVersion() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.replace(List.of(obj("bar", 100), obj("foo", 5)), "0");
        fifo.replace(List.of(obj("foo", 5)), "0");

        assertEquals(
                List.of(delta(SYNC, obj("bar", 100)), delta(DELETED, tombstone("bar", obj("bar", 100)))), pop(fifo));
        assertEquals(List.of(delta(SYNC, obj("foo", 5)), delta(SYNC, obj("foo", 5))), pop(fifo));
        assertEquals(List.of(delta(DELETED, tombstone("baz", obj("baz", 7)))), pop(fifo));
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void replaceWithoutKnownObjectsTombstonesOnlyQueuedKeys() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("baz", 10));
        fifo.replace(List.of(obj("foo", 5)), "0");

        assertEquals(
                List.of(delta(ADDED, obj("baz", 10)), delta(DELETED, tombstone("baz", obj("baz", 10)))), pop(fifo));
        assertEquals(List.of(delta(SYNC, obj("foo", 5))), pop(fifo));
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void replaceEmitsReplacedWhenConfigured() throws Exception {
        DeltaFifo<TestObject> fifo = DeltaFifo.builder(KEY)
                .emitDeltaTypeReplaced(true)
                .knownObjects(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)))
                .build();
        fifo.delete(obj("baz", 10));
        fifo.replace(List.of(obj("foo", 6)), "0");

        assertEquals(List.of(delta(DELETED, obj("baz", 10))), pop(fifo));
        assertEquals(List.of(delta(REPLACED, obj("foo", 6))), pop(fifo));
        assertEquals(List.of(delta(DELETED, tombstone("bar", obj("bar", 6)))), pop(fifo));
    }

    @Test
    void replaceEmitsReplacedByDefault() throws Exception {
        DeltaFifo<TestObject> fifo =
                DeltaFifo.builder(KEY).knownObjects(known(obj("foo", 5))).build();
        fifo.replace(List.of(obj("foo", 5)), "0");
        assertEquals(List.of(delta(REPLACED, obj("foo", 5))), pop(fifo));
    }

    @Test
    void replaceTombstoneForKnownKeyThatVanishesDuringLookupHasNoObject() throws Exception {
        KnownObjects<TestObject> racing = knownObjects(List.of("ghost"), key -> Optional.empty());
        DeltaFifo<TestObject> fifo = syncFifo(racing);
        fifo.replace(List.of(), "0");
        assertEquals(List.of(delta(DELETED, tombstone("ghost", null))), pop(fifo));
    }

    @Test
    void replaceWithAKeylessObjectLeavesTheQueueUnchanged() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("old", 1)));
        fifo.add(obj("a", 1));
        KeyException e = assertThrows(
                KeyException.class, () -> fifo.replace(List.of(obj("b", 2), TestObject.of("ns", null, 3)), "1"));
        assertTrue(e.getMessage().contains(TestObject.class.getName()), e.getMessage());
        assertEquals(List.of("a"), fifo.listKeys());
        assertEquals(1, fifo.getByKey("a").orElseThrow().size());
    }

    // ---- resync --------------------------------------------------------------------------------

    @Test
    void resyncQueuesSyncForKnownObjects() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.resync();
        assertEquals(
                List.of(delta(SYNC, obj("foo", 5))),
                fifo.getByKey("foo").orElseThrow().asList());
    }

    @Test
    void resyncSkipsKeysWithAQueuedDeletion() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.delete(obj("foo", 10));
        fifo.resync();
        List<Delta<TestObject>> deltas = fifo.getByKey("foo").orElseThrow().asList();
        assertEquals(1, deltas.size());
        assertEquals(DELETED, deltas.get(0).type());
    }

    @Test
    void resyncDoesNotRaceAQueuedUpdateWithTheOlderKnownState() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.update(obj("foo", 6));
        fifo.resync();
        assertEquals(List.of(delta(UPDATED, obj("foo", 6))), pop(fifo));
    }

    @Test
    void resyncWithoutKnownObjectsDoesNothing() {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.resync();
        assertTrue(fifo.listKeys().isEmpty());
        assertFalse(fifo.hasSynced(), "resync does not populate");
    }

    // ---- hasSynced and isInInitialList ----------------------------------------------------------

    @Test
    void hasSyncedOnlyAfterInitialItemsIncludingDeletionsArePopped() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5), obj("bar", 6), obj("baz", 7)));
        fifo.replace(List.of(obj("foo", 5)), "0");

        List<List<Delta<TestObject>>> expected = List.of(
                List.of(delta(SYNC, obj("foo", 5))),
                List.of(delta(DELETED, tombstone("bar", obj("bar", 6)))),
                List.of(delta(DELETED, tombstone("baz", obj("baz", 7)))));
        for (List<Delta<TestObject>> item : expected) {
            assertFalse(fifo.hasSynced(), "not synced before " + item);
            AtomicBoolean initial = new AtomicBoolean();
            Deltas<TestObject> popped = fifo.pop((deltas, isInInitialList) -> initial.set(isInInitialList));
            assertEquals(item, popped.asList());
            assertTrue(initial.get(), "item of the initial list");
        }
        assertTrue(fifo.hasSynced());

        fifo.add(obj("later", 1));
        AtomicBoolean initial = new AtomicBoolean(true);
        fifo.pop((deltas, isInInitialList) -> initial.set(isInInitialList));
        assertFalse(initial.get(), "items after the initial list are not flagged");
    }

    static Stream<Arguments> hasSyncedCases() {
        return Stream.of(
                Arguments.of("nothing happened", List.<String>of(), false),
                Arguments.of("add came first", List.of("add a"), true),
                Arguments.of("empty replace", List.of("replace"), true),
                Arguments.of("replace of two, nothing popped", List.of("replace a b"), false),
                Arguments.of("replace of two, one popped", List.of("replace a b", "pop"), false),
                Arguments.of("replace of two, both popped", List.of("replace a b", "pop", "pop"), true),
                Arguments.of("replace with a duplicate key counts it once", List.of("replace a a", "pop"), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hasSyncedCases")
    void hasSyncedFollowsTheFirstPopulation(String name, List<String> actions, boolean expected) throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        for (String action : actions) {
            String[] words = action.split(" ");
            switch (words[0]) {
                case "add" -> fifo.add(obj(words[1], 1));
                case "replace" -> {
                    List<TestObject> list = new ArrayList<>();
                    for (int i = 1; i < words.length; i++) {
                        list.add(obj(words[i], i));
                    }
                    fifo.replace(list, "0");
                }
                case "pop" -> pop(fifo);
                default -> throw new IllegalArgumentException(action);
            }
        }
        assertEquals(expected, fifo.hasSynced());
    }

    @Test
    void keyFailureDoesNotMarkTheQueuePopulated() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        DeltaFifo<Object> fifo = (DeltaFifo) syncFifo();
        KeyException e = assertThrows(KeyException.class, () -> fifo.add("no metadata"));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
        assertThrows(KeyException.class, () -> fifo.update(Map.of()));
        assertThrows(KeyException.class, () -> fifo.delete(TestObject.of("ns", "", 1)));
        assertTrue(fifo.listKeys().isEmpty());
        assertFalse(fifo.hasSynced());
    }

    // ---- addIfNotPresent ------------------------------------------------------------------------

    @Test
    void addIfNotPresentRequeuesOnlyKeysWithNothingQueued() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("b", 3));
        Deltas<TestObject> b3 = fifo.pop((d, i) -> {});
        fifo.add(obj("c", 4));
        Deltas<TestObject> c4 = fifo.pop((d, i) -> {});
        assertTrue(fifo.listKeys().isEmpty());

        fifo.add(obj("a", 1));
        fifo.add(obj("b", 2));
        fifo.addIfNotPresent(b3); // b is queued with fresher state: ignored
        fifo.addIfNotPresent(c4);
        assertEquals(3, fifo.listKeys().size());

        for (int expected : new int[] {1, 2, 4}) {
            assertEquals(expected, popValue(fifo));
        }
    }

    @Test
    void addIfNotPresentRejectsEmptyDeltas() {
        DeltaFifo<TestObject> fifo = syncFifo();
        assertThrows(IllegalArgumentException.class, () -> fifo.addIfNotPresent(Deltas.of(List.of())));
    }

    @Test
    void addIfNotPresentKeysATombstoneByItsKey() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.addIfNotPresent(Deltas.of(List.of(delta(DELETED, tombstone("gone", null)))));
        assertEquals(List.of("gone"), fifo.listKeys());
        assertTrue(fifo.hasSynced(), "addIfNotPresent populates");
    }

    // ---- pop -----------------------------------------------------------------------------------

    @Test
    void processorExceptionPropagatesAndTheItemIsNotRequeued() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 10));
        IOException e = assertThrows(
                IOException.class,
                () -> fifo.pop((d, i) -> {
                    throw new IOException("handler failed");
                }));
        assertEquals("handler failed", e.getMessage());
        assertTrue(fifo.listKeys().isEmpty());
    }

    @Test
    void processorCanRequeueItsItemUnderTheLock() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 10));
        assertThrows(
                IllegalStateException.class,
                () -> fifo.pop((deltas, i) -> {
                    fifo.addIfNotPresent(deltas);
                    throw new IllegalStateException("retry later");
                }));
        assertEquals(
                List.of(delta(ADDED, obj("foo", 10))),
                fifo.getByKey("foo").orElseThrow().asList());
        assertEquals(10, popValue(fifo));
        assertTrue(fifo.getByKey("foo").isEmpty());
    }

    @Test
    void poppedDeltasAreNotChangedByLaterQueueing() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 1));
        Deltas<TestObject> popped = fifo.pop((d, i) -> {});
        fifo.update(obj("foo", 2));
        fifo.delete(obj("foo", 3));
        assertEquals(List.of(delta(ADDED, obj("foo", 1))), popped.asList());
    }

    @Test
    void getReturnsACopyThatLaterQueueingDoesNotChange() {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("foo", 1));
        Deltas<TestObject> copy = fifo.get(obj("foo", 0)).orElseThrow();
        fifo.update(obj("foo", 2));
        assertEquals(1, copy.size());
        assertEquals(2, fifo.getByKey("foo").orElseThrow().size());
    }

    @Test
    void listShowsATombstoneWhenTheNewestDeltaIsOne() {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        fifo.replace(List.of(), "0");
        assertEquals(List.of(tombstone("foo", obj("foo", 5))), fifo.list());
    }

    @Test
    void blockedPopsReturnWithQueueClosedWhenClosed() throws InterruptedException {
        DeltaFifo<TestObject> fifo = syncFifo(known(obj("foo", 5)));
        int jobs = 10;
        CountDownLatch closedSeen = new CountDownLatch(jobs);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            Thread t = new Thread(() -> {
                try {
                    fifo.pop((d, initial) -> {});
                } catch (QueueClosedException e) {
                    closedSeen.countDown();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            threads.add(t);
            t.start();
        }
        fifo.close();
        assertTrue(closedSeen.await(10, TimeUnit.SECONDS), "every pop must return after close");
        for (Thread t : threads) {
            t.join();
        }
        assertTrue(fifo.isClosed());
    }

    @Test
    void closedQueueStillHandsOutRemainingItemsBeforeReportingClosed() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("a", 1));
        fifo.add(obj("b", 2));
        fifo.close();
        assertEquals(1, popValue(fifo));
        assertEquals(2, popValue(fifo));
        assertThrows(QueueClosedException.class, () -> pop(fifo));
    }

    @Test
    void interruptedPopThrowsAndPopsNothing() {
        DeltaFifo<TestObject> fifo = syncFifo();
        fifo.add(obj("a", 1));
        Thread.currentThread().interrupt();
        try {
            assertThrows(InterruptedException.class, () -> pop(fifo));
        } finally {
            Thread.interrupted();
        }
        assertEquals(List.of("a"), fifo.listKeys());
    }

    @Test
    void popBlocksUntilAnItemArrives() throws Exception {
        DeltaFifo<TestObject> fifo = syncFifo();
        AtomicReference<TestObject> got = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread consumer = new Thread(() -> {
            try {
                got.set(fifo.pop((d, i) -> {}).newest().unwrap());
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            done.countDown();
        });
        consumer.start();
        assertNull(got.get());
        fifo.add(obj("late", 7));
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(obj("late", 7), got.get());
        consumer.join();
    }

    // ---- transformer ---------------------------------------------------------------------------

    @Test
    void transformerRunsOncePerObjectAndNeverOnTombstones() throws Exception {
        Map<String, Integer> calls = new ConcurrentHashMap<>();
        AtomicBoolean sawTombstone = new AtomicBoolean();
        DeltaFifo<TestObject> fifo = DeltaFifo.builder(KEY)
                .transformer(o -> {
                    if (o instanceof DeletedFinalStateUnknown<?>) {
                        sawTombstone.set(true);
                        return o;
                    }
                    TestObject t = (TestObject) o;
                    calls.merge(t.name() + "@" + t.value(), 1, Integer::sum);
                    return t.withUid("transformed");
                })
                .build();

        fifo.add(obj("foo", 10));
        fifo.add(obj("bar", 11));
        fifo.update(obj("foo", 12));
        fifo.delete(obj("foo", 15));
        fifo.replace(List.of(), "");
        fifo.add(obj("bar", 16));
        fifo.replace(List.of(), "");

        assertEquals(List.of("foo", "bar"), fifo.listKeys());
        Delta<TestObject> fooNewest = fifo.pop((d, i) -> {}).newest();
        assertEquals(delta(DELETED, obj("foo", 15).withUid("transformed")), fooNewest, "regular deletion of foo");
        Delta<TestObject> barNewest = fifo.pop((d, i) -> {}).newest();
        assertEquals(
                delta(DELETED, tombstone("bar", obj("bar", 16).withUid("transformed"))),
                barNewest,
                "tombstone holds the transformed object");
        assertEquals(Map.of("foo@10", 1, "bar@11", 1, "foo@12", 1, "foo@15", 1, "bar@16", 1), calls);
        assertFalse(sawTombstone.get(), "tombstones are never transformed");
    }

    @Test
    void transformerAppliesToReplacedObjectsEvenWhenEmittingSync() throws Exception {
        DeltaFifo<TestObject> fifo = DeltaFifo.builder(KEY)
                .emitDeltaTypeReplaced(false)
                .transformer(o -> ((TestObject) o).withUid("transformed"))
                .build();
        fifo.replace(List.of(obj("foo", 1)), "0");
        assertEquals(List.of(delta(SYNC, obj("foo", 1).withUid("transformed"))), pop(fifo));
    }

    @Test
    void transformerIsNotAppliedToResyncObjects() throws Exception {
        TestObject stored = obj("foo", 1).withUid("already-transformed");
        AtomicBoolean called = new AtomicBoolean();
        DeltaFifo<TestObject> fifo = DeltaFifo.builder(KEY)
                .knownObjects(known(stored))
                .transformer(o -> {
                    called.set(true);
                    return o;
                })
                .build();
        fifo.resync();
        Delta<TestObject> sync = fifo.pop((d, i) -> {}).newest();
        assertEquals(SYNC, sync.type());
        assertSame(stored, sync.object());
        assertFalse(called.get());
    }

    @Test
    void failingTransformerLeavesTheQueueUnchanged() {
        DeltaFifo<TestObject> fifo = DeltaFifo.builder(KEY)
                .transformer(o -> {
                    if (((TestObject) o).value() < 0) {
                        throw new IllegalArgumentException("cannot transform");
                    }
                    return o;
                })
                .build();
        fifo.add(obj("a", 1));
        assertThrows(IllegalArgumentException.class, () -> fifo.add(obj("b", -1)));
        assertThrows(IllegalArgumentException.class, () -> fifo.replace(List.of(obj("c", 1), obj("d", -1)), "1"));
        assertEquals(List.of("a"), fifo.listKeys());
        assertEquals(1, fifo.getByKey("a").orElseThrow().size());
    }

    @Test
    void transformerReturningNullIsRejected() {
        DeltaFifo<TestObject> fifo =
                DeltaFifo.builder(KEY).transformer(o -> null).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fifo.add(obj("a", 1)));
        assertTrue(e.getMessage().contains("\"a\""), e.getMessage());
        assertTrue(fifo.listKeys().isEmpty());
    }

    // ---- Deltas value --------------------------------------------------------------------------

    @Test
    void deltasExposeOldestNewestAndIterationInOrder() {
        Deltas<TestObject> deltas = Deltas.of(List.of(
                delta(ADDED, obj("a", 1)), delta(UPDATED, obj("a", 2)), delta(DELETED, tombstone("a", obj("a", 2)))));
        assertEquals(3, deltas.size());
        assertEquals(ADDED, deltas.oldest().type());
        assertTrue(deltas.newest().isTombstone());
        assertEquals(obj("a", 2), deltas.newest().unwrap());
        List<DeltaType> types = new ArrayList<>();
        deltas.forEach(d -> types.add(d.type()));
        assertEquals(List.of(ADDED, UPDATED, DELETED), types);
        assertEquals(UPDATED, deltas.get(1).type());
        assertThrows(IndexOutOfBoundsException.class, () -> deltas.get(3));
        assertThrows(UnsupportedOperationException.class, () -> deltas.asList().add(delta(SYNC, obj("a", 3))));
        assertThrows(java.util.NoSuchElementException.class, () -> Deltas.<TestObject>of(List.of())
                .newest());
    }

    @Test
    void nullArgumentsAreRejected() {
        DeltaFifo<TestObject> fifo = syncFifo();
        assertThrows(NullPointerException.class, () -> fifo.add(null));
        assertThrows(NullPointerException.class, () -> fifo.replace(Arrays.asList(obj("a", 1), null), "1"));
        assertThrows(NullPointerException.class, () -> fifo.pop(null));
        assertThrows(NullPointerException.class, () -> DeltaFifo.builder(null));
        assertTrue(fifo.listKeys().isEmpty());
    }
}
