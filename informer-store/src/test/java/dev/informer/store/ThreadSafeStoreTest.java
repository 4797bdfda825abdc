package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Ports client-go's store_test.go and thread_safe_store_test.go, plus bad input and concurrency. */
class ThreadSafeStoreTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    /** A plain-string store: key and value are the same string, as in client-go's tests. */
    private static final KeyFunction<String> STRING_KEY = obj -> {
        if (obj instanceof String s) {
            return s.contains("=") ? s.substring(0, s.indexOf('=')) : s;
        }
        throw KeyException.forObject(obj, "not a string");
    };

    private static String valueOf(String entry) {
        return entry.substring(entry.indexOf('=') + 1);
    }

    @Test
    void addGetUpdateDeleteAndListFollowTheKeys() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("foo", 1));
        assertEquals(1, store.get(TestObject.of("foo", 0)).orElseThrow().value());

        store.update(TestObject.of("foo", 2));
        assertEquals(2, store.getByKey("foo").orElseThrow().value());

        store.delete(TestObject.of("foo", 0));
        assertTrue(store.get(TestObject.of("foo", 0)).isEmpty(), "deleted item must be gone");

        store.add(TestObject.of("a", 10));
        store.add(TestObject.of("c", 20));
        store.add(TestObject.of("e", 30));
        assertEquals(
                Set.of(10, 20, 30), store.list().stream().map(TestObject::value).collect(Collectors.toSet()));
        assertEquals(3, store.list().size());
        assertEquals(Set.of("a", "c", "e"), new HashSet<>(store.listKeys()));
    }

    @Test
    void replaceSwapsTheWholeContent() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("a", 1));
        store.add(TestObject.of("b", 2));
        store.replace(List.of(TestObject.of("foo", 3), TestObject.of("bar", 4)), "0");
        assertEquals(Set.of("foo", "bar"), new HashSet<>(store.listKeys()));
        assertTrue(store.getByKey("a").isEmpty());
    }

    @Test
    void replaceKeepsTheLastOfDuplicateKeys() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.replace(List.of(TestObject.of("a", 1), TestObject.of("a", 2)), "7");
        assertEquals(List.of(TestObject.of("a", 2)), store.list());
    }

    @Test
    void deleteOfMissingKeyIsANoOp() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("a", 1));
        store.delete(TestObject.of("missing", 1));
        store.deleteByKey("also-missing");
        assertEquals(List.of("a"), store.listKeys());
    }

    @Test
    void deleteByKeyRemovesTombstonedObjects() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("ns", "a", 1));
        store.deleteByKey(KEY.key(new DeletedFinalStateUnknown<>("ns/a", null)));
        assertTrue(store.list().isEmpty());
    }

    @Test
    void listsAreSnapshotsUnaffectedByLaterWrites() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("a", 1));
        List<TestObject> before = store.list();
        List<String> keysBefore = store.listKeys();
        store.add(TestObject.of("b", 2));
        assertEquals(1, before.size());
        assertEquals(1, keysBefore.size());
        assertThrows(UnsupportedOperationException.class, () -> before.add(TestObject.of("c", 3)));
    }

    @Test
    void resyncIsANoOp() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("a", 1));
        store.resync();
        assertEquals(List.of(TestObject.of("a", 1)), store.list());
    }

    @Test
    void objectWithoutMetadataIsRejectedNamingItsClassAndStoreIsUnchanged() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        Store<Object> store = (Store) Stores.newStore(KeyFunctions.metaNamespaceKey());
        store.add(TestObject.of("a", 1));
        KeyException e = assertThrows(KeyException.class, () -> store.add(new StringBuilder("no metadata")));
        assertTrue(e.getMessage().contains("java.lang.StringBuilder"), e.getMessage());
        assertThrows(KeyException.class, () -> store.update(TestObject.of("ns", null, 1)));
        assertThrows(KeyException.class, () -> store.delete(42));
        assertEquals(List.of(TestObject.of("a", 1)), store.list());
    }

    @Test
    void replaceWithOneKeylessObjectLeavesStoreUnchanged() {
        Store<TestObject> store = Stores.newStore(KEY);
        store.add(TestObject.of("a", 1));
        KeyException e = assertThrows(
                KeyException.class,
                () -> store.replace(List.of(TestObject.of("b", 2), TestObject.of("ns", "", 3)), "1"));
        assertTrue(e.getMessage().contains(TestObject.class.getName()), e.getMessage());
        assertEquals(List.of(TestObject.of("a", 1)), store.list());
    }

    @Test
    void nullObjectIsRejected() {
        Store<TestObject> store = Stores.newStore(KEY);
        assertThrows(NullPointerException.class, () -> store.add(null));
        assertThrows(NullPointerException.class, () -> store.replace(Arrays.asList(TestObject.of("a", 1), null), "1"));
        assertTrue(store.list().isEmpty());
    }

    @Test
    void deleteRemovesEmptySetsFromIndex() {
        Indexer<String> indexer = Stores.newIndexer(STRING_KEY, Map.of("byValue", s -> List.of(s)));
        indexer.add("testKey");
        assertEquals(List.of("testKey"), indexer.indexKeys("byValue", "testKey"));
        indexer.delete("testKey");
        assertEquals(List.of(), indexer.listIndexFuncValues("byValue"), "empty bucket must be dropped");
    }

    @Test
    void deleteKeepsNonEmptySetInIndex() {
        Indexer<String> indexer = Stores.newIndexer(STRING_KEY, Map.of("constant", s -> List.of("testIndex")));
        indexer.add("retain");
        indexer.add("delete");
        assertEquals(Set.of("retain", "delete"), new HashSet<>(indexer.indexKeys("constant", "testIndex")));
        indexer.delete("delete");
        assertEquals(List.of("testIndex"), indexer.listIndexFuncValues("constant"));
        assertEquals(List.of("retain"), indexer.indexKeys("constant", "testIndex"));
    }

    @Test
    void indexFunctionsWithMultipleValuesMoveOnlyChangedValues() {
        Indexer<String> store = Stores.newIndexer(
                STRING_KEY, Map.of("csv", s -> Arrays.asList(valueOf(s).split(","))));
        store.add("key1=foo");
        store.add("key2=bar");
        assertBuckets(store, Map.of("foo", Set.of("key1"), "bar", Set.of("key2")));

        store.update("key2=foo,bar");
        assertBuckets(store, Map.of("foo", Set.of("key1", "key2"), "bar", Set.of("key2")));

        store.update("key1=foo,bar");
        assertBuckets(store, Map.of("foo", Set.of("key1", "key2"), "bar", Set.of("key1", "key2")));

        store.add("key3=foo,bar,baz");
        assertBuckets(
                store,
                Map.of(
                        "foo",
                        Set.of("key1", "key2", "key3"),
                        "bar",
                        Set.of("key1", "key2", "key3"),
                        "baz",
                        Set.of("key3")));

        store.update("key1=foo");
        assertBuckets(
                store,
                Map.of("foo", Set.of("key1", "key2", "key3"), "bar", Set.of("key2", "key3"), "baz", Set.of("key3")));

        store.update("key2=bar");
        assertBuckets(
                store, Map.of("foo", Set.of("key1", "key3"), "bar", Set.of("key2", "key3"), "baz", Set.of("key3")));

        store.delete("key1");
        assertBuckets(store, Map.of("foo", Set.of("key3"), "bar", Set.of("key2", "key3"), "baz", Set.of("key3")));

        store.delete("key3");
        assertBuckets(store, Map.of("bar", Set.of("key2")));
    }

    private static void assertBuckets(Indexer<String> store, Map<String, Set<String>> expected) {
        assertEquals(expected.keySet(), new HashSet<>(store.listIndexFuncValues("csv")));
        expected.forEach((value, keys) -> assertEquals(keys, new HashSet<>(store.indexKeys("csv", value)), value));
    }

    @Test
    void failingIndexFunctionLeavesStoreAndIndicesUnchanged() {
        Indexer<TestObject> indexer = Stores.newIndexer(
                KEY,
                Map.of(
                        "byValue", o -> List.of(String.valueOf(o.value())),
                        "picky",
                                o -> {
                                    if (o.value() < 0) {
                                        throw new IllegalStateException("negative");
                                    }
                                    return List.of("ok");
                                }));
        indexer.add(TestObject.of("a", 1));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> indexer.update(TestObject.of("a", -1)));
        assertTrue(e.getMessage().contains("picky") && e.getMessage().contains("\"a\""), e.getMessage());
        assertEquals(1, indexer.getByKey("a").orElseThrow().value());
        assertEquals(List.of("1"), indexer.listIndexFuncValues("byValue"));
        assertEquals(List.of("a"), indexer.indexKeys("byValue", "1"));

        assertThrows(IllegalArgumentException.class, () -> indexer.replace(List.of(TestObject.of("b", -5)), "2"));
        assertEquals(List.of("a"), indexer.listKeys());
    }

    @Test
    void indexFunctionReturningNullValueIsRejected() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("nully", o -> Arrays.asList("x", null)));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> indexer.add(TestObject.of("a", 1)));
        assertTrue(e.getMessage().contains("nully"), e.getMessage());
        assertTrue(indexer.list().isEmpty());
    }

    @Test
    void readersSeeEachWriteWhollyWhileWritersRun() throws InterruptedException {
        // Every write moves one object between two label values; a reader must always find it in
        // exactly one bucket, and the object it finds there must carry that label.
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("color", IndexFunctions.byLabel("color")));
        int objects = 20;
        for (int i = 0; i < objects; i++) {
            indexer.add(TestObject.of("o" + i, 0).withLabels(Map.of("color", "red")));
        }
        CountDownLatch start = new CountDownLatch(1);
        AtomicReference<String> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            await(start);
            for (int round = 1; round <= 2_000; round++) {
                String color = round % 2 == 0 ? "red" : "blue";
                for (int i = 0; i < objects; i++) {
                    indexer.update(TestObject.of("o" + i, round).withLabels(Map.of("color", color)));
                }
                if (round % 500 == 0) {
                    List<TestObject> all = new ArrayList<>();
                    for (int i = 0; i < objects; i++) {
                        all.add(TestObject.of("o" + i, round).withLabels(Map.of("color", color)));
                    }
                    indexer.replace(all, String.valueOf(round));
                }
            }
        });
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            Thread reader = new Thread(() -> {
                await(start);
                while (writer.isAlive() && failure.get() == null) {
                    List<TestObject> red = indexer.byIndex("color", "red");
                    List<TestObject> blue = indexer.byIndex("color", "blue");
                    for (TestObject o : red) {
                        check(failure, "red".equals(o.labels().get("color")), "red bucket holds " + o);
                    }
                    for (TestObject o : blue) {
                        check(failure, "blue".equals(o.labels().get("color")), "blue bucket holds " + o);
                    }
                    List<TestObject> all = indexer.list();
                    check(failure, all.size() == objects, "list size " + all.size());
                    check(failure, indexer.getByKey("o0").isPresent(), "o0 missing");
                }
            });
            readers.add(reader);
        }
        writer.start();
        readers.forEach(Thread::start);
        start.countDown();
        writer.join();
        for (Thread reader : readers) {
            reader.join();
        }
        assertEquals(null, failure.get());
        assertEquals(objects, indexer.byIndex("color", "red").size());
        assertFalse(indexer.listIndexFuncValues("color").contains("blue"));
    }

    private static void check(AtomicReference<String> failure, boolean ok, String message) {
        if (!ok) {
            failure.compareAndSet(null, message);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
