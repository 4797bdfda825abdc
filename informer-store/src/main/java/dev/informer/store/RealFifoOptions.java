package dev.informer.store;

import dev.informer.codegen.GenerateBuilder;
import java.util.Objects;

/**
 * The options of a {@link RealFifo} (client-go's {@code RealFIFOOptions} and the 1.35/1.36 feature
 * gates behind them). Immutable; build one with {@link #builder()} (everything off: client-go's
 * plain {@code InOrderInformers} queue) or start from {@link #clientGoDefaults()} (what client-go
 * 1.36 uses: atomic events, batches of 1000, unlock while processing, bookmarks).
 *
 * <p>Rules checked by the canonical constructor, so by {@link Builder#build() Builder.build()} too (client-go panics
 * on the same combinations), with an {@link IllegalStateException}: {@link #unlockWhileProcessing()}
 * and {@link #emitBookmarks()} need {@link #atomicEvents()}; and a fifo with atomic events takes no
 * {@link KnownObjects} (checked by {@link RealFifo.Builder#build()}). The {@link Builder} is not
 * thread-safe; its setters refuse {@code null} and a batch size below 1.
 *
 * @param atomicEvents whether a relist and a resync are queued as one item each ({@link
 *     DeltaType#REPLACED_ALL}, {@link DeltaType#SYNC_ALL}) rather than one delta per object (client-go's
 *     {@code AtomicFIFO}). The consumer then applies a relist to its store in one step and notifies
 *     handlers only afterwards, so no handler ever sees a half-replaced store; and the fifo needs no
 *     view of the consumer's store (deletions are inferred by the consumer). Default false
 * @param maxBatchSize the most items {@link Queue#popBatch} hands out at once (client-go's {@code
 *     InOrderInformersBatchProcess}, batch size 1000). 1 means no batches: {@code popBatch} pops one.
 *     Default 1
 * @param unlockWhileProcessing whether the fifo's lock is released while the processor runs
 *     (client-go's {@code UnlockWhileProcessingFIFO}), as long as fewer than {@code 2 × max(maxBatchSize,
 *     1000)} items are queued. Producers (the reflector) then never wait for slow processing; in
 *     exchange the processor is not serialized with {@code replace}/{@code resync}, which is why it
 *     needs atomic events (the fifo no longer reads the consumer's store), and {@code pop} must be
 *     called from one thread only. Default false
 * @param emitBookmarks whether {@link ReflectorStore#bookmark} queues a {@link DeltaType#BOOKMARK}
 *     delta (client-go's {@code EmitDeltaTypeBookmark}). Default false
 * @param metricsProvider the metrics provider of the fifo's metrics; default: no metrics
 */
@GenerateBuilder(checked = true)
public record RealFifoOptions(
        boolean atomicEvents,
        int maxBatchSize,
        boolean unlockWhileProcessing,
        boolean emitBookmarks,
        FifoMetrics.Provider metricsProvider) {

    /** client-go's batch size ({@code defaultBatchSize}). */
    public static final int CLIENT_GO_BATCH_SIZE = 1000;

    private static final FifoMetrics.Provider NO_METRICS = name -> FifoMetrics.noop();
    private static final RealFifoOptions PLAIN = new RealFifoOptions(false, 1, false, false, NO_METRICS);
    private static final RealFifoOptions CLIENT_GO =
            new RealFifoOptions(true, CLIENT_GO_BATCH_SIZE, true, true, NO_METRICS);

    /**
     * Checks the values and the rules between them.
     *
     * @throws IllegalArgumentException if {@code maxBatchSize} is less than 1
     * @throws NullPointerException if {@code metricsProvider} is {@code null}
     * @throws IllegalStateException if unlock-while-processing or bookmarks are set without atomic events
     */
    public RealFifoOptions {
        checkMaxBatchSize(maxBatchSize);
        Objects.requireNonNull(metricsProvider, "metricsProvider");
        if (unlockWhileProcessing && !atomicEvents) {
            throw new IllegalStateException("RealFifoOptions: unlockWhileProcessing needs atomicEvents "
                    + "(the processor would race replace/resync reading the consumer's store)");
        }
        if (emitBookmarks && !atomicEvents) {
            throw new IllegalStateException("RealFifoOptions: emitBookmarks needs atomicEvents "
                    + "(a bookmark would overtake the per-object deltas of a relist)");
        }
    }

    /**
     * Checks a batch size.
     *
     * @throws IllegalArgumentException if {@code maxBatchSize} is less than 1
     */
    static int checkMaxBatchSize(int maxBatchSize) {
        if (maxBatchSize < 1) {
            throw new IllegalArgumentException("maxBatchSize must be at least 1, got " + maxBatchSize);
        }
        return maxBatchSize;
    }

    /** A builder with every option off: no atomic events, no batches, lock held while processing, no bookmarks, no metrics. */
    public static Builder builder() {
        return new Builder();
    }

    /** Every option off (the same as {@code builder().build()}). */
    public static RealFifoOptions plain() {
        return PLAIN;
    }

    /**
     * What client-go 1.36 uses (InOrderInformers, InOrderInformersBatchProcess, AtomicFIFO and
     * UnlockWhileProcessingFIFO on): atomic events, batches of {@value #CLIENT_GO_BATCH_SIZE},
     * unlock while processing, bookmarks; no metrics.
     */
    public static RealFifoOptions clientGoDefaults() {
        return CLIENT_GO;
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder().from(this);
    }

    @Override
    public String toString() {
        return "RealFifoOptions{atomicEvents=" + atomicEvents + ", maxBatchSize=" + maxBatchSize
                + ", unlockWhileProcessing=" + unlockWhileProcessing + ", emitBookmarks=" + emitBookmarks + "}";
    }

    /**
     * Builds {@link RealFifoOptions}, starting from {@link #plain()}. Not thread-safe; {@code build()}
     * throws {@link IllegalStateException} for the combinations the class comment names.
     */
    public static final class Builder extends RealFifoOptionsBuilderBase {
        private Builder() {
            from(PLAIN);
        }
    }
}
