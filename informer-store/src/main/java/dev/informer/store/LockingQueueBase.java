package dev.informer.store;

import java.util.Collection;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

/**
 * What both locking queues ({@link LockingDeltaFifo}, {@link LockingRealFifo}) share: the one
 * reentrant lock with its not-empty condition, the closed flag, and the initial-population count
 * that {@link Queue#hasSynced()} follows, and how an object (or a replace's whole list) becomes a key
 * and a queued (transformed) object, outside the lock; add and update, {@code len}, the wait of a
 * pop for an item, and the logged lookup in the known objects. Subclasses guard their own state with
 * {@link #lock} too.
 *
 * @param <T> the object type
 */
abstract class LockingQueueBase<T> {

    private final KeyFunction<T> keyFunction;
    final @Nullable KnownObjects<? extends T> knownObjects; // null when there are none
    private final @Nullable UnaryOperator<Object> transformer; // null when there is none
    private final Logger log;
    private final String logPrefix;

    final ReentrantLock lock = new ReentrantLock();
    final Condition notEmpty = lock.newCondition();
    // @GuardedBy("lock"): whether the first replace, or a first add/update/delete, has happened.
    boolean populated;
    // @GuardedBy("lock"): items of the first replace not yet popped (and processed).
    int initialPopulationCount;
    // @GuardedBy("lock")
    boolean closed;

    /**
     * @param log       the subclass's logger
     * @param logPrefix what its log lines start with (empty, or the queue's name and a colon)
     */
    LockingQueueBase(
            KeyFunction<T> keyFunction,
            @Nullable KnownObjects<? extends T> knownObjects,
            @Nullable UnaryOperator<Object> transformer,
            Logger log,
            String logPrefix) {
        this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
        this.knownObjects = knownObjects;
        this.transformer = transformer;
        this.log = log;
        this.logPrefix = logPrefix;
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

    /**
     * Whether a change of {@code type} to the object under {@code key} is queued; with the lock held.
     * Every change is, unless the subclass says otherwise.
     */
    boolean acceptsLocked(DeltaType type, String key) {
        return true;
    }

    /** add, update and delete: key and transform outside the lock, then append if accepted. */
    final void queueAction(DeltaType type, T obj) {
        Objects.requireNonNull(obj, "obj");
        String key = keyOf(obj);
        Object transformed = transform(obj, key);
        lock.lock();
        try {
            populated = true;
            if (acceptsLocked(type, key)) {
                appendLocked(key, new Delta<>(type, transformed));
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The known object under {@code key}: empty where there are no known objects, where it has none
     * (logged at DEBUG) or where the lookup fails (logged at ERROR). {@code otherwise} tells the log
     * what the queue does then.
     */
    final Optional<? extends T> knownObjectLocked(String key, String otherwise) {
        KnownObjects<? extends T> objects = knownObjects;
        if (objects == null) {
            return Optional.empty();
        }
        try {
            Optional<? extends T> known = objects.getByKey(key);
            if (known.isEmpty()) {
                log.debug("{}key {} does not exist in the known objects; {}", logPrefix, key, otherwise);
            }
            return known;
        } catch (RuntimeException e) {
            log.error("{}lookup of key {} in the known objects failed; {}", logPrefix, key, otherwise, e);
            return Optional.empty();
        }
    }

    /** {@code read} with the lock held. */
    final <R> R locked(Supplier<R> read) {
        return Locking.read(lock, read);
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
        return locked(this::hasSyncedLocked);
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

    /** See {@link Queue#pop}: waits for an item, then lets the subclass pop it. */
    public Deltas<T> pop(PopProcessor<T> processor) throws Exception {
        Objects.requireNonNull(processor, "processor");
        lock.lockInterruptibly();
        try {
            awaitItemLocked();
            return popLocked(processor, !hasSyncedLocked());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Pops the first item and hands it to {@code processor}; with the lock held and an item there.
     *
     * @param isInInitialList whether the item belongs to the first replace (see {@link PopProcessor})
     */
    abstract Deltas<T> popLocked(PopProcessor<T> processor, boolean isInInitialList) throws Exception;

    /** See {@link Queue#len()}. */
    public int len() {
        return locked(this::sizeLocked);
    }

    /** See {@link Queue#isClosed()}. */
    public boolean isClosed() {
        return locked(() -> closed);
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
