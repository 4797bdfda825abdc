package dev.informer.workqueue;

import java.time.Duration;
import java.util.List;

/**
 * The worst case of several limiters (client-go's {@code MaxOfRateLimiter}): {@code when} asks every
 * limiter (so each records the attempt) and returns the longest delay; {@code numRequeues} is the
 * largest count; {@code forget} forgets in all. Thread-safe as its limiters.
 */
final class MaxOfRateLimiter<T> implements RateLimiter<T> {

    private final List<RateLimiter<? super T>> limiters;

    MaxOfRateLimiter(List<RateLimiter<? super T>> limiters) {
        this.limiters = List.copyOf(limiters);
    }

    @Override
    public Duration when(T item) {
        Duration longest = Duration.ZERO;
        for (RateLimiter<? super T> limiter : limiters) {
            Duration delay = limiter.when(item);
            if (delay.compareTo(longest) > 0) {
                longest = delay;
            }
        }
        return longest;
    }

    @Override
    public void forget(T item) {
        for (RateLimiter<? super T> limiter : limiters) {
            limiter.forget(item);
        }
    }

    @Override
    public int numRequeues(T item) {
        int most = 0;
        for (RateLimiter<? super T> limiter : limiters) {
            most = Math.max(most, limiter.numRequeues(item));
        }
        return most;
    }

    @Override
    public String toString() {
        return "MaxOfRateLimiter" + limiters;
    }
}
