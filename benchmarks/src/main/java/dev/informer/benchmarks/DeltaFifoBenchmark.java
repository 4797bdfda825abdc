package dev.informer.benchmarks;

import dev.informer.store.DeltaFifo;
import dev.informer.store.DeltaType;
import dev.informer.store.Deltas;
import dev.informer.store.IndexFunctions;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.Stores;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The DeltaFifo merge path.
 *
 * <ul>
 *   <li>{@link #addUpdateBurstThenPopAll}: one op = ADDED then two UPDATED for each of {@code size}
 *       keys (the deltas accumulate per key), then pop every key: what an informer's queue does
 *       during a burst of watch events.</li>
 *   <li>{@link #replaceWithOnePercentChangedThenPopAll}: one op = a relist of {@code size} objects of
 *       which 1% changed, against a known-objects indexer holding the previous list, then pop all and
 *       apply each item to the indexer as an informer does.</li>
 * </ul>
 * Objects are built in setup, so allocation figures are the fifo's (and indexer's) own.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(3)
public class DeltaFifoBenchmark {

    private static final KeyFunction<BenchObject> KEY = KeyFunctions.metaNamespaceKey();

    @Param("10000")
    public int size;

    BenchObject[] added;
    BenchObject[] updated;
    BenchObject[] updatedAgain;

    /** The two lists a relist alternates between: b differs from a in 1% of the objects. */
    List<BenchObject> listA;

    List<BenchObject> listB;
    boolean nextIsB;
    Indexer<BenchObject> indexer;

    @Setup
    public void setUp() {
        added = new BenchObject[size];
        updated = new BenchObject[size];
        updatedAgain = new BenchObject[size];
        listA = new ArrayList<>(size);
        listB = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            added[i] = BenchObject.create(i, 100, 10, 1);
            updated[i] = added[i].withVersion(2);
            updatedAgain[i] = added[i].withVersion(3);
            listA.add(added[i]);
            // Every 100th object changed: 1%.
            listB.add(i % 100 == 0 ? updated[i] : added[i]);
        }
        indexer = Stores.newIndexer(
                KEY,
                Map.of(
                        IndexFunctions.NAMESPACE_INDEX,
                        IndexFunctions.byNamespace(),
                        "app",
                        IndexFunctions.byLabel("app")));
        indexer.replace(listA, "1");
        nextIsB = true;
    }

    /**
     * Returns how many popped items ended with the newest update of the right object (all of them
     * when correct).
     */
    @Benchmark
    public int addUpdateBurstThenPopAll() throws Exception {
        DeltaFifo<BenchObject> fifo = DeltaFifo.builder(KEY).build();
        for (int i = 0; i < size; i++) {
            fifo.add(added[i]);
        }
        for (int i = 0; i < size; i++) {
            fifo.update(updated[i]);
        }
        for (int i = 0; i < size; i++) {
            fifo.update(updatedAgain[i]);
        }
        int correct = 0;
        for (int i = 0; i < size; i++) {
            Deltas<BenchObject> deltas = fifo.pop((d, initial) -> {});
            if (deltas.size() == 3 && deltas.newest().object() == updatedAgain[i]) {
                correct++;
            }
        }
        return correct;
    }

    /** Returns the number of popped items (one per listed key when correct). */
    @Benchmark
    public int replaceWithOnePercentChangedThenPopAll() throws Exception {
        List<BenchObject> list = nextIsB ? listB : listA;
        nextIsB = !nextIsB;
        DeltaFifo<BenchObject> fifo =
                DeltaFifo.builder(KEY).knownObjects(indexer).build();
        fifo.replace(list, "2");
        int popped = 0;
        for (int i = 0; i < size; i++) {
            fifo.pop((deltas, initial) -> {
                for (var delta : deltas) {
                    if (delta.type() == DeltaType.DELETED) {
                        indexer.deleteByKey(KEY.key(delta.object()));
                    } else {
                        indexer.update(delta.unwrap());
                    }
                }
            });
            popped++;
        }
        return popped;
    }
}
