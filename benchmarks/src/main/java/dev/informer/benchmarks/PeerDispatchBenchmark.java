package dev.informer.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The peers' side of {@link DispatchBenchmark}: one ADDED notification (or a burst of 100)
 * distributed to {@code listeners} listeners and awaited until every handler has seen it, through
 * client-java's and fabric8's {@code SharedProcessor} (see {@link Dispatcher} for how each is set
 * up). The same waiting scheme as ours: handlers count down, the last one unparks the benchmark
 * thread. Run with {@code -prof gc} for {@code gc.alloc.rate.norm}.
 *
 * <p>One JMH state per benchmark; the benchmark method is called from one thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(5)
public class PeerDispatchBenchmark {

    @Param({"clientJava", "fabric8"})
    public String impl;

    @Param({"1", "10", "100"})
    public int listeners;

    Dispatcher dispatcher;
    /** Handler calls still outstanding in the current op; the last handler unparks the benchmark thread. */
    final AtomicInteger remaining = new AtomicInteger();
    /** Handler calls seen in total, for the smoke test. */
    final AtomicInteger delivered = new AtomicInteger();

    volatile Thread waiter;

    @Setup(Level.Trial)
    public void setUp() {
        List<Consumer<Object>> handlers = new ArrayList<>(listeners);
        for (int i = 0; i < listeners; i++) {
            handlers.add(obj -> {
                delivered.incrementAndGet();
                if (remaining.decrementAndGet() == 0) {
                    LockSupport.unpark(waiter);
                }
            });
        }
        dispatcher = Dispatcher.start(impl, BenchObject.create(1, 100, 10, 1), handlers);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        dispatcher.stop();
    }

    @Benchmark
    public int oneEventToAllListeners() {
        return distributeAndAwait(1);
    }

    @Benchmark
    @OperationsPerInvocation(100)
    public int burstOf100EventsToAllListeners() {
        return distributeAndAwait(100);
    }

    int distributeAndAwait(int events) {
        waiter = Thread.currentThread();
        remaining.set(events * listeners);
        for (int i = 0; i < events; i++) {
            dispatcher.distribute();
        }
        while (remaining.get() > 0) {
            LockSupport.park(this);
        }
        return listeners;
    }
}
