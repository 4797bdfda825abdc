package dev.informer.workqueue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Bounded polling for a condition another thread makes true: the tests' alternative to sleeping. */
final class Await {

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Await() {
    }

    /** Polls {@code condition} every millisecond until it holds; fails with {@code what} after {@link #TIMEOUT}. */
    static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + TIMEOUT + " waiting until " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** Waits until {@code thread} is parked (WAITING or TIMED_WAITING), i.e. blocked on a lock or condition. */
    static void parked(Thread thread) {
        until(thread.getName() + " is blocked", () -> {
            Thread.State state = thread.getState();
            return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
        });
    }

    /** Joins {@code thread}, failing if it has not ended within {@link #TIMEOUT}. */
    static void terminated(Thread thread) throws InterruptedException {
        thread.join(TIMEOUT.toMillis());
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " did not end within " + TIMEOUT);
        }
    }
}
