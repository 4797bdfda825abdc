package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.workqueue.internal.TokenBucket;
import java.time.Duration;

/**
 * An overall token bucket, not per item (client-go's {@code BucketRateLimiter} over
 * {@code golang.org/x/time/rate}): the bucket starts full with {@code burst} tokens and refills at
 * {@code qps} tokens per second on the injected clock. Each {@link #when} takes a token, reserving
 * one in the future (the bucket goes negative) when none is left, and returns how long until that
 * reserved token exists. Thread-safe: one small lock around the bucket arithmetic.
 */
final class BucketRateLimiter<T> implements RateLimiter<T> {

    private final Clock clock;
    private final double qps;
    private final int burst;
    // @GuardedBy("this")
    private final TokenBucket bucket;

    BucketRateLimiter(double qps, int burst, Clock clock) {
        this.clock = clock;
        this.qps = qps;
        this.burst = burst;
        this.bucket = TokenBucket.perSecond(qps, burst, clock.nanoTime());
    }

    @Override
    public synchronized Duration when(T item) {
        if (qps == Double.POSITIVE_INFINITY) {
            return Duration.ZERO;
        }
        return Duration.ofNanos((long) bucket.reserve(clock.nanoTime()));
    }

    @Override
    public void forget(T item) {
        // An overall limiter does not track items.
    }

    @Override
    public int numRequeues(T item) {
        return 0;
    }

    @Override
    public String toString() {
        return "BucketRateLimiter[qps=" + qps + ", burst=" + burst + "]";
    }
}
