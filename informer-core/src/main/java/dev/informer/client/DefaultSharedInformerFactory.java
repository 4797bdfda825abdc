package dev.informer.client;

import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.Lister;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.cache.SharedInformer;
import dev.informer.cache.SyncError;
import dev.informer.clock.Clock;
import dev.informer.store.IndexFunction;
import dev.informer.store.IndexFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.RealFifoOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/** The {@link SharedInformerFactory} implementation. */
final class DefaultSharedInformerFactory implements SharedInformerFactory {

    private static final Duration SYNC_POLL = Duration.ofMillis(100);

    private final KubernetesClient client;
    private final SharedInformerFactorySettings settings;
    private final @Nullable ThreadFactory threadFactory;
    private final @Nullable RealFifoOptions realFifo;
    private final Map<ResourceType<?>, UnaryOperator<?>> transforms;
    private final Map<ResourceType<?>, Duration> resyncs;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition never = lock.newCondition();
    // @GuardedBy("lock")
    private final Map<Key, SharedIndexInformer<?>> informers = new LinkedHashMap<>();
    // @GuardedBy("lock")
    private boolean shutDown;

    DefaultSharedInformerFactory(SharedInformerFactory.Builder builder) {
        this.client = builder.client;
        this.settings = builder.settings();
        this.threadFactory = builder.threadFactory;
        this.realFifo = builder.realFifo;
        this.transforms = Map.copyOf(builder.transforms);
        this.resyncs = Map.copyOf(builder.resyncs);
        this.clock = settings.clock();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> SharedIndexInformer<T> informerFor(ResourceType<T> type, InformerOptions options) {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(options, "options");
        String defaultNamespace = settings.namespace();
        InformerOptions effective = options.namespace() == null && defaultNamespace != null && type.namespaced()
                ? new InformerOptions(defaultNamespace, options.labelSelector(), options.fieldSelector())
                : options;
        Key key = new Key(type, effective);
        lock.lock();
        try {
            if (shutDown) {
                throw new IllegalStateException(
                        "the shared informer factory has been shut down: no informer for " + type);
            }
            return (SharedIndexInformer<T>) informers.computeIfAbsent(key, k -> newInformer(type, effective));
        } finally {
            lock.unlock();
        }
    }

    @SuppressWarnings("unchecked")
    private <T> SharedIndexInformer<T> newInformer(ResourceType<T> type, InformerOptions options) {
        Function<Object, ObjectMetaAccessor> metadata = type.metadataAccessor();
        IndexFunction<T> byNamespace = object -> {
            String namespace = metadata.apply(object).namespace();
            return List.of(namespace == null ? "" : namespace);
        };
        SharedIndexInformer.Builder<T> builder = Informers.builder(client.resource(type), options)
                .resyncPeriod(resyncs.getOrDefault(type, settings.defaultResync()))
                .indexer(IndexFunctions.NAMESPACE_INDEX, byNamespace)
                .clock(clock)
                .reflectorOptions(settings.reflectorOptions())
                .stopGracePeriod(settings.stopGracePeriod())
                .dispatchMode(settings.dispatchMode())
                .metricsProvider(settings.informerMetricsProvider());
        if (threadFactory != null) {
            builder.threadFactory(threadFactory);
        }
        if (realFifo != null) {
            builder.realFifo(realFifo);
        }
        UnaryOperator<?> transform = transforms.get(type);
        if (transform != null) {
            builder.transform((UnaryOperator<T>) transform);
        }
        return builder.build();
    }

    @Override
    public <T> Lister<T> listerFor(ResourceType<T> type, InformerOptions options) {
        SharedIndexInformer<T> informer = informerFor(type, options);
        return Lister.withMetadata(informer.getIndexer(), type.metadataAccessor());
    }

    @Override
    public void start() {
        List<SharedIndexInformer<?>> toStart = new ArrayList<>();
        lock.lock();
        try {
            if (shutDown) {
                throw new IllegalStateException(
                        "the shared informer factory has been shut down and cannot start informers");
            }
            for (SharedIndexInformer<?> informer : informers.values()) {
                if (!informer.hasStarted()) {
                    toStart.add(informer);
                }
            }
        } finally {
            lock.unlock();
        }
        toStart.forEach(SharedInformer::start);
    }

    @Override
    public Map<Key, SyncError> lastSyncErrors() {
        Map<Key, SharedIndexInformer<?>> all;
        lock.lock();
        try {
            all = new LinkedHashMap<>(informers);
        } finally {
            lock.unlock();
        }
        Map<Key, SyncError> errors = new LinkedHashMap<>();
        all.forEach((key, informer) -> informer.lastSyncError().ifPresent(error -> errors.put(key, error)));
        return Collections.unmodifiableMap(errors);
    }

    @Override
    public Map<Key, Boolean> waitForCacheSync(Duration timeout) throws InterruptedException {
        Map<Key, SharedIndexInformer<?>> started = new LinkedHashMap<>();
        lock.lock();
        try {
            informers.forEach((key, informer) -> {
                if (informer.hasStarted()) {
                    started.put(key, informer);
                }
            });
        } finally {
            lock.unlock();
        }
        long deadline = clock.nanoTime() + Clock.toNanosSaturated(timeout);
        while (true) {
            boolean all = started.values().stream().allMatch(SharedInformer::hasSynced);
            long now = clock.nanoTime();
            if (all || now - deadline >= 0) {
                break;
            }
            // Poll like client-go's WaitForCacheSync; a plain wait on the clock keeps fake clocks in control.
            long wake = Math.min(deadline, now + SYNC_POLL.toNanos());
            lock.lock();
            try {
                clock.awaitUntil(lock, never, wake);
            } finally {
                lock.unlock();
            }
        }
        Map<Key, Boolean> result = new LinkedHashMap<>();
        started.forEach((key, informer) -> result.put(key, informer.hasSynced()));
        return result;
    }

    @Override
    public void shutdown() {
        shutdown(settings.stopGracePeriod());
    }

    @Override
    public boolean shutdown(Duration grace) {
        List<SharedIndexInformer<?>> toStop;
        lock.lock();
        try {
            shutDown = true;
            toStop = new ArrayList<>(informers.values());
        } finally {
            lock.unlock();
        }
        // Every informer stops at once, then all are awaited until one shared deadline.
        return SharedInformer.closeAll(toStop, grace);
    }
}
