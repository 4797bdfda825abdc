package dev.informer.benchmarks;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Dispatch, ours and the peers in one class so that they run back to back: one ADDED notification
 * (or a burst of 100) distributed to {@code listeners} listeners and awaited until every handler has
 * seen it. {@code impl}: ours in a dispatch mode ({@code pooled}, the default worker pool; {@code
 * thread}, one platform thread per listener; add {@code virtual} with {@code -p impl=...} on Java
 * 21+), or a peer's {@code SharedProcessor} ({@code clientJava}, {@code fabric8}; see {@link
 * Dispatcher} for how each is set up). Handlers count down, the last one unparks the benchmark
 * thread, for every impl alike.
 *
 * <ul>
 *   <li>{@link #oneEventToAllListeners}: one op = one event, distributed and handled by all
 *       listeners (latency-bound: includes waking the listeners' threads).</li>
 *   <li>{@link #burstOf100EventsToAllListeners}: one op = one of 100 events distributed back to back,
 *       then waiting until all listeners handled all of them (throughput-bound).</li>
 * </ul>
 * The op allocates one notification per event, as the informer does; run with {@code -prof gc}:
 * {@code gc.alloc.rate.norm} divided by listeners is the per-event, per-listener cost.
 *
 * <p>Sample time (microseconds per event) over 5 forks. {@link PeerDispatchBenchmark} runs the peers
 * alone (the full run skips it: this class has them).
 */
@State(Scope.Benchmark)
public class DispatchBenchmark extends DispatchWorkload {

    /** Ours in a dispatch mode ({@code pooled}, {@code thread}, {@code virtual}, {@code pooledN}) or a peer. */
    @Param({"pooled", "thread", "clientJava", "fabric8"})
    public String impl;

    @Override
    String impl() {
        return impl;
    }
}
