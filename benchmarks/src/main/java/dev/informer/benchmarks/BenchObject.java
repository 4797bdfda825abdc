package dev.informer.benchmarks;

import dev.informer.store.IndexFunctions;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.Stores;
import java.util.Map;

/**
 * A small, realistic stand-in for an API object in the store benchmarks: namespace, name,
 * resource version, UID and a few labels, like a Pod's metadata without the rest.
 */
record BenchObject(String namespace, String name, String resourceVersion, String uid, Map<String, String> labels)
        implements ObjectMetaAccessor {

    /** The store key of the benchmark objects: {@code namespace/name}. */
    static final KeyFunction<BenchObject> KEY = KeyFunctions.metaNamespaceKey();

    /** A new, empty indexer keyed by {@link #KEY} with two indices: namespace and the "app" label. */
    static Indexer<BenchObject> newIndexer() {
        return Stores.newIndexer(
                KEY,
                Map.of(
                        IndexFunctions.NAMESPACE_INDEX,
                        IndexFunctions.byNamespace(),
                        "app",
                        IndexFunctions.byLabel("app")));
    }

    /** Object {@code i} of a population spread over {@code namespaces} namespaces and {@code apps} app labels. */
    static BenchObject create(int i, int namespaces, int apps, int version) {
        return new BenchObject(
                "ns-" + (i % namespaces),
                "pod-" + i,
                String.valueOf(version),
                "00000000-0000-0000-0000-" + String.format("%012d", i),
                Map.of("app", "app-" + (i % apps), "tier", (i & 1) == 0 ? "web" : "db", "release", "stable"));
    }

    BenchObject withVersion(int version) {
        return new BenchObject(namespace, name, String.valueOf(version), uid, labels);
    }

    BenchObject withApp(String app) {
        return new BenchObject(
                namespace,
                name,
                resourceVersion,
                uid,
                Map.of("app", app, "tier", labels.get("tier"), "release", labels.get("release")));
    }
}
