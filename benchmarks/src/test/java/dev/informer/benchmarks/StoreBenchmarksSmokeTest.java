package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.store.IndexFunctions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs each store benchmark method on tiny sizes and checks its result, not its speed. */
class StoreBenchmarksSmokeTest {

    @Test
    void addUpdateBurstPopsEveryKeyOnceWithItsNewestUpdate() throws Exception {
        DeltaFifoBenchmark bench = deltaFifo(200);
        assertEquals(200, bench.addUpdateBurstThenPopAll());
        assertEquals(200, bench.addUpdateBurstThenPopAll(), "repeatable");
    }

    @Test
    void replaceWithOnePercentChangedAppliesTheRelistToTheIndexer() throws Exception {
        DeltaFifoBenchmark bench = deltaFifo(200);

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertEquals(bench.updated[0], bench.indexer.getByKey("ns-0/pod-0").orElseThrow(), "changed object applied");
        assertEquals(bench.updated[100], bench.indexer.getByKey("ns-0/pod-100").orElseThrow());
        assertEquals(bench.added[1], bench.indexer.getByKey("ns-1/pod-1").orElseThrow(), "unchanged object kept");
        assertEquals(200, bench.indexer.listKeys().size());

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertEquals(bench.added[0], bench.indexer.getByKey("ns-0/pod-0").orElseThrow(), "alternates back");
    }

    @Test
    void updateOnePercentCyclesThroughEveryObject() {
        IndexUpdateBenchmark bench = indexUpdate(200);
        for (int op = 0; op < 100; op++) {
            bench.updateOnePercent();
        }
        assertEquals(200, bench.indexer.list().size());
        assertEquals(
                List.of("2"),
                bench.indexer.list().stream()
                        .map(BenchObject::resourceVersion)
                        .distinct()
                        .toList(),
                "each object updated once after 100 ops of 1%");
        assertEquals(20, bench.indexer.byIndex("app", "app-3").size(), "labels unchanged");
    }

    @Test
    void updateOnePercentMovingLabelMovesEveryObjectToTheNextApp() {
        IndexUpdateBenchmark bench = indexUpdate(200);
        for (int op = 0; op < 100; op++) {
            bench.updateOnePercentMovingLabel();
        }
        // One round of 100 ops of 1%: pod-i moved from app-(i%10) to app-((i+1)%10).
        assertEquals(
                "app-1",
                bench.indexer.getByKey("ns-0/pod-0").orElseThrow().labels().get("app"));
        assertEquals(20, bench.indexer.byIndex("app", "app-1").size());
        assertEquals(10, bench.indexer.listIndexFuncValues("app").size(), "ten apps, none emptied");
        assertEquals(
                bench.indexer.byIndex("app", "app-1").stream()
                        .map(BenchObject::name)
                        .sorted()
                        .toList(),
                bench.indexer.list().stream()
                        .filter(o -> Integer.parseInt(o.name().substring(4)) % 10 == 0)
                        .map(BenchObject::name)
                        .sorted()
                        .toList());
    }

    @Test
    void byIndexNamespaceReturnsThatNamespacesObjects() {
        IndexUpdateBenchmark bench = indexUpdate(200);
        for (int n = 0; n < IndexWorkload.NAMESPACES; n++) {
            List<BenchObject> objects = bench.byIndexNamespace();
            assertEquals(2, objects.size());
            String namespace = "ns-" + n;
            objects.forEach(o -> assertEquals(namespace, o.namespace()));
        }
        assertEquals(
                2, bench.indexer.byIndex(IndexFunctions.NAMESPACE_INDEX, "ns-0").size());
    }

    /** A {@link DeltaFifoBenchmark} set up with the given size. */
    private static DeltaFifoBenchmark deltaFifo(int size) {
        DeltaFifoBenchmark bench = new DeltaFifoBenchmark();
        bench.size = size;
        bench.setUp();
        return bench;
    }

    /** A {@link IndexUpdateBenchmark} set up with the given size. */
    private static IndexUpdateBenchmark indexUpdate(int size) {
        IndexUpdateBenchmark bench = new IndexUpdateBenchmark();
        bench.size = size;
        bench.setUp();
        return bench;
    }
}
