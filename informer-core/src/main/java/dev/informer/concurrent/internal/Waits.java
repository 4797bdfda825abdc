package dev.informer.concurrent.internal;

import dev.informer.clock.Clock;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.BooleanSupplier;

/**
 * The engine's interruptible wait for a deadline on the injected {@link Clock} (so that a fake clock
 * wakes it when stepped) that a flag cuts short: a backoff, a retry delay or a watchdog that a stop,
 * a close or a cancel ends early. Stateless.
 */
public final class Waits {

    private Waits() {}

    /**
     * Waits on {@code condition} until {@code stop} holds or {@code clock} reaches {@code deadlineNanos}.
     * The caller holds {@code lock} (the lock of {@code condition}, which guards what {@code stop} reads)
     * and signals {@code condition} when it sets the flag.
     *
     * @return true if the deadline passed with {@code stop} false; false if {@code stop} holds
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public static boolean untilDeadlineUnless(
            Clock clock, Lock lock, Condition condition, long deadlineNanos, BooleanSupplier stop)
            throws InterruptedException {
        while (!stop.getAsBoolean() && clock.nanoTime() - deadlineNanos < 0) {
            clock.awaitUntil(lock, condition, deadlineNanos);
        }
        return !stop.getAsBoolean();
    }
}
