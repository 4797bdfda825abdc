package dev.informer.client;

import dev.informer.api.ResourceType;
import dev.informer.cache.DispatchMode;
import dev.informer.cache.InformerMetricsProvider;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.Lister;
import dev.informer.cache.ReflectorOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.cache.SharedInformer;
import dev.informer.cache.SyncError;
import dev.informer.clock.Clock;
import dev.informer.store.RealFifoOptions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * Hands out one shared informer per (resource type, namespace, selectors), as client-go's {@code
 * SharedInformerFactory}: every part of a program that asks for pods in "default" gets the same
 * informer, so the resource is listed and watched once.
 *
 * <p>Informers are created on first request, not started: {@link #start()} starts every informer
 * created so far that is not running (call it again after requesting more). {@link
 * #waitForCacheSync(Duration)} waits for the started ones; {@link #shutdown()} stops all and joins
 * their threads, waiting at most a grace period for handlers. Informers made by the factory have the
 * namespace index ({@code IndexFunctions.NAMESPACE_INDEX}) that {@link Lister#namespace(String)} uses.
 *
 * <p>Thread-safe. Requesting an informer after {@link #shutdown()} throws {@link IllegalStateException}.
 */
public interface SharedInformerFactory extends AutoCloseable {

    /** The shared informer for every object of {@code type}. */
    default <T> SharedIndexInformer<T> informerFor(ResourceType<T> type) {
        return informerFor(type, InformerOptions.ALL);
    }

    /** The shared informer for {@code type} narrowed by {@code options}. */
    <T> SharedIndexInformer<T> informerFor(ResourceType<T> type, InformerOptions options);

    /** A lister over {@link #informerFor(ResourceType)}'s cache (creating the informer if needed). */
    default <T> Lister<T> listerFor(ResourceType<T> type) {
        return listerFor(type, InformerOptions.ALL);
    }

    /** A lister over {@link #informerFor(ResourceType, InformerOptions)}'s cache. */
    <T> Lister<T> listerFor(ResourceType<T> type, InformerOptions options);

    /** Starts every informer created so far that has not started. */
    void start();

    /**
     * Waits until every started informer has synced or {@code timeout} passes (on the factory's
     * clock), and tells which have synced.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    Map<Key, Boolean> waitForCacheSync(Duration timeout) throws InterruptedException;

    /**
     * The {@linkplain SharedInformer#lastSyncError() last sync error} of every informer that has
     * one, in creation order: what to report after {@link #waitForCacheSync} timed out. Thread-safe.
     */
    Map<Key, SyncError> lastSyncErrors();

    /** {@link #shutdown(Duration)} with the builder's stop grace period (default 10 s). */
    void shutdown();

    /**
     * {@link #shutdown()}: client-go's name is kept, {@code close()} is the same operation for
     * try-with-resources. Idempotent.
     */
    @Override
    default void close() {
        shutdown();
    }

    /**
     * Stops every informer at once and returns within about {@code grace} overall (not per informer),
     * never hanging on a handler: as {@link SharedInformer#close(Duration)}, a handler still running
     * after the grace period is named in one WARN and its thread interrupted, not waited for.
     * Idempotent.
     *
     * @return whether every informer's threads ended within the grace period
     * @throws IllegalArgumentException if {@code grace} is negative
     */
    boolean shutdown(Duration grace);

    /**
     * Identifies one informer of the factory.
     *
     * @param type    the resource type
     * @param options namespace and selectors
     */
    record Key(ResourceType<?> type, InformerOptions options) {
        public Key {
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(options, "options");
        }
    }

    /** A builder for a factory whose informers list and watch through {@code client}. */
    static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /**
     * Configures a {@link SharedInformerFactory}. Not thread-safe. The setters of the plain settings
     * are generated (from {@code SharedInformerFactorySettings}); those below are written here.
     */
    final class Builder extends SharedInformerFactorySettingsBuilderBase {
        final KubernetesClient client;

        @Nullable
        ThreadFactory threadFactory;

        @Nullable
        RealFifoOptions realFifo;

        final Map<ResourceType<?>, UnaryOperator<?>> transforms = new HashMap<>();
        final Map<ResourceType<?>, Duration> resyncs = new HashMap<>();

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
            from(new SharedInformerFactorySettings(
                    Duration.ZERO,
                    null,
                    Clock.system(),
                    DispatchMode.defaults(),
                    ReflectorOptions.defaults(),
                    SharedInformer.DEFAULT_STOP_GRACE_PERIOD,
                    InformerMetricsProvider.noop()));
        }

        /** The resync period of the informers of {@code type}. */
        public Builder resync(ResourceType<?> type, Duration resync) {
            if (resync.isNegative()) {
                throw new IllegalArgumentException("resync must not be negative: " + resync);
            }
            resyncs.put(Objects.requireNonNull(type, "type"), resync);
            return this;
        }

        /** The transform of the informers of {@code type}, e.g. {@link Transforms#stripManagedFields()}. */
        public <T> Builder transform(ResourceType<T> type, UnaryOperator<T> transform) {
            transforms.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(transform, "transform"));
            return this;
        }

        /** The thread factory of every informer; default platform daemon threads. */
        public Builder threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /** See {@link SharedIndexInformer.Builder#realFifo}: every informer of the factory uses a RealFifo with these options. */
        public Builder realFifo(RealFifoOptions options) {
            this.realFifo = Objects.requireNonNull(options, "options");
            return this;
        }

        /** Every informer of the factory uses a DeltaFifo (the default). */
        public Builder deltaFifo() {
            this.realFifo = null;
            return this;
        }

        /** A new factory with this configuration. */
        public SharedInformerFactory build() {
            return new DefaultSharedInformerFactory(this);
        }
    }
}
