package dev.informer.workqueue;

import java.time.Duration;

/**
 * Decides how long an item waits before it is retried (client-go's {@code workqueue.RateLimiter}).
 * Ready-made limiters are in {@link RateLimiters}.
 *
 * <p>Implementations must be thread-safe: a queue's producers and workers call them concurrently.
 *
 * @param <T> the item type the limiter tracks
 */
public interface RateLimiter<T> {

    /**
     * Returns how long {@code item} should wait now, and records the attempt (so the next call for the
     * same item may return a longer delay). Never {@code null} or negative.
     */
    Duration when(T item);

    /** Stops tracking {@code item}: its next {@link #when} starts over. */
    void forget(T item);

    /** How many failures of {@code item} this limiter has recorded since it was last forgotten. */
    int numRequeues(T item);
}
