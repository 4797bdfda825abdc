package dev.informer.benchmarks;

import dev.informer.store.Delta;
import dev.informer.store.DeltaType;
import dev.informer.store.Deltas;
import dev.informer.store.RealFifo;
import dev.informer.store.RealFifoOptions;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The RealFifo (in-order queue) at {@link DeltaFifoBenchmark}'s sizes.
 *
 * <ul>
 *   <li>{@link #addUpdateBurstThenPopAll}: as DeltaFifo's: ADDED then two UPDATED for each of {@code
 *       size} keys, then pop everything (3 × size items here: nothing is merged).</li>
 *   <li>{@link #push}: one op = {@code size} adds into an empty fifo.</li>
 *   <li>{@link #popOneByOne} / {@link #popBatch}: one op = pop {@code size} queued changes of distinct
 *       objects (queued in an untimed per-op setup) and apply each to an indexed store as the informer
 *       does (old value looked up, then update); one by one, or in batches of {@value
 *       RealFifoOptions#CLIENT_GO_BATCH_SIZE} applied under one store lock acquisition. Their ratio is
 *       the batch speed-up with the informer's store work.</li>
 *   <li>{@link #drainOneByOne} / {@link #drainBatch}: the same pops with a processor that only counts:
 *       the queue's own cost.</li>
 *   <li>{@link #replaceWithOnePercentChangedThenPopAll}: as DeltaFifo's: a relist of {@code size}
 *       objects, 1% changed, against the indexer as known objects, popped and applied.</li>
 * </ul>
 */
@State(Scope.Thread)
public class RealFifoBenchmark extends FifoWorkload {

    private static final RealFifoOptions BATCHES = RealFifoOptions.builder()
            .maxBatchSize(RealFifoOptions.CLIENT_GO_BATCH_SIZE)
            .build();

    @Param("10000")
    public int size;

    @Override
    int size() {
        return size;
    }

    /** The fifo the pop benchmarks drain, refilled (untimed) before each of their ops. */
    @State(Scope.Thread)
    public static class Queued {
        RealFifo<BenchObject> fifo;
        boolean nextIsUpdated = true;

        /** Queues one update per object (alternating versions, so the store really changes). */
        @Setup(Level.Invocation)
        public void fill(RealFifoBenchmark bench) {
            RealFifo<BenchObject> filled =
                    RealFifo.builder(BenchObject.KEY).options(BATCHES).build();
            BenchObject[] source = nextIsUpdated ? bench.updated : bench.added;
            nextIsUpdated = !nextIsUpdated;
            for (int i = 0; i < bench.size; i++) {
                filled.update(source[i]);
            }
            fifo = filled;
        }
    }

    /** Returns the number of popped items whose object is the newest update (all: 3 × size). */
    @Benchmark
    public int addUpdateBurstThenPopAll() throws Exception {
        RealFifo<BenchObject> fifo = RealFifo.builder(BenchObject.KEY).build();
        addUpdateBurst(fifo);
        int popped = 0;
        for (int i = 0; i < 3 * size; i++) {
            if (fifo.pop((d, initial) -> {}).size() == 1) {
                popped++;
            }
        }
        return popped;
    }

    /** Returns the queue length after the pushes (size). */
    @Benchmark
    public int push() {
        RealFifo<BenchObject> fifo = RealFifo.builder(BenchObject.KEY).build();
        for (int i = 0; i < size; i++) {
            fifo.add(added[i]);
        }
        return fifo.len();
    }

    /** Returns the number of changes applied (size). */
    @Benchmark
    public int popOneByOne(Queued queued) throws Exception {
        RealFifo<BenchObject> fifo = queued.fifo;
        int[] applied = new int[1];
        for (int i = 0; i < size; i++) {
            fifo.pop((deltas, initial) -> {
                apply(deltas.oldest());
                applied[0]++;
            });
        }
        return applied[0];
    }

    /** Returns the number of changes applied (size). */
    @Benchmark
    public int popBatch(Queued queued) throws Exception {
        RealFifo<BenchObject> fifo = queued.fifo;
        int[] applied = new int[1];
        while (applied[0] < size) {
            fifo.popBatch(
                    (batch, initial) -> indexer.writeAtomically(() -> {
                        for (Delta<BenchObject> delta : batch) {
                            apply(delta);
                        }
                        applied[0] += batch.size();
                    }),
                    (deltas, initial) -> {
                        apply(deltas.oldest());
                        applied[0]++;
                    });
        }
        return applied[0];
    }

    /** The queue alone: pops {@code size} items one by one with a processor that only counts them. */
    @Benchmark
    public int drainOneByOne(Queued queued) throws Exception {
        RealFifo<BenchObject> fifo = queued.fifo;
        int[] popped = new int[1];
        for (int i = 0; i < size; i++) {
            fifo.pop((deltas, initial) -> popped[0]++);
        }
        return popped[0];
    }

    /** The queue alone: pops {@code size} items in batches with a processor that only counts them. */
    @Benchmark
    public int drainBatch(Queued queued) throws Exception {
        RealFifo<BenchObject> fifo = queued.fifo;
        int[] popped = new int[1];
        while (popped[0] < size) {
            fifo.popBatch((batch, initial) -> popped[0] += batch.size(), (deltas, initial) -> popped[0]++);
        }
        return popped[0];
    }

    /** What the informer does with a change: find the old object (for the notification), write the new. */
    private void apply(Delta<BenchObject> delta) {
        BenchObject object = delta.unwrap();
        if (delta.type() == DeltaType.DELETED) {
            indexer.deleteByKey(BenchObject.KEY.key(delta.object()));
        } else if (indexer.get(object).isPresent()) {
            indexer.update(object);
        } else {
            indexer.add(object);
        }
    }

    /** Returns the number of popped items (one per listed key when correct). */
    @Benchmark
    public int replaceWithOnePercentChangedThenPopAll() throws Exception {
        List<BenchObject> list = nextRelist();
        RealFifo<BenchObject> fifo =
                RealFifo.builder(BenchObject.KEY).knownObjects(indexer).build();
        fifo.replace(list, "2");
        int popped = 0;
        while (fifo.len() > 0) {
            Deltas<BenchObject> deltas = fifo.pop((d, initial) -> apply(d.oldest()));
            popped += deltas.size();
        }
        return popped;
    }
}
