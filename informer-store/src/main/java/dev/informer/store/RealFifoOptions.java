package dev.informer.store;

import java.util.Objects;

/**
 * The options of a {@link RealFifo} (client-go's {@code RealFIFOOptions} and the 1.35/1.36 feature
 * gates behind them). Immutable; build one with {@link #builder()} (everything off: client-go's
 * plain {@code InOrderInformers} queue) or start from {@link #clientGoDefaults()} (what client-go
 * 1.36 uses: atomic events, batches of 1000, unlock while processing, bookmarks).
 *
 * <p>Rules checked by {@link Builder#build()} (client-go panics on the same combinations):
 * {@link #unlockWhileProcessing()} and {@link #emitBookmarks()} need {@link #atomicEvents()}; and a
 * fifo with atomic events takes no {@link KnownObjects} (checked by {@link RealFifo.Builder#build()}).
 */
public final class RealFifoOptions {

    /** client-go's batch size ({@code defaultBatchSize}). */
    public static final int CLIENT_GO_BATCH_SIZE = 1000;

    private static final RealFifoOptions PLAIN = new Builder().build();
    private static final RealFifoOptions CLIENT_GO = new Builder()
            .atomicEvents(true)
            .maxBatchSize(CLIENT_GO_BATCH_SIZE)
            .unlockWhileProcessing(true)
            .emitBookmarks(true)
            .build();

    private final boolean atomicEvents;
    private final int maxBatchSize;
    private final boolean unlockWhileProcessing;
    private final boolean emitBookmarks;
    private final FifoMetrics.Provider metricsProvider;

    private RealFifoOptions(Builder b) {
        this.atomicEvents = b.atomicEvents;
        this.maxBatchSize = b.maxBatchSize;
        this.unlockWhileProcessing = b.unlockWhileProcessing;
        this.emitBookmarks = b.emitBookmarks;
        this.metricsProvider = b.metricsProvider;
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
        Builder b = new Builder();
        b.atomicEvents = atomicEvents;
        b.maxBatchSize = maxBatchSize;
        b.unlockWhileProcessing = unlockWhileProcessing;
        b.emitBookmarks = emitBookmarks;
        b.metricsProvider = metricsProvider;
        return b;
    }

    /**
     * Whether a relist and a resync are queued as one item each ({@link DeltaType#REPLACED_ALL},
     * {@link DeltaType#SYNC_ALL}) rather than one delta per object (client-go's {@code AtomicFIFO}).
     * The consumer then applies a relist to its store in one step and notifies handlers only
     * afterwards, so no handler ever sees a half-replaced store; and the fifo needs no view of the
     * consumer's store (deletions are inferred by the consumer).
     */
    public boolean atomicEvents() {
        return atomicEvents;
    }

    /**
     * The most items {@link Queue#popBatch} hands out at once (client-go's {@code
     * InOrderInformersBatchProcess}, batch size 1000). 1 means no batches: {@code popBatch} pops one.
     */
    public int maxBatchSize() {
        return maxBatchSize;
    }

    /**
     * Whether the fifo's lock is released while the processor runs (client-go's {@code
     * UnlockWhileProcessingFIFO}), as long as fewer than {@code 2 × max(maxBatchSize, 1000)} items
     * are queued. Producers (the reflector) then never wait for slow processing; in exchange the
     * processor is not serialized with {@code replace}/{@code resync}, which is why it needs atomic
     * events (the fifo no longer reads the consumer's store), and {@code pop} must be called from
     * one thread only.
     */
    public boolean unlockWhileProcessing() {
        return unlockWhileProcessing;
    }

    /** Whether {@link ReflectorStore#bookmark} queues a {@link DeltaType#BOOKMARK} delta (client-go's {@code EmitDeltaTypeBookmark}). */
    public boolean emitBookmarks() {
        return emitBookmarks;
    }

    /** The metrics provider; {@code FifoMetrics::noop}-like when none was set. */
    public FifoMetrics.Provider metricsProvider() {
        return metricsProvider;
    }

    @Override
    public String toString() {
        return "RealFifoOptions{atomicEvents=" + atomicEvents + ", maxBatchSize=" + maxBatchSize
                + ", unlockWhileProcessing=" + unlockWhileProcessing + ", emitBookmarks=" + emitBookmarks + "}";
    }

    /** Builds {@link RealFifoOptions}. Not thread-safe. */
    public static final class Builder {

        private boolean atomicEvents;
        private int maxBatchSize = 1;
        private boolean unlockWhileProcessing;
        private boolean emitBookmarks;
        private FifoMetrics.Provider metricsProvider = name -> FifoMetrics.noop();

        private Builder() {}

        /** See {@link RealFifoOptions#atomicEvents()}. Default false. */
        public Builder atomicEvents(boolean atomic) {
            this.atomicEvents = atomic;
            return this;
        }

        /**
         * See {@link RealFifoOptions#maxBatchSize()}. Default 1 (no batches).
         *
         * @throws IllegalArgumentException if {@code max} is less than 1
         */
        public Builder maxBatchSize(int max) {
            if (max < 1) {
                throw new IllegalArgumentException("maxBatchSize must be at least 1, got " + max);
            }
            this.maxBatchSize = max;
            return this;
        }

        /** See {@link RealFifoOptions#unlockWhileProcessing()}. Default false. */
        public Builder unlockWhileProcessing(boolean unlock) {
            this.unlockWhileProcessing = unlock;
            return this;
        }

        /** See {@link RealFifoOptions#emitBookmarks()}. Default false. */
        public Builder emitBookmarks(boolean emit) {
            this.emitBookmarks = emit;
            return this;
        }

        /** See {@link RealFifoOptions#metricsProvider()}. Default: no metrics. */
        public Builder metricsProvider(FifoMetrics.Provider provider) {
            this.metricsProvider = Objects.requireNonNull(provider, "provider");
            return this;
        }

        /**
         * Builds the options.
         *
         * @throws IllegalStateException if unlock-while-processing or bookmarks are set without atomic events
         */
        public RealFifoOptions build() {
            if (unlockWhileProcessing && !atomicEvents) {
                throw new IllegalStateException("RealFifoOptions: unlockWhileProcessing needs atomicEvents "
                        + "(the processor would race replace/resync reading the consumer's store)");
            }
            if (emitBookmarks && !atomicEvents) {
                throw new IllegalStateException("RealFifoOptions: emitBookmarks needs atomicEvents "
                        + "(a bookmark would overtake the per-object deltas of a relist)");
            }
            return new RealFifoOptions(this);
        }
    }
}
