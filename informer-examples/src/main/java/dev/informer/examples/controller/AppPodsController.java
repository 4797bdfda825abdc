package dev.informer.examples.controller;

import dev.informer.api.ConfigMap;
import dev.informer.api.KubernetesObject;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.cache.SyncError;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.client.Transforms;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.workqueue.RateLimitingQueue;
import dev.informer.workqueue.WorkQueues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The example controller's wiring, client-go style: a {@link SharedInformerFactory} with informers
 * on Pods and ConfigMaps, event handlers that only enqueue {@link AppKey}s, a rate-limited work
 * queue, and several workers that run {@link AppPodsReconciler#reconcile} for each key.
 *
 * <p>Lifecycle: {@link #start(Duration)} starts the informers, waits until their caches have synced
 * and then starts the workers; {@link #close()} shuts the queue down, waits for the workers to
 * finish their current key and stops the informers. One start per controller.
 *
 * <p>Guarantees (from the work queue): one key is never reconciled by two workers at once; an event
 * that arrives while its key is being reconciled makes it run once more afterwards; a failed key is
 * retried with the default controller backoff (5 ms doubling to 1000 s per key, 10 qps overall)
 * up to {@code maxRetries} times in a row, then dropped until its next event. With {@link
 * Builder#leadership}, nothing is reconciled or written while this process does not lead.
 * Thread-safe.
 */
public final class AppPodsController implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AppPodsController.class);

    private final SharedInformerFactory factory;
    private final SharedIndexInformer<Pod> podInformer;
    private final SharedIndexInformer<ConfigMap> configMapInformer;
    private final AppPodsReconciler reconciler;
    private final RateLimitingQueue<AppKey> queue;
    private final ReconcileListener listener;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final int workerCount;
    private final int maxRetries;
    private final Object lifecycle = new Object();
    // @GuardedBy("lifecycle")
    private final List<Thread> workers = new ArrayList<>();
    // @GuardedBy("lifecycle")
    private boolean started;
    // @GuardedBy("lifecycle")
    private boolean closed;

    private final AtomicInteger busyWorkers = new AtomicInteger();
    private final AtomicLong podEvents = new AtomicLong();
    private final AtomicLong configMapEvents = new AtomicLong();
    private final AtomicLong reconciles = new AtomicLong();
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong updated = new AtomicLong();
    private final AtomicLong deleted = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong notLeading = new AtomicLong();
    private final BooleanSupplier leading;

    private AppPodsController(Builder builder) {
        this.clock = builder.clock;
        this.threadFactory = builder.threadFactory != null
                ? builder.threadFactory
                : ThreadFactories.platformDaemon("app-pods-worker");
        this.listener = builder.listener;
        this.workerCount = builder.workers;
        this.maxRetries = builder.maxRetries;
        this.leading = builder.leading;
        SharedInformerFactory.Builder factoryBuilder = SharedInformerFactory.builder(builder.client)
                .clock(clock)
                .defaultResync(builder.resync)
                .transform(ResourceType.PODS, Transforms.stripManagedFields())
                .transform(ResourceType.CONFIGMAPS, Transforms.stripManagedFields());
        if (builder.namespace != null) {
            factoryBuilder.namespace(builder.namespace);
        }
        this.factory = factoryBuilder.build();
        this.podInformer = factory.informerFor(ResourceType.PODS);
        this.configMapInformer = factory.informerFor(ResourceType.CONFIGMAPS);
        this.reconciler = new AppPodsReconciler(
                factory.listerFor(ResourceType.PODS),
                factory.listerFor(ResourceType.CONFIGMAPS),
                builder.client.resource(ResourceType.CONFIGMAPS),
                leading);
        this.queue = WorkQueues.<AppKey>builder().name("app-pods").clock(clock).buildRateLimiting();
        podInformer.addEventHandler(enqueuing(podEvents, this::enqueueApp));
        configMapInformer.addEventHandler(enqueuing(configMapEvents, this::enqueueManagedConfigMap));
    }

    /** A builder for a controller that talks to the cluster through {@code client}. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /**
     * Starts the informers, waits up to {@code syncTimeout} for their caches, then starts the workers.
     *
     * @throws IllegalStateException if already started or closed, or if the caches did not sync in time
     * @throws InterruptedException  if interrupted while waiting for the caches
     */
    public void start(Duration syncTimeout) throws InterruptedException {
        synchronized (lifecycle) {
            if (started || closed) {
                throw new IllegalStateException("the app-pods controller can be started once, and not after close()");
            }
            started = true;
        }
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(syncTimeout);
        if (synced.containsValue(false)) {
            throw new IllegalStateException("caches did not sync within " + syncTimeout + ": " + synced);
        }
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            for (int i = 0; i < workerCount; i++) {
                Thread worker = threadFactory.newThread(this::runWorker);
                workers.add(worker);
                worker.start();
            }
        }
        LOG.info("app-pods controller started with {} workers", workerCount);
    }

    /** Whether both informers have synced their initial lists. */
    public boolean hasSynced() {
        return podInformer.hasSynced() && configMapInformer.hasSynced();
    }

    /**
     * The newest list or watch failure of either informer, if any: what a caller reports when the
     * caches do not sync in time.
     */
    public Optional<SyncError> lastSyncError() {
        return factory.lastSyncErrors().values().stream().max(Comparator.comparing(SyncError::time));
    }

    /** How many pods the pod informer has cached. */
    public int cachedPods() {
        return podInformer.getStore().listKeys().size();
    }

    /** How many ConfigMaps the ConfigMap informer has cached. */
    public int cachedConfigMaps() {
        return configMapInformer.getStore().listKeys().size();
    }

    /** The cached pods (store snapshot). */
    public List<Pod> cachedPodList() {
        return podInformer.getStore().list();
    }

    /**
     * Whether no key is queued or being reconciled right now (a key taken by a worker an instant ago
     * may not count yet: use it for progress, not for correctness).
     */
    public boolean isIdle() {
        return queue.len() == 0 && busyWorkers.get() == 0;
    }

    /** How many keys were dropped unreconciled because this process did not lead (see {@link Builder#leadership}). */
    public long notLeadingSkips() {
        return notLeading.get();
    }

    /** The counters so far. */
    public ControllerStats stats() {
        return new ControllerStats(
                podEvents.get(),
                configMapEvents.get(),
                reconciles.get(),
                created.get(),
                updated.get(),
                deleted.get(),
                unchanged.get(),
                failures.get(),
                retries.get(),
                dropped.get());
    }

    /** Stops the workers (after their current key) and the informers. Idempotent. */
    @Override
    public void close() {
        List<Thread> toJoin;
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
            toJoin = new ArrayList<>(workers);
        }
        queue.shutDown();
        boolean interrupted = false;
        for (Thread worker : toJoin) {
            while (true) {
                try {
                    worker.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        factory.shutdown();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void runWorker() {
        try {
            Optional<AppKey> item;
            while ((item = queue.get()).isPresent()) {
                process(item.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void process(AppKey key) {
        busyWorkers.incrementAndGet();
        long start = clock.nanoTime();
        try {
            if (!leading.getAsBoolean()) {
                skipNotLeading(key, "not reconciled");
                return;
            }
            ReconcileResult result = reconciler.reconcile(key);
            queue.forget(key);
            count(result.action());
            notifyListener(l -> l.onReconciled(result, Duration.ofNanos(clock.nanoTime() - start)));
        } catch (AppPodsReconciler.NotLeaderException e) {
            skipNotLeading(key, e.getMessage());
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            int attempt = queue.numRequeues(key) + 1;
            boolean retry = attempt <= maxRetries;
            if (retry) {
                retries.incrementAndGet();
                queue.addRateLimited(key);
                LOG.debug("reconcile of {} failed (attempt {}), retrying: {}", key, attempt, e.toString());
            } else {
                dropped.incrementAndGet();
                queue.forget(key);
                LOG.warn("giving up on {} after {} failed reconciles in a row", key, attempt, e);
            }
            notifyListener(l -> l.onFailed(key, e, attempt, retry));
        } finally {
            queue.done(key);
            busyWorkers.decrementAndGet();
        }
    }

    // Leadership lost: the key is dropped, not retried (the new leader reconciles it from its own cache).
    private void skipNotLeading(AppKey key, String what) {
        queue.forget(key);
        if (notLeading.getAndIncrement() == 0) {
            LOG.warn("this process no longer leads: {} {}; no reconcile and no write from now on", key, what);
        } else {
            LOG.debug("not leading: {} {}", key, what);
        }
    }

    private void count(ReconcileResult.Action action) {
        reconciles.incrementAndGet();
        switch (action) {
            case CREATED -> created.incrementAndGet();
            case UPDATED -> updated.incrementAndGet();
            case DELETED -> deleted.incrementAndGet();
            case UNCHANGED, SKIPPED -> unchanged.incrementAndGet();
        }
    }

    private void notifyListener(Consumer<ReconcileListener> call) {
        try {
            call.accept(listener);
        } catch (RuntimeException e) {
            LOG.warn("reconcile listener {} failed", listener, e);
        }
    }

    private void enqueueApp(KubernetesObject obj) {
        String app = obj.labels().get(AppPodsReconciler.APP_LABEL);
        String namespace = obj.namespace();
        if (app != null && !app.isEmpty() && namespace != null && !namespace.isEmpty()) {
            queue.add(new AppKey(namespace, app));
        }
    }

    // A change to one of our ConfigMaps (edited or deleted by someone) brings its app back into line.
    private void enqueueManagedConfigMap(KubernetesObject obj) {
        if (AppPodsReconciler.MANAGER.equals(obj.labels().get(AppPodsReconciler.MANAGED_BY_LABEL))) {
            enqueueApp(obj);
        }
    }

    /** A handler that counts every notification and enqueues the app of the objects involved. */
    private static <T extends KubernetesObject> ResourceEventHandler<T> enqueuing(
            AtomicLong events, Consumer<KubernetesObject> enqueue) {
        return new ResourceEventHandler<T>() {
            @Override
            public void onAdd(T obj, boolean isInInitialList) {
                events.incrementAndGet();
                enqueue.accept(obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                events.incrementAndGet();
                // A changed app label moves the object: both the old and the new app need a reconcile.
                enqueue.accept(oldObj);
                enqueue.accept(newObj);
            }

            @Override
            public void onDelete(Object objOrTombstone) {
                events.incrementAndGet();
                Object obj = objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone
                        ? tombstone.obj()
                        : objOrTombstone;
                if (obj instanceof KubernetesObject object) {
                    enqueue.accept(object);
                }
            }
        };
    }

    /** Configures an {@link AppPodsController}. Not thread-safe. */
    public static final class Builder {
        private final KubernetesClient client;
        private String namespace;
        private int workers = 4;
        private int maxRetries = 15;
        private Duration resync = Duration.ZERO;
        private Clock clock = Clock.system();
        private ThreadFactory threadFactory;
        private ReconcileListener listener = new ReconcileListener() {};
        private BooleanSupplier leading = () -> true;

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Watch only this namespace ({@code null}, the default: all namespaces). */
        public Builder namespace(String namespace) {
            this.namespace = namespace == null || namespace.isBlank() ? null : namespace;
            return this;
        }

        /**
         * The number of worker threads (default 4).
         *
         * @throws IllegalArgumentException if below 1
         */
        public Builder workers(int workers) {
            if (workers < 1) {
                throw new IllegalArgumentException("workers must be at least 1: " + workers);
            }
            this.workers = workers;
            return this;
        }

        /**
         * How many failures in a row a key is retried before it is dropped until its next event
         * (default 15).
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder maxRetries(int maxRetries) {
            if (maxRetries < 0) {
                throw new IllegalArgumentException("maxRetries must not be negative: " + maxRetries);
            }
            this.maxRetries = maxRetries;
            return this;
        }

        /** The informers' resync period (default none). */
        public Builder resync(Duration resync) {
            this.resync = Objects.requireNonNull(resync, "resync");
            return this;
        }

        /** The clock of the informers, the queue and the timings (default the system clock). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Makes the worker threads (default platform daemon threads). */
        public Builder threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /** Observes every reconcile (default none). */
        public Builder listener(ReconcileListener listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * With leader election: whether this process leads now, e.g. {@code elector::isLeader} or {@code
         * () -> !leaderContext.isCancelled()} (default: always). Each worker asks before every reconcile
         * and the reconciler again right before every write; when it says no, the key is dropped
         * without a reconcile or a write (logged once as a WARN), so a leader that was paused past its
         * lease and resumed does nothing while its successor works. Must be quick and thread-safe.
         */
        public Builder leadership(BooleanSupplier leading) {
            this.leading = Objects.requireNonNull(leading, "leading");
            return this;
        }

        /** A new controller, not started. */
        public AppPodsController build() {
            return new AppPodsController(this);
        }
    }
}
