package dev.informer.store;

import java.util.List;

/**
 * The queue between a reflector and an informer's processing loop (client-go's {@code Queue} and
 * {@code QueueWithBatch}): the reflector writes into it through {@link ReflectorStore}, one consumer
 * thread pops from it. Two implementations exist:
 * <ul>
 *   <li>{@link DeltaFifo} squashes per key: each key is queued once with all its changes, keys pop in
 *       first-queued order (client-go's {@code DeltaFIFO}, this library's default);</li>
 *   <li>{@link RealFifo} keeps every event, one delta per pop, in strict arrival order (client-go's
 *       {@code RealFIFO}, what client-go &ge; 1.36 always uses).</li>
 * </ul>
 *
 * <p><b>Contract shared by both</b> (checked by the same conformance tests): add/update/delete queue
 * ADDED/UPDATED/DELETED; {@link #replace} queues REPLACED for the listed objects and DELETED
 * tombstones ({@link DeletedFinalStateUnknown}) for the vanished ones; {@link #resync} queues SYNC for
 * known objects with nothing queued; {@link #hasSynced} turns true once the first replace's items were
 * all popped (or at once when add/update/delete came first); a key error leaves the queue unchanged;
 * {@link #pop} hands out remaining items after {@link #close} and then throws {@link
 * QueueClosedException}.
 *
 * <p><b>Thread-safety.</b> All methods are thread-safe. Popping is meant for a single consumer
 * thread: with several, two items of the same object may be processed concurrently.
 *
 * @param <T> the object type
 */
public interface Queue<T> extends ReflectorStore<T> {

    /**
     * Waits until an item is queued, removes the oldest and calls {@code processor} with it. Whether
     * the queue's lock is held meanwhile depends on the implementation (see {@link
     * RealFifoOptions#unlockWhileProcessing()}). Items queued before {@link #close} are still handed
     * out; once closed and empty this throws {@link QueueClosedException}.
     *
     * @return the popped deltas (the same object the processor received)
     * @throws QueueClosedException if the queue is closed and empty
     * @throws InterruptedException if interrupted while waiting; nothing was popped
     * @throws Exception whatever {@code processor} threw, unchanged; the item is not requeued
     */
    Deltas<T> pop(PopProcessor<T> processor) throws Exception;

    /**
     * Pops as many items as form one batch and hands them to {@code batchProcessor}, or a lone item
     * to {@code singleProcessor} (client-go's {@code PopBatch}). Both processors must process the
     * same way. A queue without batching (the default implementation, {@link DeltaFifo}) always pops
     * one item, as {@link #pop}. Same blocking, closing and exception rules as {@link #pop}.
     */
    default void popBatch(BatchProcessor<T> batchProcessor, PopProcessor<T> singleProcessor) throws Exception {
        pop(singleProcessor);
    }

    /**
     * Whether the initial population has been delivered: true once add/update/delete came first, or
     * once every item queued by the first {@link #replace} has been popped (and processed).
     */
    boolean hasSynced();

    /**
     * How many items are queued: keys for a {@link DeltaFifo}, items for a {@link RealFifo}. What the
     * informer's queued-items metric reports after every pop.
     */
    int len();

    /** Whether {@link #close} was called. */
    boolean isClosed();

    /** Closes the queue: wakes every blocked {@link #pop}. Idempotent. */
    void close();

    /**
     * Processes a batch popped by {@link Queue#popBatch} (client-go's {@code ProcessBatchFunc}).
     *
     * @param <T> the object type
     */
    @FunctionalInterface
    interface BatchProcessor<T> {

        /**
         * Processes {@code batch}: at least two deltas in queue order, to be applied in that order (a key
         * may occur more than once).
         *
         * @param batch the deltas, unmodifiable, oldest first
         * @param isInInitialList whether they belong to the first replace (the queue had not synced)
         * @throws Exception to fail the batch: rethrown from {@link Queue#popBatch}; nothing is requeued
         */
        void process(List<Delta<T>> batch, boolean isInInitialList) throws Exception;
    }
}
