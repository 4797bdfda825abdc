package dev.informer.benchmarks;

import dev.informer.testing.EmbeddedApiServer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * What the end-to-end sync benchmarks share: an embedded API server filled exactly as
 * {@link InformerSyncBenchmark} fills it (its {@code pod(i)}: labels, annotations, an owner,
 * managedFields from two managers, two containers; all in "default"), live-heap measurement after
 * full GCs, and a bounded wait for a condition (the peers' informers have no sync callback, only
 * {@code hasSynced()}).
 *
 * <p>Stateless; the methods are safe from any thread, but {@link #liveHeapBytes()} assumes nothing
 * else in the JVM is allocating heavily at the time.
 */
final class SyncFixture {

    /**
     * The end-to-end benchmarks' JVM: a fixed, pre-touched 6 GiB heap (no resizing during a
     * sample, no first-touch page faults inside one) and G1, the same for ours and the peers.
     */
    static final String HEAP_MIN = "-Xms6g";

    static final String HEAP_MAX = "-Xmx6g";
    static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";
    static final String GC = "-XX:+UseG1GC";

    private SyncFixture() {}

    /**
     * Starts a server holding {@code pods} pods, seeded as {@link InformerSyncBenchmark} seeds its
     * own, so ours and the peers sync the same data.
     *
     * @throws IllegalArgumentException when {@code pods} is not positive
     */
    static EmbeddedApiServer startServerWithPods(int pods) {
        if (pods <= 0) {
            throw new IllegalArgumentException("pods must be positive, got " + pods);
        }
        EmbeddedApiServer server =
                EmbeddedApiServer.builder().historyLimit(1000).start();
        try {
            for (int i = 0; i < pods; i++) {
                server.create("pods", "default", InformerSyncBenchmark.pod(i));
            }
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** Bytes of heap in use after full collections: what is reachable, give or take a little. */
    static long liveHeapBytes() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long previous = Long.MAX_VALUE;
        long used = memory.getHeapMemoryUsage().getUsed();
        // Repeat until a collection frees nothing more (finalizers, soft references, cleaners).
        for (int i = 0; i < 5 && used < previous; i++) {
            System.gc();
            previous = used;
            used = memory.getHeapMemoryUsage().getUsed();
        }
        return used;
    }

    /**
     * Polls {@code condition} every 200 µs (as InformerSyncBenchmark does) until it holds.
     *
     * @throws TimeoutException when it does not hold within {@code timeout}
     */
    static void await(BooleanSupplier condition, Duration timeout, String what) throws TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new TimeoutException("not " + what + " within " + timeout);
            }
            LockSupport.parkNanos(200_000);
        }
    }
}
