package dev.informer.controller;

import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * client-go's {@code util/retry}: run an update again when it lost an optimistic-concurrency race.
 * The usual shape re-reads the object inside the function, changes it and writes it:
 *
 * <pre>{@code
 * Retry.retryOnConflict(Retry.DEFAULT_RETRY, () -> {
 *     ConfigMap current = configMaps.get(name);
 *     return configMaps.update(withLabel(current, "app", "web"));
 * });
 * }</pre>
 *
 * <p>Stateless and thread-safe; waits on the given clock (default the system clock) between attempts.
 */
public final class Retry {

    /**
     * How many attempts and how long between them (client-go's {@code wait.Backoff}): the first wait is
     * {@code duration}, each next one {@code factor} times the previous, each stretched by up to {@code
     * jitter} times itself at random; at most {@code steps} attempts in all. Immutable value.
     *
     * @param duration the first wait
     * @param factor   the growth of each next wait (1 for constant waits)
     * @param jitter   the random stretch, 0 for none
     * @param steps    the number of attempts, at least 1
     */
    public record Backoff(Duration duration, double factor, double jitter, int steps) {

        /**
         * Validates the values.
         *
         * @throws IllegalArgumentException for a negative duration, a factor below 1, a negative jitter
         *                                  or fewer than one step
         */
        public Backoff {
            Checks.nonNegative(duration, "backoff duration");
            if (!(factor >= 1.0) || Double.isInfinite(factor)) {
                throw new IllegalArgumentException("backoff factor must be a finite number >= 1: " + factor);
            }
            if (!(jitter >= 0.0) || Double.isInfinite(jitter)) {
                throw new IllegalArgumentException("backoff jitter must be a finite number >= 0: " + jitter);
            }
            Checks.atLeastOne(steps, "backoff steps");
        }
    }

    /** client-go's {@code DefaultRetry}: 5 attempts, 10 ms apart, jitter 0.1; for a conflict in a hot loop. */
    public static final Backoff DEFAULT_RETRY = new Backoff(Duration.ofMillis(10), 1.0, 0.1, 5);

    /**
     * client-go's {@code DefaultBackoff}: 4 attempts, waits of 10, 50 and 250 ms, jitter 0.1; for a
     * write to a resource that other clients write too.
     */
    public static final Backoff DEFAULT_BACKOFF = new Backoff(Duration.ofMillis(10), 5.0, 0.1, 4);

    private Retry() {}

    /**
     * Runs {@code fn} until it does not throw a 409 Conflict {@link StatusException}, at most {@code
     * backoff.steps()} times, on the system clock.
     *
     * @return what the successful run returned
     * @throws StatusException      the last conflict when every attempt conflicted, or any other error at once
     * @throws InterruptedException if interrupted while waiting between attempts
     */
    public static <T> T retryOnConflict(Backoff backoff, Supplier<T> fn) throws InterruptedException {
        return onError(backoff, Clock.system(), Retry::isConflict, fn);
    }

    /** {@link #retryOnConflict(Backoff, Supplier)} waiting on {@code clock}. */
    public static <T> T retryOnConflict(Backoff backoff, Clock clock, Supplier<T> fn) throws InterruptedException {
        return onError(backoff, clock, Retry::isConflict, fn);
    }

    /**
     * client-go's {@code OnError}: runs {@code fn} again while it throws an exception {@code retriable}
     * accepts, at most {@code backoff.steps()} times, waiting on {@code clock} in between.
     *
     * @throws RuntimeException     the last retriable exception when every attempt failed, or the first
     *                              one {@code retriable} rejects
     * @throws InterruptedException if interrupted while waiting between attempts
     */
    public static <T> T onError(
            Backoff backoff, Clock clock, Predicate<? super RuntimeException> retriable, Supplier<T> fn)
            throws InterruptedException {
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(retriable, "retriable");
        Objects.requireNonNull(fn, "fn");
        double wait = backoff.duration().toNanos();
        for (int attempt = 1; ; attempt++) {
            try {
                return fn.get();
            } catch (RuntimeException e) {
                if (attempt >= backoff.steps() || !retriable.test(e)) {
                    throw e;
                }
            }
            long nanos = (long)
                    (wait * (1 + backoff.jitter() * ThreadLocalRandom.current().nextDouble()));
            clock.sleep(Duration.ofNanos(nanos));
            wait *= backoff.factor();
        }
    }

    /** Whether {@code e} is the API server's 409 Conflict. */
    public static boolean isConflict(RuntimeException e) {
        return e instanceof StatusException status && status.isConflict();
    }
}
