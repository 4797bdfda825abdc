package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class InformerSyncBenchmarkSmokeTest {

    @Test
    void informerSyncsEverySeededPodWithAndWithoutTheTransform() {
        for (boolean strip : new boolean[] {false, true}) {
            InformerSyncBenchmark benchmark = new InformerSyncBenchmark();
            benchmark.pods = 50;
            benchmark.stripManagedFields = strip;
            benchmark.seedServer();
            try {
                benchmark.measureBaseline();
                assertEquals(50, benchmark.startToSynced());
                benchmark.measureRetainedHeapAndStop();
            } finally {
                benchmark.stopServer();
            }
        }
    }
}
