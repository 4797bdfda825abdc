package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Runs the pod merge benchmark methods and checks what they merge, not how fast. */
class PodMergeBenchmarkSmokeTest {

    @Test
    void eachSetChangesOnePercentAndTheCycleReturnsToTheStart() throws InterruptedException {
        PodMergeBenchmark bench = podMerge(1000);
        long before = bench.emitted;
        bench.setOnePercentChanged();
        assertEquals(10, bench.emitted - before, "1% of 1000 pods updated");
        for (int i = 1; i < PodMergeBenchmark.CYCLE; i++) {
            bench.setOnePercentChanged();
        }
        assertEquals(1000 + 10L * PodMergeBenchmark.CYCLE, bench.emitted);
        assertEquals(1000, bench.state().size());
        assertEquals(
                "registry/app:0",
                bench.state().get(0).spec().containers().get(0).image());
    }

    @Test
    void incrementalOperationsEmitOnePodEach() throws InterruptedException {
        PodMergeBenchmark bench = podMerge(100);
        long before = bench.emitted;
        bench.incrementalUpdate();
        assertEquals(before, bench.emitted, "version 0 of pod 0 is what the storage holds: no change");
        bench.podCursor = 0;
        bench.round = 1;
        bench.incrementalUpdate();
        assertEquals(before + 1, bench.emitted);
        bench.incrementalAddThenRemove();
        assertEquals(before + 3, bench.emitted);
        assertEquals(100, bench.state().size());
    }

    /** A {@link PodMergeBenchmark} set up with the given size. */
    private static PodMergeBenchmark podMerge(int size) throws InterruptedException {
        PodMergeBenchmark bench = new PodMergeBenchmark();
        bench.size = size;
        bench.setUp();
        return bench;
    }
}
