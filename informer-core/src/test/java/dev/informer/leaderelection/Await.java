package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** A bounded poll for effects of other threads that have nothing to wait on (never a fixed sleep). */
final class Await {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private Await() {
    }

    static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out after " + TIMEOUT + " waiting for: " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }
}
