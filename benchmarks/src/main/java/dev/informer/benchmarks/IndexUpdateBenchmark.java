package dev.informer.benchmarks;

import dev.informer.store.IndexFunctions;
import dev.informer.store.Indexer;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Index maintenance and lookup in an indexer of {@code size} objects with two indices (namespace
 * and the "app" label), spread over 100 namespaces and 10 apps.
 *
 * <ul>
 *   <li>{@link #updateOnePercent}: one op = update 1% of the objects with a new resource version
 *       and unchanged labels (the common case: status churn).</li>
 *   <li>{@link #updateOnePercentMovingLabel}: the same, but each update changes the object's app
 *       label, so it moves between buckets.</li>
 *   <li>{@link #byIndexNamespace}: one op = the objects of one namespace (1% of the store).</li>
 * </ul>
 */
@State(Scope.Thread)
public class IndexUpdateBenchmark extends ThroughputBenchmark {

    @Param("10000")
    public int size;

    Indexer<BenchObject> indexer;
    IndexWorkload workload;

    @Setup
    public void setUp() {
        indexer = BenchObject.newIndexer();
        workload = new IndexWorkload(size);
        for (BenchObject object : workload.versions[0]) {
            indexer.add(object);
        }
    }

    /** Updates the next 1% of the objects, labels unchanged. Returns the index of the last one updated. */
    @Benchmark
    public int updateOnePercent() {
        return updateNextBatch(workload.versions);
    }

    /** Updates the next 1% of the objects, each moving to another app bucket. */
    @Benchmark
    public int updateOnePercentMovingLabel() {
        return updateNextBatch(workload.moving);
    }

    private int updateNextBatch(BenchObject[][] source) {
        int n = workload.batch();
        int last = -1;
        for (int j = 0; j < n; j++) {
            int i = workload.cursor();
            indexer.update(source[workload.version()][i]);
            last = i;
            workload.advance();
        }
        return last;
    }

    /** The objects of one namespace; cycles through the namespaces. */
    @Benchmark
    public List<BenchObject> byIndexNamespace() {
        return indexer.byIndex(IndexFunctions.NAMESPACE_INDEX, workload.nextNamespace());
    }
}
