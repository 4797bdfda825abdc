package dev.informer.controller;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link Reconciler} asks for after a reconcile that did not throw (controller-runtime's {@code
 * reconcile.Result}): {@link #done()}, {@link #requeue()} (again, with the controller's rate-limited
 * backoff) or {@link #requeueAfter(Duration)} (again after a fixed delay, the backoff forgotten).
 * Throwing from the reconciler is the third way back into the queue: a rate-limited requeue counted
 * as an error.
 *
 * <p>Immutable value.
 */
public final class Result {

    /** The three outcomes a reconciler can ask for. */
    public enum Kind {
        /** Finished: the key's backoff is forgotten; it comes back only with its next event. */
        DONE,
        /** Reconcile again after the rate limiter's delay for the key (it grows with each requeue). */
        REQUEUE,
        /** Reconcile again after {@link Result#delay()}; the key's backoff is forgotten. */
        REQUEUE_AFTER
    }

    private static final Result DONE = new Result(Kind.DONE, Duration.ZERO);
    private static final Result REQUEUE = new Result(Kind.REQUEUE, Duration.ZERO);

    private final Kind kind;
    private final Duration delay;

    private Result(Kind kind, Duration delay) {
        this.kind = kind;
        this.delay = delay;
    }

    /** Finished; nothing to do until the next event. */
    public static Result done() {
        return DONE;
    }

    /** Reconcile the key again, rate-limited (the per-key exponential backoff grows). */
    public static Result requeue() {
        return REQUEUE;
    }

    /**
     * Reconcile the key again after {@code delay} (e.g. to poll an external system); the key's backoff
     * is forgotten, as controller-runtime does.
     *
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    public static Result requeueAfter(Duration delay) {
        return new Result(Kind.REQUEUE_AFTER, Checks.nonNegative(delay, "requeueAfter"));
    }

    /** The outcome asked for. */
    public Kind kind() {
        return kind;
    }

    /** The delay of {@link Kind#REQUEUE_AFTER}; zero for the others. */
    public Duration delay() {
        return delay;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof Result other && kind == other.kind && delay.equals(other.delay);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + delay.hashCode();
    }

    @Override
    public String toString() {
        return kind == Kind.REQUEUE_AFTER
                ? "requeueAfter(" + delay + ")"
                : kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
