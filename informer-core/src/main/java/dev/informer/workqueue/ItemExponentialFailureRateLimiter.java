package dev.informer.workqueue;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code base * 2^failures}, capped at {@code max}, per item (client-go's
 * {@code ItemExponentialFailureRateLimiter}). Thread-safe: per-item counts live in a concurrent map.
 */
final class ItemExponentialFailureRateLimiter<T> implements RateLimiter<T> {

    private final ConcurrentHashMap<T, Integer> failures = new ConcurrentHashMap<>();
    private final long baseNanos;
    private final Duration max;

    ItemExponentialFailureRateLimiter(Duration base, Duration max) {
        this.baseNanos = base.toNanos();
        this.max = max;
    }

    @Override
    public Duration when(T item) {
        int exponent = failures.merge(item, 1, ItemExponentialFailureRateLimiter::saturatingSum) - 1;
        // Computed in floating point so that a large exponent saturates instead of overflowing.
        double backoff = baseNanos * Math.pow(2, exponent);
        if (backoff >= Long.MAX_VALUE) {
            return max;
        }
        Duration calculated = Duration.ofNanos((long) backoff);
        return calculated.compareTo(max) > 0 ? max : calculated;
    }

    @Override
    public void forget(T item) {
        failures.remove(item);
    }

    @Override
    public int numRequeues(T item) {
        return failures.getOrDefault(item, 0);
    }

    static int saturatingSum(int a, int b) {
        int sum = a + b;
        return sum < a ? Integer.MAX_VALUE : sum;
    }

    @Override
    public String toString() {
        return "ItemExponentialFailureRateLimiter[base=" + Duration.ofNanos(baseNanos) + ", max=" + max + "]";
    }
}
