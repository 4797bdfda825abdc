package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** A bounded poll for conditions that have no event to wait on (never a fixed sleep). */
final class Conditions {

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);

    private Conditions() {
    }

    static void await(String what, BooleanSupplier condition) {
        await(what, condition, DEFAULT_TIMEOUT);
    }

    static void await(String what, BooleanSupplier condition, Duration timeout) {
        await(() -> what, condition, timeout);
    }

    static void await(Supplier<String> what, BooleanSupplier condition, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out after " + timeout + " waiting for: " + what.get());
            }
            LockSupport.parkNanos(2_000_000);
        }
    }
}
