package dev.informer.benchmarks;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The live heap a synced informer added, in MiB, reported by the end-to-end benchmarks (ours and the
 * peers') next to the sync time as JMH's {@code retainedMegabytes} counter; measurement iterations
 * only. Public for JMH's generated code; one instance per benchmark thread.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class RetainedHeap {
    /** Set by the iteration teardown; JMH reads it after that teardown. */
    public double retainedMegabytes;

    @Setup(Level.Iteration)
    public void clear() {
        retainedMegabytes = 0;
    }
}
