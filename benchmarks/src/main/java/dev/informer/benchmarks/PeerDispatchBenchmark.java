package dev.informer.benchmarks;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

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
public class PeerDispatchBenchmark extends DispatchWorkload {

    @Param({"clientJava", "fabric8"})
    public String impl;

    @Override
    String impl() {
        return impl;
    }
}
