package dev.informer.workqueue;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The ready-made {@link RateLimiter}s of client-go's {@code workqueue} package. Every limiter returned
 * is thread-safe; the per-item ones keep one small counter per item until it is forgotten. Invalid
 * arguments fail fast with {@link IllegalArgumentException} naming the parameter.
 */
public final class RateLimiters {

    private RateLimiters() {}

    /**
     * Per item, {@code base * 2^(failures so far)}, capped at {@code max}: 5 ms, 10 ms, 20 ms, ... for a
     * 5 ms base.
     *
     * @throws IllegalArgumentException if {@code base} is negative or {@code max} is less than {@code base}
     */
    public static <T> RateLimiter<T> itemExponentialFailure(Duration base, Duration max) {
        requireNonNegative(base, "base");
        Objects.requireNonNull(max, "max");
        if (max.compareTo(base) < 0) {
            throw new IllegalArgumentException("max delay " + max + " is less than the base delay " + base);
        }
        return new ItemExponentialFailureRateLimiter<>(base, max);
    }

    /**
     * Per item, {@code fast} for the first {@code maxFastAttempts} failures, then {@code slow}.
     *
     * @throws IllegalArgumentException if a delay is negative or {@code maxFastAttempts} is negative
     */
    public static <T> RateLimiter<T> itemFastSlow(Duration fast, Duration slow, int maxFastAttempts) {
        requireNonNegative(fast, "fast");
        requireNonNegative(slow, "slow");
        if (maxFastAttempts < 0) {
            throw new IllegalArgumentException("maxFastAttempts must not be negative: " + maxFastAttempts);
        }
        return new ItemFastSlowRateLimiter<>(fast, slow, maxFastAttempts);
    }

    /**
     * An overall token bucket, on the system clock: see {@link #bucket(double, int, Clock)}.
     */
    public static <T> RateLimiter<T> bucket(double qps, int burst) {
        return bucket(qps, burst, Clock.system());
    }

    /**
     * An overall token bucket shared by all items: it starts full with {@code burst} tokens and refills
     * at {@code qps} per second on {@code clock}; when it is empty, each call reserves the next token
     * and returns the time until it exists. {@code qps} may be {@link Double#POSITIVE_INFINITY}
     * (never delays).
     *
     * @throws IllegalArgumentException if {@code qps} is not positive or {@code burst} is less than 1
     */
    public static <T> RateLimiter<T> bucket(double qps, int burst, Clock clock) {
        if (!(qps > 0)) {
            throw new IllegalArgumentException("qps must be positive: " + qps);
        }
        if (burst < 1) {
            throw new IllegalArgumentException("burst must be at least 1: " + burst);
        }
        return new BucketRateLimiter<>(qps, burst, Objects.requireNonNull(clock, "clock"));
    }

    /**
     * The worst case of {@code limiters}: every limiter sees every call; the longest delay and the
     * largest requeue count win; forgetting forgets in all.
     *
     * @throws IllegalArgumentException if no limiter is given
     */
    @SafeVarargs
    public static <T> RateLimiter<T> maxOf(RateLimiter<? super T>... limiters) {
        List<RateLimiter<? super T>> list = new ArrayList<>(limiters.length);
        for (RateLimiter<? super T> limiter : limiters) {
            list.add(limiter); // copied element by element: handing the generic array on would pollute the heap
        }
        return maxOf(list);
    }

    /** As {@link #maxOf(RateLimiter[])}, from a list. */
    public static <T> RateLimiter<T> maxOf(List<? extends RateLimiter<? super T>> limiters) {
        if (limiters.isEmpty()) {
            throw new IllegalArgumentException("maxOf needs at least one rate limiter");
        }
        for (RateLimiter<? super T> limiter : limiters) {
            Objects.requireNonNull(limiter, "a rate limiter passed to maxOf is null");
        }
        return new MaxOfRateLimiter<>(List.copyOf(limiters));
    }

    /**
     * {@code limiter} with its delays capped at {@code maxWait}.
     *
     * @throws IllegalArgumentException if {@code maxWait} is negative
     */
    public static <T> RateLimiter<T> withMaxWait(RateLimiter<? super T> limiter, Duration maxWait) {
        requireNonNegative(maxWait, "maxWait");
        return new MaxWaitRateLimiter<>(Objects.requireNonNull(limiter, "limiter"), maxWait);
    }

    /** The default per-item limiter: exponential from 1 ms to 1000 s. */
    public static <T> RateLimiter<T> defaultItemBasedRateLimiter() {
        return itemExponentialFailure(Duration.ofMillis(1), Duration.ofSeconds(1000));
    }

    /** {@link #defaultControllerRateLimiter(Clock)} on the system clock. */
    public static <T> RateLimiter<T> defaultControllerRateLimiter() {
        return defaultControllerRateLimiter(Clock.system());
    }

    /**
     * client-go's default controller limiter: the worse of a per-item exponential backoff
     * (5 ms doubling up to 1000 s) and an overall token bucket of 10 qps with a burst of 100 (which
     * only slows down retries, not first adds).
     */
    public static <T> RateLimiter<T> defaultControllerRateLimiter(Clock clock) {
        return maxOf(List.of(
                RateLimiters.<T>itemExponentialFailure(Duration.ofMillis(5), Duration.ofSeconds(1000)),
                RateLimiters.<T>bucket(10, 100, clock)));
    }

    private static void requireNonNegative(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + duration);
        }
    }
}
