package dev.informer.benchmarks;

import dev.informer.workqueue.WorkQueue;
import dev.informer.workqueue.WorkQueues;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The controller work queue: add, get and done of {@code namespace/name} keys, single-threaded, so the
 * figures are the queue's own bookkeeping (dirty and processing sets, FIFO) without contention.
 *
 * <ul>
 *   <li>{@link #addGetDone}: one op = add one key, get it, mark it done.</li>
 *   <li>{@link #addBatchThenDrain}: one op (per key) = 1000 distinct keys added, then all got and done.</li>
 *   <li>{@link #addTenDuplicatesGetDone}: one op = the same key added 10 times (deduplicated), got once, done.</li>
 * </ul>
 */
@State(Scope.Thread)
public class WorkQueueBenchmark extends ThroughputBenchmark {

    WorkQueue<String> queue;
    WorkQueueKeys keys;

    @Setup
    public void setUp() {
        queue = WorkQueues.newQueue();
        keys = new WorkQueueKeys();
    }

    @TearDown
    public void tearDown() {
        queue.shutDown();
    }

    @Benchmark
    public String addGetDone() throws InterruptedException {
        queue.add(keys.next());
        String key = queue.get().orElseThrow();
        queue.done(key);
        return key;
    }

    @Benchmark
    @OperationsPerInvocation(WorkQueueKeys.KEYS)
    public int addBatchThenDrain() throws InterruptedException {
        for (String key : keys.all) {
            queue.add(key);
        }
        int drained = 0;
        for (int i = 0; i < WorkQueueKeys.KEYS; i++) {
            queue.done(queue.get().orElseThrow());
            drained++;
        }
        return drained;
    }

    @Benchmark
    public String addTenDuplicatesGetDone() throws InterruptedException {
        String key = keys.next();
        for (int i = 0; i < 10; i++) {
            queue.add(key);
        }
        String got = queue.get().orElseThrow();
        queue.done(got);
        return got;
    }
}
