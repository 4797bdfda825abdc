package dev.informer.workqueue;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-item failure count that client-go's item limiters share ({@code ItemExponentialFailureRateLimiter},
 * {@code ItemFastSlowRateLimiter}): each {@link #when} counts one more failure of the item (saturating at
 * {@link Integer#MAX_VALUE}), {@link #forget} clears it, {@link #numRequeues} reads it. Subclasses turn
 * the count into a delay. Thread-safe: the counts live in a concurrent map.
 */
abstract class ItemFailureRateLimiter<T> implements RateLimiter<T> {

    private final ConcurrentHashMap<T, Integer> failures = new ConcurrentHashMap<>();

    /** Counts one more failure of {@code item} and returns its failures so far, this one included. */
    final int countFailure(T item) {
        return failures.merge(item, 1, ItemFailureRateLimiter::saturatingSum);
    }

    @Override
    public final void forget(T item) {
        failures.remove(item);
    }

    @Override
    public final int numRequeues(T item) {
        return failures.getOrDefault(item, 0);
    }

    static int saturatingSum(int a, int b) {
        int sum = a + b;
        return sum < a ? Integer.MAX_VALUE : sum;
    }
}
