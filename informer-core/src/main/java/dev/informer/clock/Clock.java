package dev.informer.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The only source of time in the library: every component that waits, backs off, resyncs or
 * timestamps takes a {@code Clock}, so tests drive time with {@link dev.informer.clock.testing.FakeClock}
 * instead of sleeping.
 *
 * <p>Two readings, as in Go's {@code time} package: {@link #now()} is wall time (for timestamps
 * written to objects), {@link #nanoTime()} is monotonic (for deadlines, durations and rates).
 *
 * <p>Waiting goes through {@link #awaitUntil(Lock, Condition, long)} so that a fake clock can wake
 * waiters when it is stepped. Implementations are thread-safe.
 */
public interface Clock {

    /** Wall-clock time. */
    Instant now();

    /** Monotonic time in nanoseconds; only differences are meaningful. */
    long nanoTime();

    /**
     * Waits on {@code condition}, whose {@code lock} the caller holds, until it is signalled, the
     * thread is interrupted, the wait returns spuriously, or this clock's {@link #nanoTime()}
     * reaches {@code deadlineNanos}. Like {@link Condition#await()}, the caller re-checks its own
     * state and the deadline in a loop.
     *
     * @throws InterruptedException if the thread is interrupted while waiting
     * @throws IllegalMonitorStateException if the caller does not hold {@code lock}
     */
    void awaitUntil(Lock lock, Condition condition, long deadlineNanos) throws InterruptedException;

    /**
     * Blocks for {@code duration} of this clock's time.
     *
     * @throws InterruptedException if the thread is interrupted while sleeping
     */
    default void sleep(Duration duration) throws InterruptedException {
        long deadline = nanoTime() + duration.toNanos();
        Lock lock = new ReentrantLock();
        Condition never = lock.newCondition();
        lock.lock();
        try {
            while (nanoTime() - deadline < 0) {
                awaitUntil(lock, never, deadline);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The real clock: {@link System#nanoTime()} and the system wall clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }

    /** Converts a duration to nanoseconds, saturating instead of overflowing. */
    static long toNanosSaturated(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException overflow) {
            return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
