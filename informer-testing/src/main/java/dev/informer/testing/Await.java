package dev.informer.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded polling for a condition another thread makes true: the tests' alternative to sleeping.
 *
 * <p>Thread-safe (stateless). Every method blocks the calling thread until its condition holds or its
 * timeout passes, and then throws an {@link AssertionError} naming what it waited for.
 */
public final class Await {

    /** The usual patience for a condition: generous, as it is only spent when a test fails. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** The patience for slower paths (informers over fakes, leader election rounds). */
    public static final Duration LONG_TIMEOUT = Duration.ofSeconds(20);

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private Await() {}

    /** Polls {@code condition} until it holds; fails with {@code what} after {@link #TIMEOUT}. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, condition, TIMEOUT);
    }

    /** Polls {@code condition} until it holds; fails with {@code what} after {@code timeout}. */
    public static void until(String what, BooleanSupplier condition, Duration timeout) {
        until(() -> what, condition, timeout);
    }

    /**
     * Polls {@code condition} until it holds; fails after {@code timeout} with the description {@code what}
     * computes at that moment (so that it can show the state that was reached).
     */
    public static void until(Supplier<String> what, BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout + " waiting until " + what.get());
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Waits until {@code thread} is parked (WAITING or TIMED_WAITING), i.e. blocked on a lock or condition. */
    public static void parked(Thread thread) {
        until(thread.getName() + " is blocked", () -> {
            Thread.State state = thread.getState();
            return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
        });
    }

    /** Joins {@code thread}, failing if it has not ended within {@link #TIMEOUT}. */
    public static void terminated(Thread thread) throws InterruptedException {
        thread.join(TIMEOUT.toMillis());
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " did not end within " + TIMEOUT);
        }
    }
}
