package dev.informer.workqueue;

/**
 * A value that only goes up (adds, retries). Called on the adding thread, possibly with the queue's
 * lock held: implementations must be fast, non-blocking and thread-safe.
 */
public interface CounterMetric {

    /** Adds one. */
    void inc();
}
