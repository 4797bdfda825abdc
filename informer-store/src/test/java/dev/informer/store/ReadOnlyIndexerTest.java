package dev.informer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The read view an informer hands out: reads through, and offers no way to write. */
class ReadOnlyIndexerTest {

    private static final KeyFunction<TestObject> KEY = KeyFunctions.metaNamespaceKey();

    private final Indexer<TestObject> indexer =
            Stores.newIndexer(KEY, Map.of(IndexFunctions.NAMESPACE_INDEX, IndexFunctions.byNamespace()));
    private final ReadOnlyIndexer<TestObject> view = ReadOnlyIndexer.of(indexer);

    @Test
    void viewTypeDeclaresOnlyReadOperations() {
        Set<String> methods = Arrays.stream(ReadOnlyIndexer.class.getMethods())
                .filter(m -> !java.lang.reflect.Modifier.isStatic(m.getModifiers()))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(
                new TreeSet<>(Set.of(
                        "list",
                        "listKeys",
                        "get",
                        "getByKey",
                        "index",
                        "indexKeys",
                        "listIndexFuncValues",
                        "byIndex",
                        "getIndexers")),
                methods);
        for (String mutator : List.of(
                "add", "update", "delete", "deleteByKey", "replace", "resync", "writeAtomically", "addIndexers")) {
            assertFalse(methods.contains(mutator), mutator);
        }
    }

    @Test
    void viewIsNeitherAnIndexerNorAStoreSoACastCannotReachTheWrites() {
        Object handedOut = view;
        assertFalse(handedOut instanceof Indexer);
        assertFalse(handedOut instanceof Store);
        assertThrows(ClassCastException.class, () -> ((Store<?>) handedOut).deleteByKey("ns/a"));
    }

    @Test
    void viewReadsThroughToTheIndexersCurrentContent() {
        indexer.add(TestObject.of("ns", "a", 1));
        assertEquals(List.of("ns/a"), view.listKeys());
        assertEquals(1, view.getByKey("ns/a").orElseThrow().value());

        indexer.add(TestObject.of("ns", "b", 2));
        indexer.deleteByKey("ns/a");

        assertEquals(List.of("ns/b"), view.list().stream().map(KEY::key).toList());
        assertTrue(view.get(TestObject.of("ns", "a", 0)).isEmpty());
        assertEquals(List.of("ns/b"), view.indexKeys(IndexFunctions.NAMESPACE_INDEX, "ns"));
        assertEquals(List.of("ns"), view.listIndexFuncValues(IndexFunctions.NAMESPACE_INDEX));
        assertEquals(1, view.byIndex(IndexFunctions.NAMESPACE_INDEX, "ns").size());
    }

    @Test
    void viewsIndexFunctionsCannotBeChanged() {
        assertThrows(
                UnsupportedOperationException.class, () -> view.getIndexers().put("byName", o -> List.of(o.name())));
        assertEquals(Set.of(IndexFunctions.NAMESPACE_INDEX), view.getIndexers().keySet());
    }

    @Test
    void askingForAMissingIndexThroughTheViewNamesIt() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> view.byIndex("byColour", "red"));
        assertTrue(e.getMessage().contains("byColour"), e.getMessage());
    }
}
