package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Runs the RealFifo and informer-with-each-queue benchmark methods on tiny sizes and checks their results. */
class RealFifoBenchmarksSmokeTest {

    private static RealFifoBenchmark bench() {
        RealFifoBenchmark bench = new RealFifoBenchmark();
        bench.size = 200;
        bench.setUp();
        return bench;
    }

    @Test
    void burstPushAndReplaceKeepEveryItem() throws Exception {
        RealFifoBenchmark bench = bench();
        assertEquals(600, bench.addUpdateBurstThenPopAll());
        assertEquals(200, bench.push());
        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertEquals(
                bench.updated[100], bench.indexer.getByKey("ns-0/pod-100").orElseThrow(), "changed object applied");
        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertEquals(bench.added[100], bench.indexer.getByKey("ns-0/pod-100").orElseThrow(), "alternates back");
    }

    @Test
    void popOneByOneAndPopBatchApplyEveryChangeToTheIndexer() throws Exception {
        RealFifoBenchmark bench = bench();
        RealFifoBenchmark.Queued queued = new RealFifoBenchmark.Queued();
        queued.fill(bench);
        assertEquals(200, bench.popOneByOne(queued));
        assertEquals(bench.updated[7], bench.indexer.getByKey("ns-7/pod-7").orElseThrow());
        queued.fill(bench);
        assertEquals(200, bench.popBatch(queued));
        assertEquals(bench.added[7], bench.indexer.getByKey("ns-7/pod-7").orElseThrow());
        assertEquals(0, queued.fifo.len());
        queued.fill(bench);
        assertEquals(200, bench.drainOneByOne(queued));
        queued.fill(bench);
        assertEquals(200, bench.drainBatch(queued));
        assertEquals(0, queued.fifo.len());
    }

    @Test
    void theInformerDeliversEveryPodWithEachQueue() throws Exception {
        for (String queue : new String[] {"DeltaFifo", "RealFifo", "RealFifoBatch", "ClientGo136"}) {
            InformerQueueBenchmark benchmark = new InformerQueueBenchmark();
            benchmark.pods = 50;
            benchmark.queue = queue;
            benchmark.seedServer();
            try {
                assertEquals(50, benchmark.startToAllDelivered(), queue);
                benchmark.stopInformer();
            } finally {
                benchmark.stopServer();
            }
        }
    }
}
