package dev.informer.benchmarks;

import dev.informer.store.IndexFunctions;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.Stores;
import java.util.List;
import java.util.Map;
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

    private static final KeyFunction<BenchObject> KEY = KeyFunctions.metaNamespaceKey();
    static final int NAMESPACES = 100;
    static final int APPS = 10;

    @Param("10000")
    public int size;

    Indexer<BenchObject> indexer;
    /** Two versions of every object with the same labels, alternated so every update is a change. */
    BenchObject[][] versions;
    /** Two versions of every object with different app labels. */
    BenchObject[][] moving;

    int cursor;
    int round;
    int namespaceCursor;
    String[] namespaceNames;

    @Setup
    public void setUp() {
        indexer = Stores.newIndexer(
                KEY,
                Map.of(
                        IndexFunctions.NAMESPACE_INDEX,
                        IndexFunctions.byNamespace(),
                        "app",
                        IndexFunctions.byLabel("app")));
        versions = new BenchObject[2][size];
        moving = new BenchObject[2][size];
        for (int i = 0; i < size; i++) {
            BenchObject base = BenchObject.create(i, NAMESPACES, APPS, 1);
            versions[0][i] = base;
            versions[1][i] = base.withVersion(2);
            moving[0][i] = base.withVersion(3);
            moving[1][i] = base.withVersion(4).withApp("app-" + ((i + 1) % APPS));
            // versions[0] is what the store starts with; moving[0] keeps its labels, moving[1] moves it.
            indexer.add(base);
        }
        namespaceNames = new String[NAMESPACES];
        for (int n = 0; n < NAMESPACES; n++) {
            namespaceNames[n] = "ns-" + n;
        }
        cursor = 0;
        round = 0;
        namespaceCursor = 0;
    }

    private int batch() {
        return Math.max(1, size / 100);
    }

    /** Updates the next 1% of the objects, labels unchanged. Returns the index of the last one updated. */
    @Benchmark
    public int updateOnePercent() {
        return updateNextBatch(versions);
    }

    /** Updates the next 1% of the objects, each moving to another app bucket. */
    @Benchmark
    public int updateOnePercentMovingLabel() {
        return updateNextBatch(moving);
    }

    private int updateNextBatch(BenchObject[][] source) {
        int n = batch();
        int last = -1;
        for (int j = 0; j < n; j++) {
            int i = cursor;
            // The store starts with versions[0]; round r writes version (r + 1) % 2, always a change.
            indexer.update(source[(round + 1) & 1][i]);
            last = i;
            if (++cursor == size) {
                cursor = 0;
                round++;
            }
        }
        return last;
    }

    /** The objects of one namespace; cycles through the namespaces. */
    @Benchmark
    public List<BenchObject> byIndexNamespace() {
        String namespace = namespaceNames[namespaceCursor];
        if (++namespaceCursor == NAMESPACES) {
            namespaceCursor = 0;
        }
        return indexer.byIndex(IndexFunctions.NAMESPACE_INDEX, namespace);
    }
}
