package dev.informer.benchmarks;

import dev.informer.store.DeltaFifo;
import dev.informer.store.DeltaType;
import dev.informer.store.Deltas;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

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
public class DeltaFifoBenchmark extends FifoWorkload {

    @Param("10000")
    public int size;

    @Override
    int size() {
        return size;
    }

    /**
     * Returns how many popped items ended with the newest update of the right object (all of them
     * when correct).
     */
    @Benchmark
    public int addUpdateBurstThenPopAll() throws Exception {
        DeltaFifo<BenchObject> fifo = DeltaFifo.builder(BenchObject.KEY).build();
        addUpdateBurst(fifo);
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
        List<BenchObject> list = nextRelist();
        DeltaFifo<BenchObject> fifo =
                DeltaFifo.builder(BenchObject.KEY).knownObjects(indexer).build();
        fifo.replace(list, "2");
        int popped = 0;
        for (int i = 0; i < size; i++) {
            fifo.pop((deltas, initial) -> {
                for (var delta : deltas) {
                    if (delta.type() == DeltaType.DELETED) {
                        indexer.deleteByKey(BenchObject.KEY.key(delta.object()));
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
