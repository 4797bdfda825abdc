package dev.informer.workqueue;

/**
 * A value that goes up and down by one (the queue depth). Called with the queue's lock held:
 * implementations must be fast, non-blocking and thread-safe.
 */
public interface GaugeMetric {

    /** Adds one. */
    void inc();

    /** Subtracts one. */
    void dec();
}
