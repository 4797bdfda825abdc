package dev.informer.examples.webapp;

import dev.informer.api.ResourceType;
import dev.informer.cache.SyncError;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.client.Transforms;
import dev.informer.clock.Clock;
import dev.informer.controller.Controller;
import dev.informer.controller.Manager;
import dev.informer.health.HealthCheck;
import dev.informer.record.EventBroadcaster;
import java.time.Duration;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The WebApp controller's wiring on the reconcile runtime: a {@link Manager} with one controller
 * named {@value #NAME} ({@code forResource(webapps)}, {@code owns(deployments)}, {@code
 * owns(services)}) running a {@link WebAppReconciler}, and an {@link EventBroadcaster} whose recorder
 * (source {@value WebApps#FIELD_MANAGER}) the reconciler records Events with.
 *
 * <p>Lifecycle: {@link #start()} starts the informers, waits for their caches (the sync timeout,
 * failing with {@link dev.informer.controller.CacheSyncTimeoutException}) and starts the workers;
 * {@link #close()} drains the reconciles under way (up to 30 s), stops the informers and then
 * writes the Events still queued. The CRD must be installed first ({@link
 * WebApps#installCrdIfAbsent}). Thread-safe.
 */
public final class WebAppController implements AutoCloseable {

    /** The controller's name: its queue's name and its metrics' {@code controller} label. */
    public static final String NAME = "webapp";

    private final EventBroadcaster broadcaster;
    private final Manager manager;
    private final Controller controller;

    private WebAppController(Builder builder) {
        this.broadcaster =
                EventBroadcaster.builder(builder.client).clock(builder.clock).build();
        Manager.Builder managerBuilder = Manager.builder(builder.client)
                .clock(builder.clock)
                .syncTimeout(builder.syncTimeout)
                .informers(factory -> {
                    factory.transform(ResourceType.DEPLOYMENTS, Transforms.stripManagedFields())
                            .transform(ResourceType.SERVICES, Transforms.stripManagedFields());
                    if (builder.namespace != null) {
                        factory.namespace(builder.namespace);
                    }
                });
        builder.manager.accept(managerBuilder);
        this.manager = managerBuilder.build();
        SharedInformerFactory factory = manager.informerFactory();
        WebAppReconciler reconciler = new WebAppReconciler(
                builder.client,
                factory.listerFor(WebApps.WEBAPPS),
                factory.listerFor(ResourceType.DEPLOYMENTS),
                factory.listerFor(ResourceType.SERVICES),
                broadcaster.newRecorder(WebApps.FIELD_MANAGER),
                builder.clock);
        this.controller = manager.controllerBuilder()
                .name(NAME)
                .forResource(WebApps.WEBAPPS)
                .owns(ResourceType.DEPLOYMENTS)
                .owns(ResourceType.SERVICES)
                .maxConcurrentReconciles(builder.workers)
                .build(reconciler);
    }

    /** A builder for a controller that talks to the cluster through {@code client}. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /**
     * Starts the informers, waits for their caches and starts the workers.
     *
     * @throws dev.informer.controller.CacheSyncTimeoutException if the caches do not sync in time
     * @throws IllegalStateException                             if started before or closed
     * @throws InterruptedException                              if interrupted while waiting
     */
    public void start() throws InterruptedException {
        manager.start();
    }

    /** The newest list or watch failure of the informers, if any. */
    public Optional<SyncError> lastSyncError() {
        return manager.informerFactory().lastSyncErrors().values().stream().max(Comparator.comparing(SyncError::time));
    }

    /** Whether no WebApp is queued or being reconciled right now (for progress, not correctness). */
    public boolean isIdle() {
        return controller.queueLength() == 0 && controller.activeWorkers() == 0;
    }

    /** {@code /readyz}: caches synced. */
    public HealthCheck readiness() {
        return manager.readiness();
    }

    /** {@code /healthz}: running, workers alive. */
    public HealthCheck liveness() {
        return manager.liveness();
    }

    /** The Events written to the server so far. */
    public long writtenEvents() {
        return broadcaster.writtenEvents();
    }

    /** Drains the reconciles under way, stops the informers, then writes the queued Events. Idempotent. */
    @Override
    public void close() {
        try {
            manager.close();
        } finally {
            broadcaster.close();
        }
    }

    /** Configures a {@link WebAppController}. Not thread-safe. */
    public static final class Builder {
        private final KubernetesClient client;
        private String namespace;
        private int workers = 2;
        private Duration syncTimeout = Duration.ofMinutes(2);
        private Clock clock = Clock.system();
        private Consumer<Manager.Builder> manager = builder -> {};

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
        }

        /** Watch only this namespace ({@code null}, the default: all namespaces). */
        public Builder namespace(String namespace) {
            this.namespace = namespace == null || namespace.isBlank() ? null : namespace;
            return this;
        }

        /**
         * Reconciles in parallel (default 2).
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
         * How long {@link #start()} waits for the caches (default 2 minutes).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder syncTimeout(Duration syncTimeout) {
            if (syncTimeout.isNegative() || syncTimeout.isZero()) {
                throw new IllegalArgumentException("syncTimeout must be positive: " + syncTimeout);
            }
            this.syncTimeout = syncTimeout;
            return this;
        }

        /** The clock of the runtime, the Events and the status timestamps (default the system clock). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** More configuration of the manager (metrics, thread factory). */
        public Builder manager(Consumer<Manager.Builder> manager) {
            this.manager = Objects.requireNonNull(manager, "manager");
            return this;
        }

        /** A new controller, not started. */
        public WebAppController build() {
            return new WebAppController(this);
        }
    }
}
