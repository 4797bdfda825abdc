package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InformerSyncBenchmarkSmokeTest {

    @Test
    void informerSyncsEverySeededPodWithAndWithoutTheTransform() throws Exception {
        for (boolean strip : new boolean[] {false, true}) {
            InformerSyncBenchmark benchmark = new InformerSyncBenchmark();
            benchmark.pods = 50;
            benchmark.stripManagedFields = strip;
            benchmark.seedServer();
            try {
                benchmark.createClient();
                assertEquals(50, benchmark.startToSynced());
                RetainedHeap retained = new RetainedHeap();
                benchmark.measureAndStop(retained);
                assertTrue(Double.isFinite(retained.retainedMegabytes), "retained heap measured");
            } finally {
                benchmark.stopServer();
            }
        }
    }
}
