package dev.informer.workqueue;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code fast} for an item's first {@code maxFastAttempts} failures, {@code slow} after that
 * (client-go's {@code ItemFastSlowRateLimiter}). Thread-safe.
 */
final class ItemFastSlowRateLimiter<T> implements RateLimiter<T> {

    private final ConcurrentHashMap<T, Integer> failures = new ConcurrentHashMap<>();
    private final Duration fast;
    private final Duration slow;
    private final int maxFastAttempts;

    ItemFastSlowRateLimiter(Duration fast, Duration slow, int maxFastAttempts) {
        this.fast = fast;
        this.slow = slow;
        this.maxFastAttempts = maxFastAttempts;
    }

    @Override
    public Duration when(T item) {
        int attempts = failures.merge(item, 1, ItemExponentialFailureRateLimiter::saturatingSum);
        return attempts <= maxFastAttempts ? fast : slow;
    }

    @Override
    public void forget(T item) {
        failures.remove(item);
    }

    @Override
    public int numRequeues(T item) {
        return failures.getOrDefault(item, 0);
    }

    @Override
    public String toString() {
        return "ItemFastSlowRateLimiter[fast=" + fast + ", slow=" + slow + ", maxFastAttempts=" + maxFastAttempts + "]";
    }
}
