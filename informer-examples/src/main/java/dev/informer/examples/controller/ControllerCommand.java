package dev.informer.examples.controller;

import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.Clock;
import dev.informer.examples.cli.ClientOptions;
import dev.informer.examples.cli.NamespaceOption;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.SyncTimeout;
import dev.informer.examples.cli.SyncTimeoutOption;
import dev.informer.examples.cli.Termination;
import dev.informer.leaderelection.LeaderContext;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.leaderelection.ResourceLock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code controller}: the example controller ({@link AppPodsController}) against a real cluster,
 * until SIGTERM/SIGINT. With {@code --leader-elect}, only the holder of a coordination.k8s.io/v1
 * Lease runs it; losing the lease ends the process with exit code 1 (as client-go controllers do),
 * so that a supervisor restarts it as a fresh candidate. With {@code --health-port} it serves {@code
 * /healthz}, {@code /readyz} and {@code /metrics} ({@link HealthEndpoints}).
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "controller",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run the example controller against a cluster (kubeconfig, in-cluster or --server).",
        description = {
            "Runs the example controller against a cluster (kubeconfig or in-cluster configuration by default): for "
                    + "every pod labelled app=<app> it keeps a ConfigMap <app>-pods in the pod's namespace listing the app's "
                    + "ready pods (owner references set; created, updated and deleted as pods come and go). Runs until "
                    + "SIGTERM or Ctrl-C. With --leader-elect only the holder of the Lease reconciles; losing it exits 1. "
                    + "With --health-port it serves /healthz, /readyz and /metrics (Prometheus) on that port."
        })
public final class ControllerCommand extends Subcommand {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(2);

    // With --health-port: what is served; null without.
    private HealthEndpoints health;

    @Mixin
    ClientOptions clientOptions;

    @Mixin
    NamespaceOption namespace;

    @Option(
            names = "--workers",
            defaultValue = "4",
            paramLabel = "N",
            description = "Reconcile workers (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(
            names = "--resync",
            defaultValue = "0",
            paramLabel = "DURATION",
            description = "Informer resync period (default: none).")
    Duration resync;

    @Mixin
    SyncTimeoutOption syncTimeout;

    @Option(names = "--leader-elect", description = "Run only while holding the leader Lease.")
    boolean leaderElect;

    @Option(
            names = "--lease-name",
            defaultValue = "informer-examples-controller",
            paramLabel = "NAME",
            description = "Name of the leader Lease (default: ${DEFAULT-VALUE}).")
    String leaseName;

    @Option(
            names = "--lease-namespace",
            paramLabel = "NS",
            description = "Namespace of the leader Lease (default: --namespace, else default).")
    String leaseNamespace;

    @Option(
            names = "--identity",
            paramLabel = "ID",
            description = "This candidate's identity (default: host name and a random id).")
    String identity;

    @Option(
            names = "--lease-duration",
            defaultValue = "15s",
            paramLabel = "DURATION",
            description = "Leader lease duration (default: ${DEFAULT-VALUE}).")
    Duration leaseDuration;

    @Option(
            names = "--renew-deadline",
            defaultValue = "10s",
            paramLabel = "DURATION",
            description = "Leader renew deadline (default: ${DEFAULT-VALUE}).")
    Duration renewDeadline;

    @Option(
            names = "--retry-period",
            defaultValue = "2s",
            paramLabel = "DURATION",
            description = "Leader retry period (default: ${DEFAULT-VALUE}).")
    Duration retryPeriod;

    @Option(
            names = "--health-port",
            paramLabel = "PORT",
            description = "Serve /healthz, /readyz and /metrics (Prometheus) on this port (0: any free port; "
                    + "default: nothing served).")
    Integer healthPort;

    @Override
    protected int run() throws InterruptedException {
        requireRange("--workers", workers, 1, 64);
        requireResync(resync);
        if (!leaderElect && (leaseNamespace != null || identity != null)) {
            throw usage("--lease-namespace and --identity need --leader-elect");
        }
        if (healthPort != null) {
            requireRange("--health-port", healthPort, 0, 65535);
        }
        SyncTimeout sync = syncTimeout.value(spec);
        ClientConfig config = clientOptions.toConfig(spec);
        ConsoleReporter console = new ConsoleReporter(out(), Clock.system());
        try (Termination termination = installTermination();
                HealthEndpoints health = healthPort == null ? null : new HealthEndpoints(healthPort, leaderElect);
                KubernetesClient client = KubernetesClient.create(config)) {
            this.health = health;
            if (health != null) {
                console.line("serving /healthz, /readyz and /metrics on port " + health.port());
            }
            console.line("controller connecting to " + client.config().server() + namespace.scope());
            if (!leaderElect) {
                try (AppPodsController controller =
                        controllerBuilder(client, console).build()) {
                    if (health != null) {
                        health.controllerStarted(controller);
                    }
                    if (!termination.runUnlessStopped(
                            () -> startSynced(sync, controller, client.config().server()))) {
                        return 0;
                    }
                    console.line("caches synced; reconciling (" + workers + " workers)");
                    termination.await();
                }
                return 0;
            }
            return runWithLeaderElection(client, console, termination, sync);
        }
    }

    private AppPodsController.Builder controllerBuilder(KubernetesClient client, ConsoleReporter console) {
        AppPodsController.Builder builder = AppPodsController.builder(client)
                .namespace(namespace.value())
                .workers(workers)
                .resync(resync)
                .listener(console);
        return health == null ? builder : health.instrument(builder);
    }

    private int runWithLeaderElection(
            KubernetesClient client, ConsoleReporter console, Termination termination, SyncTimeout sync)
            throws InterruptedException {
        CountDownLatch wake = new CountDownLatch(1);
        termination.onRequest(wake::countDown);
        String id = identity != null ? identity : defaultIdentity();
        String lockNamespace =
                leaseNamespace != null ? leaseNamespace : namespace.value() != null ? namespace.value() : "default";
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        LeaderElector elector;
        try {
            LeaderElector.Builder electorBuilder = LeaderElector.builder();
            if (health != null) {
                electorBuilder.healthCheck(health.leaderElectionCheck());
            }
            elector = electorBuilder
                    .lock(ResourceLock.lease(client, lockNamespace, leaseName, id))
                    .leaseDuration(leaseDuration)
                    .renewDeadline(renewDeadline)
                    .retryPeriod(retryPeriod)
                    .releaseOnCancel(true)
                    .name(leaseName)
                    .onStartedLeading(context -> lead(client, console, context, sync, failure, wake))
                    .onStoppedLeading(wake::countDown)
                    .onNewLeader(leader -> console.line(
                            leader.isEmpty()
                                    ? "the leader lease is free"
                                    : leader.equals(id)
                                            ? "this process (" + id + ") is the leader"
                                            : "the leader is " + leader))
                    .build();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (health != null) {
            health.bindLeaderElection(elector);
        }
        console.line("waiting to lead: Lease " + lockNamespace + "/" + leaseName + " as " + id);
        elector.start();
        wake.await();
        elector.close(); // cancels the term: the controller stops, then the Lease is released
        elector.awaitTermination(STOP_TIMEOUT);
        if (termination.isRequested()) {
            return 0;
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        throw new IllegalStateException("lost the leader Lease " + lockNamespace + "/" + leaseName + "; exiting");
    }

    // Runs on the elector's leading thread until the term ends (the thread is then interrupted).
    private void lead(
            KubernetesClient client,
            ConsoleReporter console,
            LeaderContext context,
            SyncTimeout sync,
            AtomicReference<RuntimeException> failure,
            CountDownLatch wake) {
        console.line("became the leader; starting the controller");
        // Workers check the term before each reconcile and write: nothing after a pause past the lease.
        AppPodsController controller = controllerBuilder(client, console)
                .leadership(() -> !context.isCancelled())
                .build();
        if (health != null) {
            health.controllerStarted(controller);
        }
        try {
            startSynced(sync, controller, client.config().server());
            console.line("caches synced; reconciling (" + workers + " workers)");
            context.awaitCancellation();
        } catch (InterruptedException e) {
            // The term ended while starting: stop below.
        } catch (RuntimeException e) {
            failure.set(e);
            wake.countDown();
        } finally {
            boolean interrupted = Thread.interrupted(); // let close() join threads undisturbed
            controller.close();
            console.line("stopped leading; controller stopped");
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String defaultIdentity() {
        String host = System.getenv("HOSTNAME");
        if (host == null || host.isBlank()) {
            host = "informer-examples";
        }
        return host + "_" + UUID.randomUUID();
    }

    /**
     * Starts {@code controller} and waits for its caches, for at most {@code sync}.
     *
     * @throws SyncTimeout.SyncTimeoutException if they did not sync in time, naming {@code server} and the last error
     */
    private static Void startSynced(SyncTimeout sync, AppPodsController controller, Object server)
            throws InterruptedException {
        try {
            controller.start(sync.duration());
        } catch (IllegalStateException notSynced) {
            if (controller.hasSynced()) {
                throw notSynced;
            }
            throw sync.failure("the caches", server, controller.lastSyncError());
        }
        return null;
    }
}
