package dev.informer.client;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.workqueue.internal.TokenBucket;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The token bucket behind {@link RequestRateLimiter#tokenBucket}: golang.org/x/time/rate's
 * reservation scheme without a ticker. Taking a token when none is left reserves one in the future
 * (the bucket goes negative) and waits until the refill has produced it, so waiters are served in
 * the order they asked. Thread-safe: one lock guards the arithmetic and the waits.
 */
final class TokenBucketRateLimiter implements RequestRateLimiter {

    private final double qps;
    private final int burst;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    /** Never signalled: waits end on the clock's deadline (a fake clock wakes them when stepped). */
    private final Condition tick = lock.newCondition();
    // @GuardedBy("lock")
    private final TokenBucket bucket;

    TokenBucketRateLimiter(double qps, int burst, Clock clock) {
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be positive and finite: " + qps);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1: " + burst);
        }
        this.qps = qps;
        this.burst = burst;
        this.clock = clock;
        this.bucket = TokenBucket.perSecond(qps, burst, clock.nanoTime());
    }

    @Override
    public boolean tryAcquire() {
        return Locks.read(lock, () -> bucket.tryTake(clock.nanoTime()));
    }

    @Override
    public void acquire() throws InterruptedException {
        lock.lock();
        try {
            double wait = bucket.reserve(clock.nanoTime());
            if (wait == 0) {
                return;
            }
            long deadline = bucket.lastRefillNanos() + (long) Math.ceil(wait);
            try {
                while (clock.nanoTime() - deadline < 0) {
                    clock.awaitUntil(lock, tick, deadline);
                }
            } catch (InterruptedException e) {
                // Give the reservation back (x/time/rate's cancel, simplified to one token).
                bucket.giveBack(clock.nanoTime());
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public double qps() {
        return qps;
    }

    @Override
    public String toString() {
        return "TokenBucketRateLimiter[qps=" + qps + ", burst=" + burst + "]";
    }
}
