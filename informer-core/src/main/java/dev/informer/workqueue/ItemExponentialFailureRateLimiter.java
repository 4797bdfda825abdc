package dev.informer.workqueue;

import java.time.Duration;

/**
 * {@code base * 2^failures}, capped at {@code max}, per item (client-go's
 * {@code ItemExponentialFailureRateLimiter}). Thread-safe: per-item counts live in a concurrent map
 * ({@link ItemFailureRateLimiter}).
 */
final class ItemExponentialFailureRateLimiter<T> extends ItemFailureRateLimiter<T> {

    private final long baseNanos;
    private final Duration max;

    ItemExponentialFailureRateLimiter(Duration base, Duration max) {
        this.baseNanos = base.toNanos();
        this.max = max;
    }

    @Override
    public Duration when(T item) {
        int exponent = countFailure(item) - 1;
        // Computed in floating point so that a large exponent saturates instead of overflowing.
        double backoff = baseNanos * Math.pow(2, exponent);
        if (backoff >= Long.MAX_VALUE) {
            return max;
        }
        Duration calculated = Duration.ofNanos((long) backoff);
        return calculated.compareTo(max) > 0 ? max : calculated;
    }

    @Override
    public String toString() {
        return "ItemExponentialFailureRateLimiter[base=" + Duration.ofNanos(baseNanos) + ", max=" + max + "]";
    }
}
