package dev.informer.store;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What both locking queues ({@link LockingDeltaFifo}, {@link LockingRealFifo}) share: the one
 * reentrant lock with its not-empty condition, the closed flag, and the initial-population count
 * that {@link Queue#hasSynced()} follows. Subclasses guard their own state with {@link #lock} too.
 */
abstract class LockingQueueBase {

    final ReentrantLock lock = new ReentrantLock();
    final Condition notEmpty = lock.newCondition();
    // @GuardedBy("lock"): whether the first replace, or a first add/update/delete, has happened.
    boolean populated;
    // @GuardedBy("lock"): items of the first replace not yet popped (and processed).
    int initialPopulationCount;
    // @GuardedBy("lock")
    boolean closed;

    /** See {@link Queue#hasSynced()}. */
    public boolean hasSynced() {
        lock.lock();
        try {
            return hasSyncedLocked();
        } finally {
            lock.unlock();
        }
    }

    final boolean hasSyncedLocked() {
        return populated && initialPopulationCount == 0;
    }

    /** See {@link Queue#isClosed()}. */
    public boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /** See {@link Queue#close()}. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
