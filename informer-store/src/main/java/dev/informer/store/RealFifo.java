package dev.informer.store;

import java.util.Objects;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A queue that keeps every event in arrival order (client-go's {@code RealFIFO}, the only queue of
 * client-go &ge; 1.36 informers): one delta per item, nothing deduplicated or squashed per key, so a
 * consumer sees each add/update/delete of an object, including the updates of an object that is
 * deleted before it is popped.
 *
 * <p><b>Semantics</b> (those of client-go's {@code the_real_fifo.go}):
 * <ul>
 *   <li>{@link #add}, {@link #update}, {@link #delete} append ADDED / UPDATED / DELETED, always (a
 *       deletion of an unknown key is queued too).</li>
 *   <li>{@link #replace} without atomic events appends first a DELETED tombstone ({@link
 *       DeletedFinalStateUnknown}) for every queued key not in the list whose last queued delta is not
 *       a deletion (holding that delta's object) and for every known key not in the list and not
 *       queued (holding the known object), then REPLACED for every listed object, in list order. With
 *       {@linkplain RealFifoOptions#atomicEvents() atomic events} it appends one {@link
 *       DeltaType#REPLACED_ALL} item instead.</li>
 *   <li>{@link #resync} without atomic events appends SYNC, with the known object, for every known
 *       key that has nothing queued; with atomic events one {@link DeltaType#SYNC_ALL} item.</li>
 *   <li>{@link #hasSynced} is true once add/update/delete came before any replace, or once as many
 *       items as were queued when the first replace returned have been popped and processed.</li>
 *   <li>The transformer runs as in {@link DeltaFifo}: on added, updated, deleted and replaced objects,
 *       never on tombstones nor on resync objects.</li>
 *   <li>{@link #popBatch} (with {@link RealFifoOptions#maxBatchSize()} &gt; 1) hands out up to that many
 *       consecutive items, closing the batch before a REPLACED_ALL/SYNC_ALL/BOOKMARK item (those pop
 *       alone) and at the end of the initial list. Unlike client-go, a batch may hold several changes
 *       of one key: the processor applies them in order (client-go splits there because its store
 *       transaction looks up every old object before applying any change).</li>
 * </ul>
 *
 * <p><b>Thread-safety and blocking.</b> Thread-safe; one lock guards the queue. {@code pop} and {@code
 * popBatch} block waiting for an item (interruptibly) and run the processor with the lock held, unless
 * {@link RealFifoOptions#unlockWhileProcessing()} is set: then producers may queue while the processor
 * runs, and only one thread may pop.
 *
 * <p><b>Misuse.</b> {@code null} arguments throw {@link NullPointerException}; an object without a key
 * throws {@link KeyException} and leaves the queue unchanged.
 *
 * @param <T> the object type
 */
public interface RealFifo<T> extends Queue<T> {

    /**
     * Starts building a fifo that keys objects with {@code keyFunction}.
     *
     * @throws NullPointerException if {@code keyFunction} is {@code null}
     */
    static <T> Builder<T> builder(KeyFunction<T> keyFunction) {
        return new Builder<>(keyFunction);
    }

    /** The options this fifo was built with. */
    RealFifoOptions options();

    /** The number of items queued (one per delta, or per atomic relist/resync/bookmark). O(1). */
    @Override
    int len();

    /**
     * Configures and builds a {@link RealFifo}. Not thread-safe.
     *
     * @param <T> the object type
     */
    final class Builder<T> extends RealFifoSettingsBuilderBase<T> {

        private final KeyFunction<T> keyFunction;
        private @Nullable KnownObjects<? extends T> knownObjects;
        private @Nullable UnaryOperator<Object> transformer;

        private Builder(KeyFunction<T> keyFunction) {
            this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
            from(new RealFifoSettings<>());
        }

        /**
         * The consumer's view of the objects it knows (the informer's indexer): it decides which
         * deletions {@link #replace} infers and what {@link #resync} emits. Default: none (deletions are
         * inferred from the queue only, resync does nothing). Not allowed with atomic events.
         */
        public Builder<T> knownObjects(KnownObjects<? extends T> knownObjects) {
            this.knownObjects = Objects.requireNonNull(knownObjects, "knownObjects");
            return this;
        }

        /** As {@link DeltaFifo.Builder#transformer}. */
        public Builder<T> transformer(UnaryOperator<Object> transformer) {
            this.transformer = Objects.requireNonNull(transformer, "transformer");
            return this;
        }

        /**
         * Builds the fifo.
         *
         * @throws IllegalStateException if known objects are given with atomic events
         */
        public RealFifo<T> build() {
            RealFifoSettings<T> settings = settings();
            if (settings.options().atomicEvents() && knownObjects != null) {
                throw new IllegalStateException(
                        "RealFifo " + settings.name() + ": knownObjects must not be set with atomic events "
                                + "(the consumer infers deletions from its own store)");
            }
            return new LockingRealFifo<>(
                    keyFunction, knownObjects, transformer, settings.options(), settings.name(), settings.nanoTime());
        }
    }
}
