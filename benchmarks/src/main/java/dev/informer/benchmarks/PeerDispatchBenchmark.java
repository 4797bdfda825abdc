package dev.informer.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
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
public class PeerDispatchBenchmark extends DispatchWorkload {

    @Param({"clientJava", "fabric8"})
    public String impl;

    @Param({"1", "10", "100"})
    public int listeners;

    @Override
    String impl() {
        return impl;
    }

    @Override
    int listeners() {
        return listeners;
    }
}
