package dev.informer.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
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
 * The isolation goal: a stream of {@code notifications} (100,000) ADDED notifications distributed back
 * to back to {@value #LISTENERS} listeners, one of which is slow (it spends {@value #SLOW_NANOS} ns of
 * CPU per event), through ours (in a dispatch mode: {@code impl} = {@code pooled}, {@code thread}) and
 * both peers' shared processors side by side ({@code impl}; see {@link Dispatcher}). The goal figure is {@link #fastListenersSawEveryEvent}.
 * The isolation goal compares ours with fabric8 and with ours a thread per listener ({@code thread}).
 *
 * <ul>
 *   <li>{@link #allListenersSawEveryEvent}: one op = the stream, until every listener (the slow one
 *       included) has handled every event. Bounded below by the slow listener's own work.</li>
 *   <li>{@link #fastListenersSawEveryEvent}: one op = the stream, until the nine fast listeners
 *       have handled every event; the slow one drains outside the measurement. This is the handler
 *       isolation figure: with per-listener buffers and threads it stays far below the slow
 *       listener's total, with fabric8's single serial executor it cannot.</li>
 * </ul>
 * Scores are milliseconds per stream. Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the
 * bytes allocated per stream by all threads. Ours and the peers are measured in one class with an
 * {@code impl} parameter (no separate Peer class), since DispatchBenchmark has no such method.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 10, time = 1)
@Fork(
        value = 3,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class SlowListenerDispatchBenchmark {

    static final int LISTENERS = 10;
    static final long SLOW_NANOS = 1_000;

    @Param({"pooled", "thread", "clientJava", "fabric8"})
    public String impl;

    @Param("100000")
    public int notifications;

    Dispatcher dispatcher;
    /** Events handled so far by each listener (listener 0 is the slow one); one writer at a time each. */
    final AtomicLong[] handled = new AtomicLong[LISTENERS];
    /** The handled count every listener reaches at the end of the current op. */
    volatile long target;

    volatile CountDownLatch fastDone;
    volatile CountDownLatch slowDone;

    @Setup(Level.Trial)
    public void setUp() {
        List<Consumer<Object>> handlers = new ArrayList<>(LISTENERS);
        for (int i = 0; i < LISTENERS; i++) {
            AtomicLong counter = new AtomicLong();
            handled[i] = counter;
            boolean slow = i == 0;
            handlers.add(obj -> {
                if (slow) {
                    spin(SLOW_NANOS);
                }
                if (counter.incrementAndGet() == target) {
                    (slow ? slowDone : fastDone).countDown();
                }
            });
        }
        target = -1;
        dispatcher = Dispatcher.start(impl, BenchObject.create(1, 100, 10, 1), handlers);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        dispatcher.stop();
    }

    /** Lets the slow listener finish the previous stream outside the measured time. */
    @TearDown(Level.Invocation)
    public void awaitSlowListener() throws InterruptedException {
        slowDone.await();
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** Returns the number of events the slowest listener has handled in total. */
    @Benchmark
    public long allListenersSawEveryEvent() throws InterruptedException {
        stream();
        fastDone.await();
        slowDone.await();
        return minHandled();
    }

    /** Returns the number of events the slowest fast listener has handled in total. */
    @Benchmark
    public long fastListenersSawEveryEvent() throws InterruptedException {
        stream();
        fastDone.await();
        long min = Long.MAX_VALUE;
        for (int i = 1; i < LISTENERS; i++) {
            min = Math.min(min, handled[i].get());
        }
        return min;
    }

    private void stream() {
        fastDone = new CountDownLatch(LISTENERS - 1);
        slowDone = new CountDownLatch(1);
        // Every listener has handled every earlier stream (the invocation teardown waited for it).
        target = handled[0].get() + notifications;
        for (int i = 0; i < notifications; i++) {
            dispatcher.distribute();
        }
    }

    long minHandled() {
        long min = Long.MAX_VALUE;
        for (AtomicLong counter : handled) {
            min = Math.min(min, counter.get());
        }
        return min;
    }
}
