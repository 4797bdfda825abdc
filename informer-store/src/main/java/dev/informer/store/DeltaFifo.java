package dev.informer.store;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A producer/consumer queue of per-object change lists (client-go's {@code DeltaFIFO}): a
 * reflector adds changes, a single consumer (the informer) pops them. Each key is queued at most
 * once; while it waits, every change to it is appended to its {@link Deltas}, so the consumer
 * sees all changes since it last processed the object, in order, in one pop.
 *
 * <p><b>Semantics</b> (those of client-go's current {@code delta_fifo.go}):
 * <ul>
 *   <li>{@link #add}, {@link #update}, {@link #delete} append ADDED / UPDATED / DELETED. Two
 *       trailing deletions collapse into one, keeping the one that is not a tombstone.</li>
 *   <li>{@link #delete} of a key that is neither queued nor in the known objects (or, with no
 *       known objects, not queued) is ignored: the deletion was already reported by a relist.</li>
 *   <li>{@link #replace} appends REPLACED (or SYNC when built with {@code
 *       emitDeltaTypeReplaced(false)}, client-go's old behaviour) for every listed object, then a
 *       DELETED delta carrying a {@link DeletedFinalStateUnknown} for every queued key not in the
 *       list (holding its newest queued object) and every known key not in the list with nothing
 *       queued (holding the known object). A queued key already ending in a deletion keeps it.</li>
 *   <li>{@link #resync} appends SYNC, with the known object, for every known key that has nothing
 *       queued; without known objects it does nothing.</li>
 *   <li>{@link #hasSynced} is true once add/update/delete/addIfNotPresent was called before any
 *       replace, or once as many items as the first replace queued (objects plus deletions) have
 *       been popped.</li>
 *   <li>The transformer runs on each object before it is queued, outside the lock: on add,
 *       update, delete and every replaced object; never on tombstones nor on resync objects (those
 *       come from the known objects, so they were transformed already).</li>
 * </ul>
 *
 * <p><b>Ordering.</b> Keys pop in the order they were first queued; a popped key that changes
 * again goes to the back. Within a key, deltas are in the order the calls took effect.
 *
 * <p><b>Thread-safety and blocking.</b> All methods are thread-safe and serialized by one
 * reentrant lock. Only {@link #pop} blocks waiting (for an item or {@link #close}); it runs the
 * {@link PopProcessor} with the lock held, so producers wait while an item is processed (as in
 * client-go, this keeps the consumer's store in step with {@code replace}/{@code resync}). If
 * several threads pop, each item goes to one of them, but two threads may process different
 * versions of the same object. Closing does not stop producers; it makes {@code pop} throw {@link
 * QueueClosedException} once the queue is empty.
 *
 * <p><b>Misuse.</b> {@code null} arguments throw {@link NullPointerException}; an object without a
 * key throws {@link KeyException} and leaves the queue unchanged.
 *
 * <p>It is one of the two {@link Queue} implementations; the other, {@link RealFifo}, keeps every
 * event instead of squashing them per key. It has no batches: {@link #popBatch} pops one key.
 *
 * @param <T> the object type
 */
public interface DeltaFifo<T> extends Queue<T> {

    /**
     * Starts building a fifo that keys objects with {@code keyFunction} (which must handle the
     * objects, and may but need not handle tombstones: the fifo keys those itself).
     *
     * @throws NullPointerException if {@code keyFunction} is {@code null}
     */
    static <T> Builder<T> builder(KeyFunction<T> keyFunction) {
        return new Builder<>(keyFunction);
    }

    /** Appends an ADDED delta for {@code obj}. */
    @Override
    void add(T obj);

    /** Appends an UPDATED delta for {@code obj}. */
    @Override
    void update(T obj);

    /**
     * Appends a DELETED delta for {@code obj}, unless its key is neither queued nor known (see the
     * class comment), in which case nothing happens.
     */
    @Override
    void delete(T obj);

    /**
     * Re-queues {@code deltas} (typically a popped item whose processing failed) if nothing is
     * queued under its key; otherwise does nothing, so fresher deltas are not overtaken by stale
     * ones. The deltas are copied.
     *
     * @throws IllegalArgumentException if {@code deltas} is empty
     * @throws KeyException if its newest object has no key
     */
    void addIfNotPresent(Deltas<T> deltas);

    /**
     * Atomically queues a relist: REPLACED (or SYNC) for each of {@code items}, then tombstones for
     * vanished keys (see the class comment). Keys are computed and the transformer applied to all
     * items before anything is queued, so a failure leaves the queue unchanged.
     *
     * @param resourceVersion the list's resource version; accepted for the reflector's contract
     */
    @Override
    void replace(Collection<? extends T> items, String resourceVersion);

    /** Queues SYNC for every known object whose key has nothing queued (see the class comment). */
    @Override
    void resync();

    /**
     * Waits until an item is queued, removes the oldest, and calls {@code processor} with it while
     * holding the lock. If the queue is closed, remaining items are still handed out; only once it
     * is closed and empty does this throw {@link QueueClosedException}.
     *
     * @return the popped deltas (the same object the processor received)
     * @throws QueueClosedException if the queue is closed and empty
     * @throws InterruptedException if interrupted while waiting; nothing was popped
     * @throws Exception whatever {@code processor} threw, unchanged; the item is not requeued
     *     (call {@link #addIfNotPresent} to retry it)
     */
    @Override
    Deltas<T> pop(PopProcessor<T> processor) throws Exception;

    /** The keys currently queued, in pop order. */
    List<String> listKeys();

    /**
     * The number of keys currently queued ({@code listKeys().size()}, which this default computes
     * by copying them); the informer's queued-items metric reads it after every pop, from within the
     * pop's processor. Implementations answer it in O(1).
     */
    @Override
    default int len() {
        return listKeys().size();
    }

    /**
     * The newest object of each queued key, in pop order: a {@code T}, or a {@link
     * DeletedFinalStateUnknown} when the newest delta is an inferred deletion.
     */
    List<Object> list();

    /**
     * A copy of the deltas queued under {@code obj}'s key, or empty.
     *
     * @throws KeyException if {@code obj} has no key
     */
    Optional<Deltas<T>> get(T obj);

    /** A copy of the deltas queued under {@code key}, or empty. */
    Optional<Deltas<T>> getByKey(String key);

    /**
     * Whether the initial population has been delivered: true once add/update/delete/addIfNotPresent
     * was called first, or once every item queued by the first {@link #replace} has been popped.
     */
    @Override
    boolean hasSynced();

    /** Whether {@link #close} was called. */
    @Override
    boolean isClosed();

    /** Closes the queue: wakes every blocked {@link #pop}. Idempotent. */
    @Override
    void close();

    /**
     * Configures and builds a {@link DeltaFifo}. Not thread-safe; use it on one thread, then share
     * the fifo.
     *
     * @param <T> the object type
     */
    final class Builder<T> {

        private final KeyFunction<T> keyFunction;
        private @Nullable KnownObjects<? extends T> knownObjects;
        private boolean emitDeltaTypeReplaced = true;
        private @Nullable UnaryOperator<Object> transformer;

        private Builder(KeyFunction<T> keyFunction) {
            this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
        }

        /**
         * The consumer's view of the objects it already knows (the informer's indexer). It decides
         * which deletions {@link #replace} infers, whether a {@link #delete} is news, and what
         * {@link #resync} emits. Default: none (deletions are inferred from the queue only, and
         * resync does nothing).
         */
        public Builder<T> knownObjects(KnownObjects<? extends T> knownObjects) {
            this.knownObjects = Objects.requireNonNull(knownObjects, "knownObjects");
            return this;
        }

        /**
         * Whether {@link #replace} emits {@link DeltaType#REPLACED} ({@code true}, the default here)
         * or {@link DeltaType#SYNC} ({@code false}). client-go defaults to {@code false} for
         * backward compatibility, but its informers all set it to {@code true}, as we do.
         */
        public Builder<T> emitDeltaTypeReplaced(boolean emit) {
            this.emitDeltaTypeReplaced = emit;
            return this;
        }

        /**
         * A function applied to each object before it is queued (client-go's {@code
         * TransformFunc}), e.g. to drop managed fields and save memory. It must return an object
         * with the same key and of the same type {@code T}, never {@code null}; it is called outside
         * the fifo's lock, possibly concurrently, so it must be thread-safe and fast. It sees each
         * object before anyone else does, so it may change it in place. It is not called for
         * tombstones nor for resync objects. A runtime exception from it propagates to the caller
         * of the fifo method and nothing is queued.
         */
        public Builder<T> transformer(UnaryOperator<Object> transformer) {
            this.transformer = Objects.requireNonNull(transformer, "transformer");
            return this;
        }

        /** Builds the fifo. */
        public DeltaFifo<T> build() {
            return new LockingDeltaFifo<>(keyFunction, knownObjects, emitDeltaTypeReplaced, transformer);
        }
    }
}
