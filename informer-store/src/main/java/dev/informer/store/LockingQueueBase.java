package dev.informer.store;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What both locking queues ({@link LockingDeltaFifo}, {@link LockingRealFifo}) share: the one
 * reentrant lock with its not-empty condition, the closed flag, and the initial-population count
 * that {@link Queue#hasSynced()} follows, and how an object (or a replace's whole list) becomes a key
 * and a queued (transformed) object, outside the lock; add and update, {@code len}, and the wait of a
 * pop for an item. Subclasses guard their own state with {@link #lock} too.
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

    /** How many items a pop could take now; with the lock held. */
    abstract int sizeLocked();

    /** See {@link Queue#add}. */
    public void add(T obj) {
        queueAction(DeltaType.ADDED, obj);
    }

    /** See {@link Queue#update}. */
    public void update(T obj) {
        queueAction(DeltaType.UPDATED, obj);
    }

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

    /** The keys and the queued (transformed) objects of a replace's list, index by index, in its order. */
    static final class Keyed {
        final String[] keys;
        final Object[] objects;

        private Keyed(String[] keys, Object[] objects) {
            this.keys = keys;
            this.objects = objects;
        }
    }

    /**
     * Keys and transforms every object of {@code list} (outside the lock, so that a failure leaves the
     * queue untouched).
     *
     * @throws NullPointerException if {@code list} or one of its objects is {@code null}
     */
    final Keyed keyAll(Collection<? extends T> list) {
        Objects.requireNonNull(list, "items");
        int n = list.size();
        String[] keys = new String[n];
        Object[] objects = new Object[n];
        int i = 0;
        for (T obj : list) {
            Objects.requireNonNull(obj, "a replaced object must not be null");
            keys[i] = keyOf(obj);
            objects[i] = transform(obj, keys[i]);
            i++;
        }
        return new Keyed(keys, objects);
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

    /**
     * Waits, with the lock held, until there is an item to pop.
     *
     * @throws QueueClosedException once the queue is closed and empty
     * @throws InterruptedException if interrupted while waiting
     */
    final void awaitItemLocked() throws InterruptedException {
        while (sizeLocked() == 0) {
            if (closed) {
                throw new QueueClosedException();
            }
            notEmpty.await();
        }
    }

    /** See {@link Queue#len()}. */
    public int len() {
        lock.lock();
        try {
            return sizeLocked();
        } finally {
            lock.unlock();
        }
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
