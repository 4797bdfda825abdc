package dev.informer.cache;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Waiting for informers and handler registrations to sync (client-go's {@code WaitForCacheSync} and
 * 1.37's {@code WaitFor} over {@link DoneChecker}s). Stateless; every method is thread-safe.
 */
public final class Sync {

    /** How often the checkers are asked (client-go's {@code syncedPollPeriod}). */
    public static final Duration POLL_PERIOD = Duration.ofMillis(100);

    private Sync() {}

    /**
     * What a wait found: the names of the checkers that were not done when it returned, in the order
     * they were given. Immutable.
     *
     * @param notDone the names of the checkers not done, empty when all were
     */
    public record Result(List<String> notDone) {

        public Result {
            notDone = List.copyOf(notDone);
        }

        /** Whether every checker was done. */
        public boolean allDone() {
            return notDone.isEmpty();
        }

        @Override
        public String toString() {
            return allDone() ? "all done" : "not done: " + String.join(", ", notDone);
        }
    }

    /** {@link #waitFor(Clock, Duration, DoneChecker...)} on the system clock. */
    public static Result waitFor(Duration timeout, DoneChecker... checkers) throws InterruptedException {
        return waitFor(Clock.system(), timeout, checkers);
    }

    /**
     * Waits until every checker is done or {@code timeout} of {@code clock}'s time has passed, asking
     * the checkers not yet done every {@link #POLL_PERIOD}, and returns which were not done. With no
     * checkers, or all done at once, it returns without waiting. A zero timeout checks once.
     *
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws NullPointerException     if a checker is {@code null}
     * @throws InterruptedException     if interrupted while waiting
     */
    public static Result waitFor(Clock clock, Duration timeout, DoneChecker... checkers) throws InterruptedException {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        List<DoneChecker> pending = new ArrayList<>(checkers.length);
        for (DoneChecker checker : checkers) {
            pending.add(Objects.requireNonNull(checker, "checker"));
        }
        long deadline = clock.nanoTime() + Clock.toNanosSaturated(timeout);
        while (true) {
            pending.removeIf(DoneChecker::isDone);
            long remaining = deadline - clock.nanoTime();
            if (pending.isEmpty() || remaining <= 0) {
                return new Result(pending.stream().map(DoneChecker::name).toList());
            }
            clock.sleep(Duration.ofNanos(Math.min(remaining, POLL_PERIOD.toNanos())));
        }
    }
}
