package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs the dispatch and work queue benchmark methods a few times and checks their results, not their speed. */
class QueueBenchmarksSmokeTest {

    @ParameterizedTest
    @ValueSource(strings = {"pooled", "thread", "clientJava", "fabric8"})
    void dispatchReachesEveryListenerForSingleEventsAndBursts(String impl) throws Exception {
        DispatchBenchmark bench = new DispatchBenchmark();
        bench.listeners = 10;
        bench.impl = impl;
        assertReachesEveryListenerForSingleEventsAndBursts(bench);
    }

    /**
     * Sets up {@code bench} (with its impl and 10 listeners chosen), runs 100 single events and one burst
     * of 100, and checks that every listener saw every event once; tears it down.
     */
    static void assertReachesEveryListenerForSingleEventsAndBursts(DispatchWorkload bench) throws Exception {
        bench.setUp();
        try {
            for (int i = 0; i < 100; i++) {
                assertEquals(10, bench.oneEventToAllListeners());
            }
            assertEquals(100 * 10, bench.delivered.get());
            assertEquals(10, bench.burstOf100EventsToAllListeners());
            assertEquals(0, bench.remaining.get(), "every handler saw every event");
            assertEquals(200 * 10, bench.delivered.get(), "and no handler saw one twice");
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void workQueueOpsLeaveTheQueueEmpty() throws Exception {
        WorkQueueBenchmark bench = new WorkQueueBenchmark();
        bench.setUp();
        try {
            assertEquals(bench.keys.all[0], bench.addGetDone());
            assertEquals(WorkQueueKeys.KEYS, bench.addBatchThenDrain());
            assertEquals(bench.keys.all[1], bench.addTenDuplicatesGetDone());
            assertEquals(0, bench.queue.len());
        } finally {
            bench.tearDown();
        }
    }
}
