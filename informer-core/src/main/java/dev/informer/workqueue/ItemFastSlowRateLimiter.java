package dev.informer.workqueue;

import java.time.Duration;

/**
 * {@code fast} for an item's first {@code maxFastAttempts} failures, {@code slow} after that
 * (client-go's {@code ItemFastSlowRateLimiter}). Thread-safe.
 */
final class ItemFastSlowRateLimiter<T> extends ItemFailureRateLimiter<T> {

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
        int attempts = countFailure(item);
        return attempts <= maxFastAttempts ? fast : slow;
    }

    @Override
    public String toString() {
        return "ItemFastSlowRateLimiter[fast=" + fast + ", slow=" + slow + ", maxFastAttempts=" + maxFastAttempts + "]";
    }
}
