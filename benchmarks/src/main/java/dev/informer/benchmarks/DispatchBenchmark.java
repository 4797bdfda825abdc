package dev.informer.benchmarks;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.internal.Notification;
import dev.informer.cache.internal.ProcessorListener;
import dev.informer.cache.internal.SharedProcessor;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The informer's dispatch path: one notification distributed by the {@link SharedProcessor} to
 * {@code listeners} listeners, run as the {@code mode} parameter says ({@link DispatchMode#named}:
 * {@code pooled}, the default worker pool; {@code thread}, one platform thread per listener;
 * {@code virtual}, one virtual thread per listener, Java 21+ only: add it with
 * {@code -p mode=pooled,thread,virtual} on such a JDK), until every handler has seen it.
 *
 * <ul>
 *   <li>{@link #oneEventToAllListeners}: one op = one event, distributed and handled by all
 *       listeners (latency-bound: includes waking every listener thread).</li>
 *   <li>{@link #burstOf100EventsToAllListeners}: one op = 100 events distributed back to back, then
 *       waiting until all listeners handled all of them (throughput-bound: listeners drain their
 *       rings in batches while the producer keeps appending).</li>
 * </ul>
 * The op allocates one notification per event, as the informer does; run with {@code -prof gc}:
 * {@code gc.alloc.rate.norm} divided by events per op and by listeners shows the per-listener cost.
 *
 * <p>Sample time (the latency of each op, microseconds per event) over 5 forks, as {@link
 * PeerDispatchBenchmark} measures the peers.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(5)
public class DispatchBenchmark {

    @Param({"1", "10", "100"})
    public int listeners;

    /**
     * The dispatch mode: {@code pooled}, {@code thread} or {@code virtual} (Java 21+), or {@code pooledN}
     * for a pool of N workers.
     */
    @Param({"pooled", "thread"})
    public String mode;

    SharedProcessor<BenchObject> processor;
    BenchObject object;
    /** Handler calls still outstanding in the current op; the last handler unparks the benchmark thread. */
    final AtomicInteger remaining = new AtomicInteger();

    volatile Thread waiter;

    /** Counts down the op's outstanding handler calls. */
    final class CountingHandler implements ResourceEventHandler<BenchObject> {
        @Override
        public void onAdd(BenchObject obj, boolean isInInitialList) {
            if (remaining.decrementAndGet() == 0) {
                LockSupport.unpark(waiter);
            }
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        processor = new SharedProcessor<>(
                "bench",
                Clock.system(),
                ThreadFactories.platformDaemon("bench-listener"),
                ProcessorListener.INITIAL_BUFFER_SIZE,
                Dispatcher.mode(mode));
        for (int i = 0; i < listeners; i++) {
            processor.addListener(new CountingHandler(), () -> true);
        }
        processor.start();
        object = BenchObject.create(1, 100, 10, 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        processor.stop();
    }

    @Benchmark
    public int oneEventToAllListeners() {
        return distributeAndAwait(1);
    }

    @Benchmark
    @org.openjdk.jmh.annotations.OperationsPerInvocation(100)
    public int burstOf100EventsToAllListeners() {
        return distributeAndAwait(100);
    }

    int distributeAndAwait(int events) {
        waiter = Thread.currentThread();
        remaining.set(events * listeners);
        for (int i = 0; i < events; i++) {
            processor.distribute(Notification.added(object, false), false);
        }
        while (remaining.get() > 0) {
            LockSupport.park(this);
        }
        return listeners;
    }
}
