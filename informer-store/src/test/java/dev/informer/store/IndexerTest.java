package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Ports client-go's index_test.go and the indexer half of store_test.go, plus incrementality. */
class IndexerTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    private static TestObject pod(String name, String labelKey, String labelValue) {
        return TestObject.of(name, 0).withLabels(Map.of(labelKey, labelValue));
    }

    private static Set<String> names(List<TestObject> objects) {
        return objects.stream().map(TestObject::name).collect(Collectors.toSet());
    }

    /** Splits the "users" label on commas, like client-go's testUsersIndexFunc on an annotation. */
    private static final IndexFunction<TestObject> BY_USER =
            o -> Arrays.asList(o.labels().getOrDefault("users", "").split(","));

    @Test
    void listIndexFuncValuesReturnsEachDistinctValue() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("testmodes", IndexFunctions.byLabel("foo")));
        indexer.add(pod("one", "foo", "bar"));
        indexer.add(pod("two", "foo", "bar"));
        indexer.add(pod("tre", "foo", "biz"));
        List<String> values = indexer.listIndexFuncValues("testmodes");
        assertEquals(2, values.size());
        assertEquals(Set.of("bar", "biz"), new HashSet<>(values));
    }

    @Test
    void multiValueIndexFindsObjectsByEachValueAndFollowsUpdatesAndDeletes() {
        Indexer<TestObject> index = Stores.newIndexer(KEY, Map.of("byUser", BY_USER));
        TestObject one = pod("one", "users", "ernie,bert");
        TestObject two = pod("two", "users", "bert,oscar");
        TestObject tre = pod("tre", "users", "ernie,elmo");
        index.add(one);
        index.add(two);
        index.add(tre);

        Map<String, Set<String>> expected = Map.of(
                "ernie", Set.of("one", "tre"),
                "bert", Set.of("one", "two"),
                "elmo", Set.of("tre"),
                "oscar", Set.of("two"),
                "elmo1", Set.of());
        expected.forEach((user, pods) -> assertEquals(pods, names(index.byIndex("byUser", user)), user));

        index.delete(tre);
        assertEquals(Set.of("one"), names(index.byIndex("byUser", "ernie")));
        assertEquals(Set.of(), names(index.byIndex("byUser", "elmo")));

        index.update(pod("two", "users", "oscar"));
        assertEquals(Set.of("one"), names(index.byIndex("byUser", "bert")));
    }

    @Test
    void indexReturnsObjectsSharingAnyValueOfTheGivenObject() {
        Indexer<TestObject> index = Stores.newIndexer(KEY, Map.of("byUser", BY_USER));
        index.add(pod("one", "users", "ernie,bert"));
        index.add(pod("two", "users", "bert,oscar"));
        index.add(pod("tre", "users", "ernie,elmo"));
        List<TestObject> shared = index.index("byUser", pod("probe", "users", "ernie,bert"));
        assertEquals(3, shared.size(), "each object once");
        assertEquals(Set.of("one", "two", "tre"), names(shared));
        assertEquals(Set.of("two"), names(index.index("byUser", pod("probe", "users", "oscar"))));
        assertEquals(Set.of(), names(index.index("byUser", pod("probe", "users", "nobody"))));
    }

    @Test
    void indexByValueFindsAllMatchingObjects() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("by_val", o -> List.of(String.valueOf(o.value()))));
        indexer.add(TestObject.of("a", 1));
        indexer.add(TestObject.of("c", 1));
        indexer.add(TestObject.of("e", 2));
        indexer.add(TestObject.of("g", 3));
        assertEquals(Set.of("a", "c"), names(indexer.index("by_val", TestObject.of("", 1))));
        assertEquals(Set.of("e"), names(indexer.index("by_val", TestObject.of("", 2))));
        assertEquals(Set.of("g"), names(indexer.index("by_val", TestObject.of("", 3))));
    }

    @Test
    void namespaceIndexGroupsByNamespaceWithClusterScopedUnderEmpty() {
        Indexer<TestObject> indexer =
                Stores.newIndexer(KEY, Map.of(IndexFunctions.NAMESPACE_INDEX, IndexFunctions.byNamespace()));
        indexer.add(TestObject.of("a", "p1", 1));
        indexer.add(TestObject.of("a", "p2", 1));
        indexer.add(TestObject.of("b", "p1", 1));
        indexer.add(TestObject.of("node", 1));
        assertEquals(Set.of("a/p1", "a/p2"), new HashSet<>(indexer.indexKeys("namespace", "a")));
        assertEquals(List.of("b/p1"), indexer.indexKeys("namespace", "b"));
        assertEquals(List.of("node"), indexer.indexKeys("namespace", ""));
    }

    @Test
    void labelIndexSkipsObjectsWithoutTheLabel() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        indexer.add(pod("web", "app", "nginx"));
        indexer.add(TestObject.of("bare", 1));
        assertEquals(List.of("nginx"), indexer.listIndexFuncValues("app"));
    }

    @Test
    void unknownIndexNameFailsNamingTheIndex() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        indexer.add(pod("web", "app", "nginx"));
        for (Runnable call : List.<Runnable>of(
                () -> indexer.byIndex("nope", "x"),
                () -> indexer.indexKeys("nope", "x"),
                () -> indexer.listIndexFuncValues("nope"),
                () -> indexer.index("nope", TestObject.of("x", 1)))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
            assertTrue(e.getMessage().contains("\"nope\""), e.getMessage());
        }
    }

    @Test
    void addIndexersIndexesObjectsAlreadyStored() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of());
        indexer.add(pod("web", "app", "nginx"));
        indexer.add(pod("db", "app", "pg"));
        indexer.addIndexers(Map.of("app", IndexFunctions.byLabel("app")));
        assertEquals(Set.of("web"), names(indexer.byIndex("app", "nginx")));
        assertEquals(Set.of("nginx", "pg"), new HashSet<>(indexer.listIndexFuncValues("app")));
        assertEquals(Set.of("app"), indexer.getIndexers().keySet());

        indexer.add(pod("cache", "app", "nginx"));
        assertEquals(Set.of("web", "cache"), names(indexer.byIndex("app", "nginx")));
    }

    @Test
    void addIndexersRejectsAnExistingNameAndRegistersNothing() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        Map<String, IndexFunction<TestObject>> more = new HashMap<>();
        more.put("app", IndexFunctions.byLabel("other"));
        more.put("tier", IndexFunctions.byLabel("tier"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> indexer.addIndexers(more));
        assertEquals("indexer conflict: app", e.getMessage());
        assertEquals(Set.of("app"), indexer.getIndexers().keySet());
    }

    @Test
    void addIndexersWhoseFunctionFailsOnStoredDataRegistersNothing() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of());
        indexer.add(TestObject.of("a", 1));
        assertThrows(
                IllegalArgumentException.class,
                () -> indexer.addIndexers(Map.of("bad", o -> {
                    throw new IllegalStateException("cannot index");
                })));
        assertTrue(indexer.getIndexers().isEmpty());
    }

    @Test
    void getIndexersIsUnmodifiable() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        assertThrows(
                UnsupportedOperationException.class, () -> indexer.getIndexers().clear());
    }

    @Test
    void byIndexResultIsAnUnmodifiableSnapshot() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        indexer.add(pod("web", "app", "nginx"));
        List<TestObject> snapshot = indexer.byIndex("app", "nginx");
        indexer.add(pod("cache", "app", "nginx"));
        indexer.delete(pod("web", "app", "nginx"));
        assertEquals(Set.of("web"), names(snapshot));
        assertThrows(UnsupportedOperationException.class, () -> snapshot.add(TestObject.of("x", 1)));
    }

    @Test
    void replaceRebuildsEveryIndex() {
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", IndexFunctions.byLabel("app")));
        indexer.add(pod("web", "app", "nginx"));
        indexer.replace(List.of(pod("db", "app", "pg")), "9");
        assertEquals(List.of("pg"), indexer.listIndexFuncValues("app"));
        assertEquals(Set.of("db"), names(indexer.byIndex("app", "pg")));
        assertEquals(List.of(), indexer.byIndex("app", "nginx"));
    }

    @Test
    void updateWithUnchangedIndexValuesCallsEachIndexFunctionOnlyForThatObject() {
        AtomicInteger calls = new AtomicInteger();
        IndexFunction<TestObject> counting = o -> {
            calls.incrementAndGet();
            return List.of(o.labels().getOrDefault("app", "none"));
        };
        Indexer<TestObject> indexer = Stores.newIndexer(KEY, Map.of("app", counting));
        for (int i = 0; i < 1_000; i++) {
            indexer.add(pod("p" + i, "app", i % 2 == 0 ? "even" : "odd"));
        }
        List<String> oddBefore = indexer.indexKeys("app", "odd");
        calls.set(0);

        indexer.update(pod("p0", "app", "even").withValue(5));

        // Old and new object once each: no rebuild over the 1000 stored objects.
        assertEquals(2, calls.get());
        assertEquals(
                5,
                indexer.byIndex("app", "even").stream()
                        .filter(o -> o.name().equals("p0"))
                        .findFirst()
                        .orElseThrow()
                        .value(),
                "the bucket serves the new object");
        assertEquals(
                new HashSet<>(oddBefore), new HashSet<>(indexer.indexKeys("app", "odd")), "other bucket untouched");
        assertEquals(500, indexer.indexKeys("app", "even").size());
    }

    @Test
    void objectMovingBetweenLabelValuesMovesBuckets() {
        Indexer<TestObject> indexer = Stores.newIndexer(
                KEY,
                Map.of(
                        "app",
                        IndexFunctions.byLabel("app"),
                        IndexFunctions.NAMESPACE_INDEX,
                        IndexFunctions.byNamespace()));
        TestObject web = TestObject.of("ns", "web", 1).withLabels(Map.of("app", "blue"));
        indexer.add(web);
        indexer.add(TestObject.of("ns", "other", 1).withLabels(Map.of("app", "blue")));

        indexer.update(web.withLabels(Map.of("app", "green")));

        assertEquals(List.of("ns/other"), indexer.indexKeys("app", "blue"));
        assertEquals(List.of("ns/web"), indexer.indexKeys("app", "green"));
        assertEquals(Set.of("ns/web", "ns/other"), new HashSet<>(indexer.indexKeys("namespace", "ns")));

        indexer.update(web.withLabels(Map.of()));
        assertEquals(Set.of("blue"), new HashSet<>(indexer.listIndexFuncValues("app")), "empty green bucket dropped");
    }
}
