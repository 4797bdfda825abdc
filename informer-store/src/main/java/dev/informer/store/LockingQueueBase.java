package dev.informer.store;

import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What both locking queues ({@link LockingDeltaFifo}, {@link LockingRealFifo}) share: the one
 * reentrant lock with its not-empty condition, the closed flag, and the initial-population count
 * that {@link Queue#hasSynced()} follows, and how an object becomes a key and a queued (transformed)
 * object, outside the lock. Subclasses guard their own state with {@link #lock} too.
 *
 * @param <T> the object type
 */
abstract class LockingQueueBase<T> {

    private final KeyFunction<T> keyFunction;
    private final @Nullable UnaryOperator<Object> transformer; // null when there is none

    final ReentrantLock lock = new ReentrantLock();
    final Condition notEmpty = lock.newCondition();
    // @GuardedBy("lock"): whether the first replace, or a first add/update/delete, has happened.
    boolean populated;
    // @GuardedBy("lock"): items of the first replace not yet popped (and processed).
    int initialPopulationCount;
    // @GuardedBy("lock")
    boolean closed;

    LockingQueueBase(KeyFunction<T> keyFunction, @Nullable UnaryOperator<Object> transformer) {
        this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
        this.transformer = transformer;
    }

    /** Queues one delta of {@code obj} with the lock held; the subclass decides how. */
    abstract void appendLocked(@Nullable String key, Delta<T> delta);

    /** add/update (and, for a RealFifo, delete): key and transform outside the lock, then append. */
    final void queueAction(DeltaType type, T obj) {
        Objects.requireNonNull(obj, "obj");
        String key = keyOf(obj);
        Object transformed = transform(obj, key);
        lock.lock();
        try {
            populated = true;
            appendLocked(key, new Delta<>(type, transformed));
        } finally {
            lock.unlock();
        }
    }

    /**
     * The key of an object, a tombstone (its own key) or a {@link Deltas} (its newest object's).
     *
     * @throws KeyException if there is none
     */
    final String keyOf(Object obj) {
        if (obj instanceof DeletedFinalStateUnknown<?> tombstone) {
            return tombstone.key();
        }
        if (obj instanceof Deltas<?> deltas) {
            if (deltas.isEmpty()) {
                throw new KeyException("cannot compute a key for an empty Deltas");
            }
            return keyOf(deltas.newest().object());
        }
        @SuppressWarnings("unchecked")
        String key = keyFunction.key((T) obj);
        if (key == null) {
            throw KeyException.forObject(obj, "the key function returned null");
        }
        return key;
    }

    /** The transformer applied to {@code obj} (never to tombstones). */
    final Object transform(Object obj, String key) {
        if (transformer == null || obj instanceof DeletedFinalStateUnknown<?>) {
            return obj;
        }
        Object transformed = transformer.apply(obj);
        if (transformed == null) {
            throw new IllegalStateException(
                    "the transformer returned null for key \"" + key + "\" (" + KeyException.describe(obj) + ")");
        }
        return transformed;
    }

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
