package dev.informer.benchmarks;

import io.kubernetes.client.extended.workqueue.DefaultWorkQueue;
import io.kubernetes.client.extended.workqueue.WorkQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The peer's side of {@link WorkQueueBenchmark}: the same keys and methods on client-java-extended's
 * {@code DefaultWorkQueue} (its controller work queue; 25.0.0, the newest published). fabric8 has no
 * work queue, so it has no row here. One JMH state per thread; not thread-safe.
 */
@State(Scope.Thread)
public class PeerWorkQueueBenchmark extends ThroughputBenchmark {

    @Param("clientJava")
    public String impl;

    WorkQueue<String> queue;
    WorkQueueKeys keys;

    @Setup
    public void setUp() {
        if (!"clientJava".equals(impl)) {
            throw new IllegalArgumentException("only clientJava has a work queue, not " + impl);
        }
        queue = new DefaultWorkQueue<>();
        keys = new WorkQueueKeys();
    }

    @TearDown
    public void tearDown() {
        queue.shutDown();
    }

    @Benchmark
    public String addGetDone() throws InterruptedException {
        queue.add(keys.next());
        String key = queue.get();
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
            queue.done(queue.get());
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
        String got = queue.get();
        queue.done(got);
        return got;
    }
}
