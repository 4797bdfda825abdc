package dev.informer.workqueue;

/**
 * A value that is set outright (unfinished work seconds, longest running processor seconds; an
 * informer's queued items and store resource version). Called with the queue's lock held:
 * implementations must be fast, non-blocking and thread-safe.
 */
public interface SettableGaugeMetric {

    /** Sets the current value. */
    void set(double value);
}
