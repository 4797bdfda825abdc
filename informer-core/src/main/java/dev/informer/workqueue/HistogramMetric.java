package dev.informer.workqueue;

/**
 * Records observations in seconds (queue latency, work duration; an informer's processing latency).
 * Called with the queue's lock held: implementations must be fast, non-blocking and thread-safe.
 */
public interface HistogramMetric {

    /** Records one observation, in seconds. */
    void observe(double seconds);
}
