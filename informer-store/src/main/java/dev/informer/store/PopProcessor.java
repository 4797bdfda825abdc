package dev.informer.store;

/**
 * Processes one item popped from a {@link DeltaFifo} (client-go's {@code PopProcessFunc}).
 *
 * <p>Called on the popping thread while the fifo's lock is held, so that the consumer can update
 * state that must stay in step with the queue (the informer's indexer, which is the fifo's {@link
 * KnownObjects}) without racing a concurrent {@link DeltaFifo#replace} or {@link
 * DeltaFifo#resync}. Producers block meanwhile, so keep it short: no I/O, no waiting. It may call
 * the fifo's own methods (the lock is reentrant), e.g. {@link DeltaFifo#addIfNotPresent} to retry.
 *
 * @param <T> the object type
 */
@FunctionalInterface
public interface PopProcessor<T> {

    /**
     * Processes {@code deltas}.
     *
     * @param deltas everything that happened to one object since it was queued, oldest first
     * @param isInInitialList whether this item belongs to the first {@link DeltaFifo#replace} (the
     *     initial list), i.e. {@link DeltaFifo#hasSynced()} was still false when it was popped
     * @throws Exception to fail the item: the exception is rethrown from {@link DeltaFifo#pop}
     *     unchanged and the item is not requeued
     */
    void process(Deltas<T> deltas, boolean isInInitialList) throws Exception;
}
