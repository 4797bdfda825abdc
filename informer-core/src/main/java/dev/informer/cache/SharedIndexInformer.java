package dev.informer.cache;

import dev.informer.store.IndexFunction;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.ReadOnlyIndexer;
import dev.informer.store.RealFifoOptions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A {@link SharedInformer} whose cache is an {@link Indexer} (client-go's {@code
 * SharedIndexInformer}). See {@link SharedInformer} for the contract.
 *
 * @param <T> the object type
 */
public interface SharedIndexInformer<T> extends SharedInformer<T> {

    /**
     * Adds indices to the cache, before or after start; objects already cached are indexed at once.
     *
     * @throws IllegalArgumentException {@code "indexer conflict: <name>"} if a name exists already
     */
    void addIndexers(Map<String, IndexFunction<T>> indexers);

    /**
     * A read-only view of the informer's indexed cache (client-go's {@code GetIndexer}, which returns
     * the mutable indexer): only the informer writes to its cache. The view reads through, so it
     * always shows the current content; the same view is returned on every call.
     */
    ReadOnlyIndexer<T> getIndexer();

    /**
     * A builder for an informer that lists and watches with {@code listerWatcher}. For an informer over
     * a resource client, {@code dev.informer.client.Informers.builder(resourceClient)} returns this
     * builder with the lister-watcher, name, resource and metadata adapter set.
     */
    static <T> Builder<T> builder(ListerWatcher<T> listerWatcher) {
        return new Builder<>(Objects.requireNonNull(listerWatcher, "listerWatcher"));
    }

    /**
     * Configures a {@link SharedIndexInformer}. Not thread-safe; each {@link #build()} gives a new
     * informer. What is listed and watched (namespace, selectors) is the {@link ListerWatcher}'s
     * business; the options here come in two groups:
     *
     * <ul>
     *   <li><b>Reflector options</b>: one {@link ReflectorOptions} value ({@link #reflectorOptions};
     *       {@link #backoff} is a shorthand), the same value a {@link Reflector.Builder} or the
     *       client's {@code SharedInformerFactory.Builder} takes.
     *   <li><b>Engine options</b> of the informer as a whole: {@link #name}, {@link #resource}, {@link
     *       #resyncPeriod}, {@link #indexer}, {@link #keyFunction}, {@link #metadata}, {@link #clock},
     *       {@link #threadFactory}, {@link #dispatchMode}, {@link #watchErrorHandler}, {@link #stopGracePeriod}, {@link
     *       #metricsProvider}, {@link #transform}, {@link #realFifo} / {@link #deltaFifo}.
     * </ul>
     *
     * @param <T> the object type
     */
    final class Builder<T> extends ListWatchSettings<T, Builder<T>> {
        final ListerWatcher<T> listerWatcher;
        String resource = "";
        final Map<String, IndexFunction<T>> indexers = new LinkedHashMap<>();
        ReflectorOptions reflectorOptions = ReflectorOptions.defaults();

        @Nullable
        UnaryOperator<T> transform;

        Duration stopGracePeriod = DEFAULT_STOP_GRACE_PERIOD;
        DispatchMode dispatchMode = DispatchMode.defaults();
        InformerMetricsProvider metricsProvider = InformerMetricsProvider.noop();

        @Nullable
        RealFifoOptions realFifo;

        private Builder(ListerWatcher<T> listerWatcher) {
            super("informer");
            this.listerWatcher = listerWatcher;
        }

        @Override
        Builder<T> self() {
            return this;
        }

        /**
         * The resource this informer caches, e.g. {@code v1/pods}: the {@code resource} label of its
         * metrics; default empty. The client's {@code Informers.builder} sets it.
         */
        public Builder<T> resource(String resource) {
            this.resource = Objects.requireNonNull(resource, "resource");
            return this;
        }

        /** Adds an index to the cache. */
        public Builder<T> indexer(String name, IndexFunction<T> function) {
            if (indexers.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(function, "function"))
                    != null) {
                throw new IllegalArgumentException("indexer conflict: " + name);
            }
            return this;
        }

        /** Adds indices to the cache. */
        public Builder<T> indexers(Map<String, IndexFunction<T>> indexers) {
            indexers.forEach(this::indexer);
            return this;
        }

        /**
         * How the informer runs its handlers' delivery loops; default {@link DispatchMode#pooled()}.
         * See {@link DispatchMode} for the modes and their trade-offs.
         */
        public Builder<T> dispatchMode(DispatchMode dispatchMode) {
            this.dispatchMode = Objects.requireNonNull(dispatchMode, "dispatchMode");
            return this;
        }

        /**
         * How the informer's reflector lists and watches: backoff, watch timeouts, paging, streaming
         * lists, internal error retries, metrics (labelled with the informer's name) and jitter;
         * default {@link ReflectorOptions#defaults()}.
         */
        public Builder<T> reflectorOptions(ReflectorOptions reflectorOptions) {
            this.reflectorOptions = Objects.requireNonNull(reflectorOptions, "reflectorOptions");
            return this;
        }

        /**
         * Shorthand for {@link #reflectorOptions} with only the backoff changed: {@code
         * reflectorOptions(current.toBuilder().backoff(backoff).build())}.
         */
        public Builder<T> backoff(BackoffPolicy backoff) {
            this.reflectorOptions =
                    reflectorOptions.toBuilder().backoff(backoff).build();
            return this;
        }

        /**
         * How long {@link SharedInformer#close()} waits for handler calls in progress (default 10 s); see
         * {@link SharedInformer#close(Duration)}.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder<T> stopGracePeriod(Duration stopGracePeriod) {
            if (stopGracePeriod.isNegative()) {
                throw new IllegalArgumentException("stopGracePeriod must not be negative: " + stopGracePeriod);
            }
            this.stopGracePeriod = stopGracePeriod;
            return this;
        }

        /**
         * Where the informer's metrics go (queued items, processing latency, store resource version),
         * labelled with its name and resource; default {@link InformerMetricsProvider#noop()}. Name and
         * resource must be unique among the provider's running informers: a duplicate gets no metrics
         * (one WARN).
         */
        public Builder<T> metricsProvider(InformerMetricsProvider metricsProvider) {
            this.metricsProvider = Objects.requireNonNull(metricsProvider, "metricsProvider");
            return this;
        }

        /** See {@link SharedInformer#setTransform}. */
        public Builder<T> transform(UnaryOperator<T> transform) {
            this.transform = Objects.requireNonNull(transform, "transform");
            return this;
        }

        /**
         * Makes the informer queue its events in a {@link dev.informer.store.RealFifo} with these options
         * instead of the default {@link dev.informer.store.DeltaFifo} (see docs/store.md, "Choosing the
         * queue"): handlers then get every event in strict order, nothing squashed per key.
         * {@link RealFifoOptions#clientGoDefaults()} is what client-go 1.36 informers use. With {@link
         * RealFifoOptions#maxBatchSize()} &gt; 1 the informer pops batches and applies each to its
         * indexer under one lock acquisition.
         */
        public Builder<T> realFifo(RealFifoOptions options) {
            this.realFifo = Objects.requireNonNull(options, "options");
            return this;
        }

        /** Makes the informer use a {@link dev.informer.store.DeltaFifo} (the default). */
        public Builder<T> deltaFifo() {
            this.realFifo = null;
            return this;
        }

        /** A new, not yet started informer. */
        public SharedIndexInformer<T> build() {
            Function<Object, ObjectMetaAccessor> meta = metadata != null ? metadata : ObjectMetadataReaders::self;
            KeyFunction<T> keys = keyFunction;
            if (keys == null) {
                keys = metadata == null ? KeyFunctions.metaNamespaceKey() : KeyFunctions.metaNamespaceKey(meta);
            }
            return new DefaultSharedIndexInformer<>(this, listerWatcher, keys, meta, name);
        }
    }
}
