package dev.informer.store;

/**
 * Where a {@link RealFifo} reports its metrics (client-go's {@code fifoMetrics} fed by an {@code
 * InformerMetricsProvider}): the number of queued items and the time spent processing popped
 * items. Implementations adapt it to a metrics library; the store module has no metrics dependency.
 * Called from producer and consumer threads, so implementations must be thread-safe and must not
 * block (they run under the fifo's lock).
 */
public interface FifoMetrics {

    /** The queue now holds {@code count} items (client-go's {@code informer_queued_items} gauge). */
    void setQueuedItems(int count);

    /** One pop's processing (an item or a batch) took {@code nanos} (client-go's processing latency histogram). */
    void observeProcessingLatency(long nanos);

    /** Metrics that record nothing: the default. */
    static FifoMetrics noop() {
        return NoopFifoMetrics.INSTANCE;
    }

    /**
     * Creates the {@link FifoMetrics} of one named queue (client-go's {@code InformerMetricsProvider}
     * for the fifo's two metrics). Called once per queue, when it is built.
     */
    @FunctionalInterface
    interface Provider {

        /** The metrics of the queue called {@code queueName} (the informer's name). */
        FifoMetrics forQueue(String queueName);
    }
}

/** The no-op {@link FifoMetrics}. */
enum NoopFifoMetrics implements FifoMetrics {
    INSTANCE;

    @Override
    public void setQueuedItems(int count) {}

    @Override
    public void observeProcessingLatency(long nanos) {}
}
