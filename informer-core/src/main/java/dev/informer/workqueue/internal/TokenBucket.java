package dev.informer.workqueue.internal;

/**
 * The arithmetic of a token bucket (golang.org/x/time/rate's reservation scheme, without a ticker):
 * the bucket starts full with {@code burst} tokens and refills continuously, never above {@code burst}.
 * A {@link #tryTake} takes a token only if one is there; a {@link #reserve} always takes one, reserving
 * it in the future (the bucket goes negative) when none is left. Time is whatever monotonic nanosecond
 * reading the caller passes (its injected clock's {@code nanoTime()}); a reading that does not advance
 * adds nothing.
 *
 * <p>Not thread-safe: the caller guards every call with its own lock. Used by the work queue's overall
 * {@code BucketRateLimiter}, the client's request rate limiter and the event correlator's per-object
 * spam filter, which differ in what they do when the bucket is empty (wait, delay or drop).
 */
public final class TokenBucket {

    private static final double NANOS_PER_SECOND = 1e9;

    private final int burst;
    private final double refillTokens;
    private final double refillNanos;
    private double tokens;
    private long lastNanos;

    private TokenBucket(int burst, double refillTokens, double refillNanos, long nowNanos) {
        this.burst = burst;
        this.refillTokens = refillTokens;
        this.refillNanos = refillNanos;
        this.tokens = burst;
        this.lastNanos = nowNanos;
    }

    /** A full bucket of {@code burst} tokens that refills at {@code qps} tokens per second. */
    public static TokenBucket perSecond(double qps, int burst, long nowNanos) {
        return new TokenBucket(burst, qps, NANOS_PER_SECOND, nowNanos);
    }

    /** A full bucket of {@code burst} tokens that refills one token every {@code refillNanos}. */
    public static TokenBucket onePer(long refillNanos, int burst, long nowNanos) {
        return new TokenBucket(burst, 1, refillNanos, nowNanos);
    }

    /** Takes a token if a whole one is there at {@code nowNanos}; false (and nothing taken) if not. */
    public boolean tryTake(long nowNanos) {
        refill(nowNanos);
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }

    /**
     * Takes a token at {@code nowNanos}, reserving one in the future if none is left, and returns how
     * many nanoseconds after {@link #lastRefillNanos()} the reserved token exists: 0 when one was there.
     */
    public double reserve(long nowNanos) {
        refill(nowNanos);
        tokens -= 1;
        return tokens >= 0 ? 0 : -tokens / refillTokens * refillNanos;
    }

    /** Gives one token back (a cancelled reservation), never above {@code burst}. */
    public void giveBack(long nowNanos) {
        refill(nowNanos);
        tokens = Math.min(burst, tokens + 1);
    }

    /** The reading at which the bucket was last refilled. */
    public long lastRefillNanos() {
        return lastNanos;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastNanos;
        if (elapsed > 0) {
            tokens = Math.min(burst, tokens + elapsed * refillTokens / refillNanos);
            lastNanos = nowNanos;
        }
    }
}
