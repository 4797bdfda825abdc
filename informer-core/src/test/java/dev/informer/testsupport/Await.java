package dev.informer.testsupport;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Forwards to {@link dev.informer.testing.Await}, the one polling helper of the tests, for the
 * {@code dev.informer.cache.internal} tests that still import it from here (they are being reworked on another
 * branch). Delete once no test imports {@code dev.informer.testsupport.Await}.
 */
public final class Await {

    /** {@link dev.informer.testing.Await#TIMEOUT}. */
    public static final Duration TIMEOUT = dev.informer.testing.Await.TIMEOUT;

    /** {@link dev.informer.testing.Await#LONG_TIMEOUT}. */
    public static final Duration LONG_TIMEOUT = dev.informer.testing.Await.LONG_TIMEOUT;

    private Await() {}

    /** {@link dev.informer.testing.Await#until(String, BooleanSupplier)}. */
    public static void until(String what, BooleanSupplier condition) {
        dev.informer.testing.Await.until(what, condition);
    }

    /** {@link dev.informer.testing.Await#until(String, BooleanSupplier, Duration)}. */
    public static void until(String what, BooleanSupplier condition, Duration timeout) {
        dev.informer.testing.Await.until(what, condition, timeout);
    }

    /** {@link dev.informer.testing.Await#terminated(Thread)}. */
    public static void terminated(Thread thread) throws InterruptedException {
        dev.informer.testing.Await.terminated(thread);
    }

    /** {@link dev.informer.testing.Await#parked(Thread)}. */
    public static void parked(Thread thread) {
        dev.informer.testing.Await.parked(thread);
    }
}
