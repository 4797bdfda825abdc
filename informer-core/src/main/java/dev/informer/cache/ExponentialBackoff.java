package dev.informer.cache;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The stateful side of a {@link BackoffPolicy}: each {@link #next()} returns the delay to wait now
 * and advances the exponent, as client-go's exponential backoff manager. The delay resets to the
 * initial one when the previous call was longer than {@code resetAfter} ago on the injected clock.
 *
 * <p>Not thread-safe: one reflector thread owns it.
 */
final class ExponentialBackoff {

    private final BackoffPolicy policy;
    private final Clock clock;
    private final RandomGenerator random;
    private final long initialNanos;
    private final long capNanos;
    private final long resetNanos;

    private long currentNanos;
    private boolean capped;
    private boolean everUsed;
    private long lastBackoffStartNanos;

    ExponentialBackoff(BackoffPolicy policy, Clock clock, RandomGenerator random) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.initialNanos = Clock.toNanosSaturated(policy.initial());
        this.capNanos = Clock.toNanosSaturated(policy.cap());
        this.resetNanos = Clock.toNanosSaturated(policy.resetAfter());
        this.currentNanos = initialNanos;
    }

    /** The delay to wait before the next attempt. */
    Duration next() {
        long now = clock.nanoTime();
        if (!everUsed || now - lastBackoffStartNanos > resetNanos) {
            currentNanos = initialNanos;
            capped = false;
        }
        everUsed = true;
        lastBackoffStartNanos = now;
        long delay = currentNanos;
        if (!capped) {
            double grown = currentNanos * policy.factor();
            if (grown >= capNanos) {
                currentNanos = capNanos;
                capped = true;
            } else {
                currentNanos = (long) grown;
            }
        }
        if (policy.jitter() > 0) {
            double stretched = delay + random.nextDouble() * policy.jitter() * delay;
            delay = stretched >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) stretched;
        }
        return Duration.ofNanos(delay);
    }
}
