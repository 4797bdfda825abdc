package dev.informer.store;

import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

/**
 * The lock-read-unlock step the queues share for their cheap reads ({@code len}, {@code hasSynced}).
 * Not for hot paths: the capturing lambda costs an allocation per call. Stateless.
 */
final class Locking {

    private Locking() {}

    /** {@code read} with {@code lock} held; the lock is released however {@code read} ends. */
    static <R> R read(Lock lock, Supplier<R> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }
}
