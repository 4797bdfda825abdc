package dev.informer.workqueue;

/**
 * A {@link DelayingQueue} whose re-adds are delayed by a {@link RateLimiter} (client-go's
 * {@code RateLimitingInterface}): the usual controller queue.
 *
 * <p>The pattern: on failure {@code addRateLimited(key)}, on success (or permanent failure)
 * {@code forget(key)}, and in both cases {@code done(key)}. Forgetting matters: the per-item limiters
 * remember failures until forgotten.
 *
 * <p>Thread-safe as the limiter it wraps (every limiter in {@link RateLimiters} is).
 *
 * @param <T> the item type
 */
public interface RateLimitingQueue<T> extends DelayingQueue<T> {

    /** Adds {@code item} after the delay the rate limiter returns for it now. */
    void addRateLimited(T item);

    /**
     * Stops tracking {@code item}'s failures in the rate limiter, whether it succeeded or failed for
     * good. Does not remove it from the queue; {@link #done(Object)} is still required.
     */
    void forget(T item);

    /** How many times {@code item} has been re-queued through the rate limiter since it was last forgotten. */
    int numRequeues(T item);
}
