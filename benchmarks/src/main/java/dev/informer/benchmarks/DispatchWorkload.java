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
 * The set-up, waiting scheme, run settings and benchmark methods that {@link DispatchBenchmark} and
 * {@link PeerDispatchBenchmark} share, so that ours and the peers' are measured alike: sample time in
 * microseconds, 2 warmup and 3 measured iterations of 1 s in 5 forks (JMH reads these class
 * annotations from the superclass) and the {@code listeners} parameter, the same for both (JMH takes a
 * {@code @Param} only in a {@code @State} class and sets it from generated code, hence this class's
 * {@code @State} and public). Each subclass declares its own {@code @State} and its {@code impl}
 * parameter (JMH names the benchmarks after the subclass). Handlers count down,
 * the last one unparks the benchmark thread, for every impl alike.
 *
 * <p>One JMH state per benchmark; the benchmark methods are called from one thread.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(5)
@State(Scope.Benchmark)
public abstract class DispatchWorkload {

    /** Listeners the notification goes to; the same values for ours and the peers. */
    @Param({"1", "10", "100"})
    public int listeners;

    Dispatcher dispatcher;
    /** Handler calls still outstanding in the current op; the last handler unparks the benchmark thread. */
    final AtomicInteger remaining = new AtomicInteger();
    /** Handler calls seen in total, for the smoke test. */
    final AtomicInteger delivered = new AtomicInteger();

    volatile Thread waiter;

    /** The {@code impl} parameter: ours in a dispatch mode, or a peer. */
    abstract String impl();

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
        dispatcher = Dispatcher.start(impl(), BenchObject.create(1, 100, 10, 1), handlers);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        dispatcher.stop();
    }

    /** One op = one event, distributed and handled by all listeners. */
    @Benchmark
    public int oneEventToAllListeners() {
        return distributeAndAwait(1);
    }

    /** One op = one of 100 events distributed back to back, then awaited. */
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
