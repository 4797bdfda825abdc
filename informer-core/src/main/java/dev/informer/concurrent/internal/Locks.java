package dev.informer.concurrent.internal;

import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The lock-then-unlock-in-finally idiom for the short, non-blocking critical sections of the engine's
 * lifecycle and inspection methods ({@code isStopped()}, {@code len()}, a stop flag and its signal).
 * Not for hot paths (the lambda may allocate) nor for sections that wait on a condition (those keep
 * their own {@code try}/{@code finally}, as they may throw {@link InterruptedException}).
 *
 * <p>Thread-safe (stateless). An exception thrown by the section propagates after the lock is
 * released.
 */
public final class Locks {

    private Locks() {}

    /** Returns what {@code read} returns, read while holding {@code lock}. */
    public static <V extends @Nullable Object> V read(Lock lock, Supplier<V> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code section} while holding {@code lock}. */
    public static void run(Lock lock, Runnable section) {
        lock.lock();
        try {
            section.run();
        } finally {
            lock.unlock();
        }
    }
}
