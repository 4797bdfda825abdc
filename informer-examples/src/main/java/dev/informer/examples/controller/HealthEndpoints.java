package dev.informer.examples.controller;

import dev.informer.cache.ReflectorOptions;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.health.HealthCheck;
import dev.informer.health.HealthChecks;
import dev.informer.health.HealthServer;
import dev.informer.leaderelection.LeaderElectionHealthCheck;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.micrometer.InformerMeters;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What {@code controller --health-port PORT} serves: {@code /healthz}, {@code /readyz} and {@code
 * /metrics} (Prometheus text from a {@link PrometheusMeterRegistry}) on one port, through the
 * library's {@link HealthServer} and {@link InformerMeters}.
 *
 * <p>The checks follow the controller that runs now ({@link #controllerStarted}); with leader election,
 * a standby (no controller yet) is ready and alive while its elector is healthy. Closing it stops
 * serving and closes the registry. Thread-safe.
 *
 * <p>Example code, not a library API.
 */
final class HealthEndpoints implements AutoCloseable {

    /** How long the elector's renewal may be overdue before the leader election check fails (client-go's example). */
    private static final Duration LEADER_ELECTION_TOLERANCE = Duration.ofSeconds(20);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final InformerMeters meters = InformerMeters.of(registry);
    private final LeaderElectionHealthCheck leaderElection = new LeaderElectionHealthCheck(LEADER_ELECTION_TOLERANCE);
    private final AtomicReference<AppPodsController> controller = new AtomicReference<>();
    private final boolean standbyWithoutController;
    private final HealthServer server;

    /**
     * Binds {@code port} (0: any free port) and starts serving.
     *
     * @param leaderElect whether the process runs only while it leads (then the elector is checked and
     *                    a standby is ready)
     * @throws IllegalStateException naming the port when it cannot be bound
     */
    HealthEndpoints(int port, boolean leaderElect) {
        this.standbyWithoutController = leaderElect;
        HealthServer.Builder builder = HealthServer.builder()
                .port(port)
                .threadFactory(ThreadFactories.platformDaemon("health-server"))
                .livenessCheck("controller", this::alive)
                .readinessCheck("controller", this::ready)
                .metrics(registry::scrape);
        if (leaderElect) {
            HealthCheck elector = HealthChecks.leaderElection(leaderElection);
            builder.livenessCheck("leaderElection", elector).readinessCheck("leaderElection", elector);
        }
        try {
            this.server = builder.start();
        } catch (RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    /** The bound port. */
    int port() {
        return server.port();
    }

    /** Adds the metrics providers and the registry's meters to {@code builder}. */
    AppPodsController.Builder instrument(AppPodsController.Builder builder) {
        return builder.manager(manager ->
                        manager.controllerMetrics(meters.controllers()).workQueueMetrics(meters.workQueues()))
                .informers(factory -> factory.informerMetricsProvider(meters.informers())
                        .reflectorOptions(ReflectorOptions.builder()
                                .metrics(meters.reflectors())
                                .build()));
    }

    /** The health check to hand to the leader elector's builder. */
    LeaderElectionHealthCheck leaderElectionCheck() {
        return leaderElection;
    }

    /** Exports {@code leader_election_master_status{name}} for {@code elector}. */
    void bindLeaderElection(LeaderElector elector) {
        meters.bindLeaderElection(elector);
    }

    /** From now on the checks ask {@code started} (the controller of this run or leader term). */
    void controllerStarted(AppPodsController started) {
        controller.set(Objects.requireNonNull(started, "started"));
    }

    private Optional<String> ready() {
        AppPodsController current = controller.get();
        if (current == null) {
            return standbyWithoutController ? Optional.empty() : Optional.of("the app-pods controller is not started");
        }
        return current.readiness().check();
    }

    private Optional<String> alive() {
        AppPodsController current = controller.get();
        return current == null ? Optional.empty() : current.liveness().check();
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            registry.close();
        }
    }
}
