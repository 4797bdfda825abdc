package dev.informer.podconfig;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Bounded polling for a condition another thread makes true: the tests' alternative to sleeping. */
final class Await {

    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private Await() {
    }

    static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + TIMEOUT + " waiting until " + what);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
    }

    /** Waits until {@code thread} is blocked (WAITING or TIMED_WAITING). */
    static void parked(Thread thread) {
        until(thread.getName() + " is blocked", () -> {
            Thread.State state = thread.getState();
            return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
        });
    }
}
