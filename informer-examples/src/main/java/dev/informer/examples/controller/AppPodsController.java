package dev.informer.examples.controller;

import dev.informer.api.ConfigMap;
import dev.informer.api.KubernetesObject;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.cache.SyncError;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.controller.CacheSyncTimeoutException;
import dev.informer.controller.Controller;
import dev.informer.controller.EventPredicate;
import dev.informer.controller.Manager;
import dev.informer.controller.Request;
import dev.informer.controller.Result;
import dev.informer.examples.runtime.ManagedControllerBuilder;
import dev.informer.health.HealthCheck;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The example controller's wiring on the reconcile runtime ({@code dev.informer.controller}): a
 * {@link Manager} owns the informers on Pods and ConfigMaps; one controller named {@code app-pods}
 * reconciles the ConfigMap {@code <app>-pods} of each app ({@code forResource(CONFIGMAPS)} for our own
 * ConfigMaps, {@code watches(PODS)} mapping a pod to its app's ConfigMap), and {@link
 * AppPodsReconciler#reconcile} does the work for each {@link AppKey}. The runtime's work queue and
 * workers replace the hand-rolled ones.
 *
 * <p>Lifecycle: {@link #start(Duration)} starts the informers, waits until their caches have synced
 * and then starts the workers; {@link #close()} lets the reconciles under way finish (graceful drain,
 * up to 30 s) and stops the informers. One start per controller.
 *
 * <p>Guarantees (from the runtime): one key is never reconciled by two workers at once; an event that
 * arrives while its key is being reconciled makes it run once more afterwards; a failed key is
 * retried with the default controller backoff (5 ms doubling to 1000 s per key, 10 qps overall)
 * up to {@code maxRetries} times in a row ({@link Result#requeue()}), then dropped until its next
 * event. With {@link Builder#leadership}, nothing is reconciled or written while this process does
 * not lead. Thread-safe.
 */
public final class AppPodsController implements AutoCloseable {

    /** The controller's name: its work queue's name and the {@code controller} label of its metrics. */
    public static final String NAME = "app-pods";

    private static final Logger LOG = LoggerFactory.getLogger(AppPodsController.class);

    private final Builder config;
    private final ReconcileListener listener;
    private final Clock clock;
    private final int maxRetries;
    private final BooleanSupplier leading;
    private final Map<AppKey, Integer> failuresInARow = new ConcurrentHashMap<>();
    private final Object lifecycle = new Object();
    // @GuardedBy("lifecycle"); null until start()
    private volatile Runtime runtime;
    // @GuardedBy("lifecycle")
    private boolean closed;

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

    /** The manager, its one controller and the reconciler, made by {@link #start}. */
    private record Runtime(
            Manager manager,
            Controller controller,
            AppPodsReconciler reconciler,
            SharedIndexInformer<Pod> pods,
            SharedIndexInformer<ConfigMap> configMaps) {}

    private AppPodsController(Builder builder) {
        this.config = builder;
        this.clock = builder.clock();
        this.listener = builder.listener;
        this.maxRetries = builder.maxRetries;
        this.leading = builder.leading;
    }

    // The manager takes its sync timeout when built: it is built by start(syncTimeout).
    private Runtime newRuntime(Duration syncTimeout) {
        Builder builder = config;
        Manager manager = builder.newManager(
                own -> own.threadFactory(ThreadFactories.platformDaemon("app-pods-worker"))
                        .syncTimeout(syncTimeout),
                factory -> factory.defaultResync(builder.resync));
        SharedInformerFactory factory = manager.informerFactory();
        AppPodsReconciler reconciler = new AppPodsReconciler(
                factory.listerFor(ResourceType.PODS),
                factory.listerFor(ResourceType.CONFIGMAPS),
                builder.client().resource(ResourceType.CONFIGMAPS),
                leading);
        Controller controller = manager.controllerBuilder()
                .name(NAME)
                .maxConcurrentReconciles(builder.workers())
                // Our own ConfigMaps (edited or deleted by someone): bring their app back into line.
                .forResource(
                        ResourceType.CONFIGMAPS,
                        InformerOptions.ALL,
                        counting(configMapEvents),
                        EventPredicate.<ConfigMap>of(AppPodsReconciler::isManaged))
                // A pod enqueues its app's ConfigMap (an update the old and the new app's: labels move).
                .watches(ResourceType.PODS, InformerOptions.ALL, AppPodsController::appRequest, counting(podEvents))
                .build((request, cancellation) -> reconcile(request));
        // Kept: the factory refuses informerFor once the manager has stopped (e.g. after a sync timeout).
        return new Runtime(
                manager,
                controller,
                reconciler,
                factory.informerFor(ResourceType.PODS),
                factory.informerFor(ResourceType.CONFIGMAPS));
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
        Objects.requireNonNull(syncTimeout, "syncTimeout");
        Runtime started;
        synchronized (lifecycle) {
            if (runtime != null || closed) {
                throw new IllegalStateException("the app-pods controller can be started once, and not after close()");
            }
            started = newRuntime(syncTimeout);
            runtime = started;
        }
        try {
            started.manager().start();
        } catch (CacheSyncTimeoutException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        LOG.info("app-pods controller started with {} workers", config.workers());
    }

    /** Whether both informers have synced their initial lists. */
    public boolean hasSynced() {
        Runtime r = runtime;
        return r != null && r.pods().hasSynced() && r.configMaps().hasSynced();
    }

    /**
     * The newest list or watch failure of either informer, if any: what a caller reports when the
     * caches do not sync in time.
     */
    public Optional<SyncError> lastSyncError() {
        Runtime r = runtime;
        return r == null
                ? Optional.empty()
                : r.manager().informerFactory().lastSyncErrors().values().stream()
                        .max(Comparator.comparing(SyncError::time));
    }

    /** How many pods the pod informer has cached. */
    public int cachedPods() {
        Runtime r = runtime;
        return r == null ? 0 : r.pods().getStore().listKeys().size();
    }

    /** How many ConfigMaps the ConfigMap informer has cached. */
    public int cachedConfigMaps() {
        Runtime r = runtime;
        return r == null ? 0 : r.configMaps().getStore().listKeys().size();
    }

    /** The cached pods (store snapshot). */
    public List<Pod> cachedPodList() {
        Runtime r = runtime;
        return r == null ? List.of() : r.pods().getStore().list();
    }

    /**
     * Whether no key is queued or being reconciled right now (a key taken by a worker an instant ago
     * may not count yet: use it for progress, not for correctness).
     */
    public boolean isIdle() {
        Runtime r = runtime;
        return r == null || (r.controller().queueLength() == 0 && r.controller().activeWorkers() == 0);
    }

    /** How many keys were dropped unreconciled because this process did not lead (see {@link Builder#leadership}). */
    public long notLeadingSkips() {
        return notLeading.get();
    }

    /** {@code /readyz}: the manager's readiness (caches synced); "not started" before {@link #start}. Never blocks. */
    public HealthCheck readiness() {
        return () -> {
            Runtime r = runtime;
            return r == null
                    ? Optional.of("the app-pods controller is not started")
                    : r.manager().readiness().check();
        };
    }

    /** {@code /healthz}: the manager's liveness (running, workers alive); alive before {@link #start}. Never blocks. */
    public HealthCheck liveness() {
        return () -> {
            Runtime r = runtime;
            return r == null ? Optional.empty() : r.manager().liveness().check();
        };
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

    /** Lets the reconciles under way finish (up to 30 s) and stops the informers. Idempotent. */
    @Override
    public void close() {
        Runtime r;
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
            r = runtime;
        }
        if (r != null) {
            r.manager().close();
        }
    }

    private Result reconcile(Request request) {
        Optional<AppKey> appKey = appKeyOf(request);
        if (appKey.isEmpty()) {
            return Result.done(); // a managed ConfigMap not named <app>-pods: not ours to keep
        }
        AppKey key = appKey.get();
        long start = clock.nanoTime();
        try {
            if (!leading.getAsBoolean()) {
                skipNotLeading(key, "not reconciled");
                return Result.done();
            }
            ReconcileResult result = runtime.reconciler().reconcile(key);
            failuresInARow.remove(key);
            count(result.action());
            notifyListener(l -> l.onReconciled(result, Duration.ofNanos(clock.nanoTime() - start)));
            return Result.done();
        } catch (AppPodsReconciler.NotLeaderException e) {
            skipNotLeading(key, e.getMessage());
            return Result.done();
        } catch (RuntimeException e) {
            failures.incrementAndGet();
            int attempt = failuresInARow.merge(key, 1, Integer::sum);
            boolean retry = attempt <= maxRetries;
            if (retry) {
                retries.incrementAndGet();
                LOG.debug("reconcile of {} failed (attempt {}), retrying: {}", key, attempt, e.toString());
            } else {
                dropped.incrementAndGet();
                failuresInARow.remove(key);
                LOG.warn("giving up on {} after {} failed reconciles in a row", key, attempt, e);
            }
            notifyListener(l -> l.onFailed(key, e, attempt, retry));
            // requeue: the runtime's rate-limited queue backs the key off; done: dropped until its next event
            return retry ? Result.requeue() : Result.done();
        }
    }

    // Leadership lost: the key is dropped, not retried (the new leader reconciles it from its own cache).
    private void skipNotLeading(AppKey key, String what) {
        failuresInARow.remove(key);
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

    /** The request of an object's app: its namespace and the app's ConfigMap name {@code <app>-pods}. */
    private static List<Request> appRequest(KubernetesObject obj) {
        String app = obj.labels().get(AppPodsReconciler.APP_LABEL);
        String namespace = obj.namespace();
        if (app == null || app.isEmpty() || namespace == null || namespace.isEmpty()) {
            return List.of();
        }
        return List.of(new Request(namespace, new AppKey(namespace, app).configMapName()));
    }

    private static Optional<AppKey> appKeyOf(Request request) {
        String suffix = "-pods";
        String name = request.name();
        if (request.namespace().isEmpty() || !name.endsWith(suffix) || name.length() == suffix.length()) {
            return Optional.empty();
        }
        return Optional.of(new AppKey(request.namespace(), name.substring(0, name.length() - suffix.length())));
    }

    /** Counts every notification of a watch and lets it through (the first predicate of the watch). */
    private static <T> EventPredicate<T> counting(AtomicLong events) {
        return new EventPredicate<T>() {
            @Override
            public boolean create(T object) {
                events.incrementAndGet();
                return true;
            }

            @Override
            public boolean update(T oldObject, T newObject) {
                events.incrementAndGet();
                return true;
            }

            @Override
            public boolean delete(T object) {
                events.incrementAndGet();
                return true;
            }
        };
    }

    /**
     * Configures an {@link AppPodsController}: the options of {@link ManagedControllerBuilder} (4 workers
     * by default; the runtime's threads are platform daemon threads named {@code app-pods-worker-N}
     * unless {@link #manager} sets a {@code threadFactory}), and this controller's own below. Not
     * thread-safe.
     */
    public static final class Builder extends ManagedControllerBuilder<Builder> {
        private int maxRetries = 15;
        private Duration resync = Duration.ZERO;
        private ReconcileListener listener = new ReconcileListener() {};
        private BooleanSupplier leading = () -> true;

        private Builder(KubernetesClient client) {
            super(client, 4, ResourceType.PODS, ResourceType.CONFIGMAPS);
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

        @Override
        protected Builder self() {
            return this;
        }

        /** A new controller, not started. */
        public AppPodsController build() {
            return new AppPodsController(this);
        }
    }
}
