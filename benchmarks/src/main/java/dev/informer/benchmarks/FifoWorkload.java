package dev.informer.benchmarks;

import dev.informer.store.Indexer;
import dev.informer.store.Queue;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Setup;

/**
 * The objects that {@link DeltaFifoBenchmark} and {@link RealFifoBenchmark} push through their
 * fifos, built in setup so that allocation figures are the fifo's (and indexer's) own: {@code size}
 * objects, each with two later versions, two relist lists that differ in 1% of the objects, and an
 * indexed store holding the first list. Each subclass declares its own {@code size} parameter.
 *
 * <p>One JMH state per thread; not thread-safe.
 */
abstract class FifoWorkload extends ThroughputBenchmark {

    BenchObject[] added;
    BenchObject[] updated;
    BenchObject[] updatedAgain;

    /** The two lists a relist alternates between: b differs from a in 1% of the objects. */
    List<BenchObject> listA;

    List<BenchObject> listB;
    boolean nextIsB;
    Indexer<BenchObject> indexer;

    /** The {@code size} parameter: how many objects (keys) one op handles. */
    abstract int size();

    @Setup
    public void setUp() {
        int size = size();
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
        indexer = BenchObject.newIndexer();
        indexer.replace(listA, "1");
        nextIsB = true;
    }

    /** Queues ADDED, then UPDATED, then UPDATED again for every object: a burst of watch events. */
    void addUpdateBurst(Queue<BenchObject> fifo) {
        for (int i = 0; i < added.length; i++) {
            fifo.add(added[i]);
        }
        for (int i = 0; i < updated.length; i++) {
            fifo.update(updated[i]);
        }
        for (int i = 0; i < updatedAgain.length; i++) {
            fifo.update(updatedAgain[i]);
        }
    }

    /** The list the next relist replaces the fifo with: alternately list b and list a. */
    List<BenchObject> nextRelist() {
        List<BenchObject> list = nextIsB ? listB : listA;
        nextIsB = !nextIsB;
        return list;
    }
}
