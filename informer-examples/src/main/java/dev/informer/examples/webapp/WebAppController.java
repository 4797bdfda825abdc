package dev.informer.examples.webapp;

import dev.informer.api.ResourceType;
import dev.informer.cache.SyncError;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.controller.Controller;
import dev.informer.controller.Manager;
import dev.informer.examples.runtime.ManagedControllerBuilder;
import dev.informer.health.HealthCheck;
import dev.informer.record.EventBroadcaster;
import java.util.Comparator;
import java.util.Optional;

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
        this.broadcaster = EventBroadcaster.builder(builder.client())
                .clock(builder.clock())
                .build();
        this.manager = builder.newManager(own -> {}, factory -> {});
        SharedInformerFactory factory = manager.informerFactory();
        WebAppReconciler reconciler = new WebAppReconciler(
                builder.client(),
                factory.listerFor(WebApps.WEBAPPS),
                factory.listerFor(ResourceType.DEPLOYMENTS),
                factory.listerFor(ResourceType.SERVICES),
                broadcaster.newRecorder(WebApps.FIELD_MANAGER),
                builder.clock());
        this.controller = manager.controllerBuilder()
                .name(NAME)
                .forResource(WebApps.WEBAPPS)
                .owns(ResourceType.DEPLOYMENTS)
                .owns(ResourceType.SERVICES)
                .maxConcurrentReconciles(builder.workers())
                .build(reconciler);
    }

    /** A builder for a controller that talks to the cluster through {@code client}. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /**
     * Starts the informers, waits for their caches (the manager's sync timeout, 2 minutes unless
     * {@link Builder#manager} sets another) and starts the workers.
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

    /**
     * Configures a {@link WebAppController}: the options of {@link ManagedControllerBuilder}, 2 workers
     * by default. The sync timeout is the manager's ({@code manager(m -> m.syncTimeout(...))}). Not
     * thread-safe.
     */
    public static final class Builder extends ManagedControllerBuilder<Builder> {

        private Builder(KubernetesClient client) {
            super(client, 2, ResourceType.DEPLOYMENTS, ResourceType.SERVICES);
        }

        @Override
        protected Builder self() {
            return this;
        }

        /** A new controller, not started. */
        public WebAppController build() {
            return new WebAppController(this);
        }
    }
}
