package dev.informer.examples;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Bounded polling of a condition, for tests: fails with a message instead of hanging. */
public final class Await {

    public static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final long POLL_NANOS = Duration.ofMillis(10).toNanos();

    private Await() {}

    /** Waits until {@code condition} holds, at most {@link #TIMEOUT}. */
    public static void until(String what, BooleanSupplier condition) {
        until(what, condition, () -> "");
    }

    /** Waits until {@code condition} holds; on timeout the failure message ends with {@code state}. */
    public static void until(String what, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(
                        "timed out after " + TIMEOUT.toSeconds() + " s waiting until " + what + " " + state.get());
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }
}
