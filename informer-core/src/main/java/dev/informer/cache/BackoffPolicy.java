package dev.informer.cache;

import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link Reflector} backs off between failed list/watch attempts: exponential from
 * {@code initial}, multiplied by {@code factor} per step up to {@code cap}, each delay stretched by a
 * random fraction in {@code [0, jitter)} of itself, and reset to {@code initial} when no backoff was
 * needed for {@code resetAfter} (the server is considered healthy again). The same shape as
 * client-go's {@code wait.NewExponentialBackoffManager}.
 *
 * <p>Immutable value; thread-safe.
 *
 * @param initial    the first delay, positive
 * @param factor     the multiplier per step, at least 1
 * @param cap        the largest un-jittered delay, at least {@code initial}
 * @param jitter     the random stretch as a fraction of the delay, at least 0 (1.0 = up to twice as long)
 * @param resetAfter how long without a backoff resets the delay to {@code initial}, positive
 */
public record BackoffPolicy(Duration initial, double factor, Duration cap, double jitter, Duration resetAfter) {

    /**
     * @throws NullPointerException     if a duration is {@code null}
     * @throws IllegalArgumentException naming the field when a value is out of range
     */
    public BackoffPolicy {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(cap, "cap");
        Objects.requireNonNull(resetAfter, "resetAfter");
        if (initial.isNegative() || initial.isZero()) {
            throw new IllegalArgumentException("backoff initial delay must be positive: " + initial);
        }
        if (!(factor >= 1.0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("backoff factor must be a finite number >= 1: " + factor);
        }
        if (cap.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff cap " + cap + " is below the initial delay " + initial);
        }
        if (!(jitter >= 0.0) || Double.isInfinite(jitter)) {
            throw new IllegalArgumentException("backoff jitter must be a finite number >= 0: " + jitter);
        }
        if (resetAfter.isNegative() || resetAfter.isZero()) {
            throw new IllegalArgumentException("backoff resetAfter must be positive: " + resetAfter);
        }
    }

    /**
     * client-go's reflector backoff: 800 ms, doubling, capped at 30 s, jitter 1.0 (so the delay
     * settles in [30 s, 60 s)), reset after 2 minutes without failures.
     */
    public static BackoffPolicy reflectorDefault() {
        return new BackoffPolicy(Duration.ofMillis(800), 2.0, Duration.ofSeconds(30), 1.0, Duration.ofMinutes(2));
    }

    /** A fixed delay without jitter; handy in tests against a real server. */
    public static BackoffPolicy constant(Duration delay) {
        return new BackoffPolicy(delay, 1.0, delay, 0.0, Duration.ofMinutes(2));
    }
}
