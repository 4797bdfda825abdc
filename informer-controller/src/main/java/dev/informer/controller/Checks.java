package dev.informer.controller;

import java.time.Duration;
import java.util.Objects;

/**
 * The argument checks of the runtime's durations (builder options, requeue delays, backoffs), with
 * one message format naming the argument: {@code "NAME must be positive: D"}, {@code "NAME must not
 * be negative: D"}, {@code "NAME must be at least 1: N"}. Stateless.
 */
final class Checks {

    private Checks() {}

    /**
     * Returns {@code duration} if it is above zero.
     *
     * @throws NullPointerException     naming the argument if {@code duration} is null
     * @throws IllegalArgumentException naming the argument and the value if it is zero or negative
     */
    static Duration positive(Duration duration, String name) {
        if (Objects.requireNonNull(duration, name).isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
        return duration;
    }

    /**
     * Returns {@code duration} if it is zero or above.
     *
     * @throws NullPointerException     naming the argument if {@code duration} is null
     * @throws IllegalArgumentException naming the argument and the value if it is negative
     */
    static Duration nonNegative(Duration duration, String name) {
        if (Objects.requireNonNull(duration, name).isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + duration);
        }
        return duration;
    }

    /**
     * Returns {@code count} if it is 1 or more.
     *
     * @throws IllegalArgumentException naming the argument and the value if it is below 1
     */
    static int atLeastOne(int count, String name) {
        if (count < 1) {
            throw new IllegalArgumentException(name + " must be at least 1: " + count);
        }
        return count;
    }
}
