package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.store.IndexFunctions;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunctions;
import dev.informer.store.Stores;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ListerTest {

    private Indexer<Pod> indexer;
    private Lister<Pod> lister;

    static Pod pod(String namespace, String name, Map<String, String> labels) {
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .namespace(namespace)
                        .name(name)
                        .labels(labels)
                        .resourceVersion("1")
                        .build())
                .build();
    }

    @BeforeEach
    void fill() {
        indexer = Stores.newIndexer(
                KeyFunctions.metaNamespaceKey(), Map.of(IndexFunctions.NAMESPACE_INDEX, IndexFunctions.byNamespace()));
        indexer.add(pod("a", "web-1", Map.of("app", "web", "tier", "front")));
        indexer.add(pod("a", "db-1", Map.of("app", "db", "tier", "back")));
        indexer.add(pod("b", "web-2", Map.of("app", "web")));
        indexer.add(pod("b", "legacy", Map.of("legacy", "true")));
        lister = Lister.of(indexer);
    }

    private static Set<String> names(List<Pod> pods) {
        return pods.stream().map(Pod::name).collect(Collectors.toSet());
    }

    @Test
    void listWithoutSelectorReturnsEverything() {
        assertEquals(Set.of("web-1", "db-1", "web-2", "legacy"), names(lister.list()));
        assertEquals(4, lister.list("").size());
    }

    @Test
    void listFiltersByEqualityAndSetBasedSelectors() {
        assertEquals(Set.of("web-1", "web-2"), names(lister.list("app=web")));
        assertEquals(Set.of("web-1", "web-2"), names(lister.list("app==web")));
        assertEquals(Set.of("db-1", "legacy"), names(lister.list("app!=web")));
        assertEquals(Set.of("web-1", "db-1", "web-2"), names(lister.list("app in (web, db)")));
        assertEquals(Set.of("web-2", "legacy"), names(lister.list("tier notin (front,back)")));
        assertEquals(Set.of("legacy"), names(lister.list("legacy")));
        assertEquals(Set.of("web-1", "db-1", "web-2"), names(lister.list("!legacy")));
        assertEquals(Set.of("web-1"), names(lister.list("app=web,tier=front")));
    }

    @Test
    void malformedSelectorIsRejectedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> lister.list("app in web"));
        assertTrue(e.getMessage().contains("app in web"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> lister.list("app=,"));
        assertThrows(IllegalArgumentException.class, () -> lister.list("bad key=x"));
    }

    @Test
    void getByKeyAndByNameInNamespace() {
        assertEquals("web-1", lister.get("a/web-1").orElseThrow().name());
        assertTrue(lister.get("web-1").isEmpty());
        assertEquals("web-2", lister.namespace("b").get("web-2").orElseThrow().name());
        assertTrue(lister.namespace("a").get("web-2").isEmpty());
    }

    @Test
    void namespaceListerUsesTheNamespaceIndexAndSelectors() {
        assertEquals(Set.of("web-1", "db-1"), names(lister.namespace("a").list()));
        assertEquals(Set.of("web-2"), names(lister.namespace("b").list("app=web")));
        assertTrue(lister.namespace("missing").list().isEmpty());
    }

    @Test
    void namespaceListerScansWhenThereIsNoNamespaceIndex() {
        Indexer<Pod> plain = Stores.newIndexer(KeyFunctions.metaNamespaceKey(), Map.of());
        indexer.list().forEach(plain::add);
        assertEquals(
                Set.of("web-1", "db-1"), names(Lister.of(plain).namespace("a").list()));
    }

    record Meta(String name, String namespace, java.util.Map<String, String> labels) {}

    record Thing(Meta metadata) {}

    @Test
    void aListerOverAResourceTypeReadsAnyModelThroughItsMetadataAdapterEvenWithoutANamespaceIndex() {
        dev.informer.api.ResourceType<Thing> things =
                dev.informer.api.ResourceType.of(Thing.class, "example.com", "v1", "things", "Thing", true);
        Indexer<Thing> plain = Stores.newIndexer(KeyFunctions.metaNamespaceKey(things.metadataAccessor()), Map.of());
        plain.add(new Thing(new Meta("t1", "a", Map.of("app", "web"))));
        plain.add(new Thing(new Meta("t2", "a", Map.of("app", "db"))));
        plain.add(new Thing(new Meta("t3", "b", Map.of("app", "web"))));
        Lister<Thing> lister = Lister.withMetadata(plain, things.metadataAccessor());

        assertEquals(
                Set.of("t1"),
                lister.namespace("a").list("app=web").stream()
                        .map(t -> t.metadata().name())
                        .collect(Collectors.toSet()));
        assertEquals(2, lister.list("app=web").size());
    }

    @Test
    void aListerWithOnlyALabelsFunctionSaysWhyItCannotScanNamespacesOfAForeignModel() {
        Indexer<Thing> plain = Stores.newIndexer(obj -> ((Thing) obj).metadata().name(), Map.of());
        plain.add(new Thing(new Meta("t1", "a", Map.of())));
        Lister<Thing> lister = Lister.of(plain, thing -> thing.metadata().labels());

        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> lister.namespace("a").list());
        assertTrue(e.getMessage().contains(Thing.class.getName()), e.getMessage());
    }

    @Test
    void listerSeesLaterChangesToTheCache() {
        indexer.delete(pod("a", "web-1", Map.of()));
        assertEquals(Set.of("web-2"), names(lister.list("app=web")));
    }
}
