package dev.informer.examples.demo;

import dev.informer.api.ConfigMap;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.Clock;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.Termination;
import dev.informer.examples.controller.AppPodsController;
import dev.informer.examples.controller.ConsoleReporter;
import dev.informer.examples.controller.ControllerStats;
import dev.informer.testing.EmbeddedApiServer;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code demo} (also what runs without a command): the example controller against an embedded API
 * server full of sample pods that keep changing, with a line per reconcile and a closing summary.
 * Ends by itself after {@code --duration}; exit code 0 when the ConfigMaps ended up matching the
 * pods, 1 otherwise.
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run the example controller against an embedded API server with changing sample pods (default).",
        description = {
            "Runs the example controller against an embedded API server with a few hundred sample pods that keep "
                    + "changing (creates, readiness and label changes, deletes, a burst), printing a line per reconcile and "
                    + "a summary. For every pod label app=<app> the controller keeps a ConfigMap <app>-pods in the pod's "
                    + "namespace listing that app's ready pods."
        })
public final class DemoCommand extends Subcommand {

    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final int BURST = 40;

    @Option(
            names = "--duration",
            defaultValue = "20s",
            paramLabel = "DURATION",
            description = "How long the pods keep changing (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(
            names = "--pods",
            defaultValue = "300",
            paramLabel = "N",
            description = "Sample pods to start with (default: ${DEFAULT-VALUE}).")
    int pods;

    @Option(
            names = "--namespaces",
            defaultValue = "3",
            paramLabel = "N",
            description = "Namespaces to spread them over, 1..4 (default: ${DEFAULT-VALUE}).")
    int namespaces;

    @Option(
            names = "--workers",
            defaultValue = "4",
            paramLabel = "N",
            description = "Controller workers (default: ${DEFAULT-VALUE}).")
    int workers;

    @Option(
            names = "--change-interval",
            defaultValue = "150ms",
            paramLabel = "DURATION",
            description = "Time between two changes to the pods (default: ${DEFAULT-VALUE}).")
    Duration changeInterval;

    @Option(
            names = "--seed",
            defaultValue = "42",
            paramLabel = "N",
            description = "Random seed of the sample data (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    protected int run() throws InterruptedException {
        validate();
        PrintWriter out = out();
        Clock clock = Clock.system();
        ConsoleReporter console = new ConsoleReporter(out, clock);
        console.plain("informer-examples demo: a client-go style controller on an embedded Kubernetes API server");
        // SIGTERM/SIGINT interrupt the demo wherever it is; it stops its parts and exits 0.
        try (Termination termination = installTermination()) {
            return termination.interruptibly(() -> runDemo(out, clock, console));
        } catch (InterruptedException e) {
            return 0;
        }
    }

    private int runDemo(PrintWriter out, Clock clock, ConsoleReporter console) throws InterruptedException {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().seed(seed).start()) {
            DemoWorkload workload = new DemoWorkload(server, seed, namespaces);
            workload.seed(pods);
            console.plain("API server " + server.url() + ": " + pods + " pods in namespaces " + workload.namespaces()
                    + ", apps " + DemoWorkload.APPS + ", about 70% ready");
            console.plain(
                    "The controller keeps, per namespace and app label, a ConfigMap <app>-pods listing the ready pods.");
            try (KubernetesClient client = KubernetesClient.create(
                            ClientConfig.builder().server(server.url()).build());
                    AppPodsController controller = AppPodsController.builder(client)
                            .workers(workers)
                            .listener(console)
                            .clock(clock)
                            .build()) {
                long syncStart = clock.nanoTime();
                Thread progress = startProgress(controller, console, pods);
                try {
                    controller.start(Duration.ofSeconds(60));
                } finally {
                    progress.interrupt();
                    progress.join();
                }
                long syncNanos = clock.nanoTime() - syncStart;
                console.progress(
                        String.format(
                                Locale.ROOT,
                                "synced: %d pods and %d ConfigMaps cached in %d ms",
                                controller.cachedPods(),
                                controller.cachedConfigMaps(),
                                syncNanos / 1_000_000),
                        isTerminal());
                if (isTerminal()) {
                    console.plain("");
                }
                changePods(workload, server, console, clock);
                console.line("the pods stopped changing; waiting for the controller to settle...");
                List<String> problems = settle(controller, client, clock);
                printSummary(console, controller, workload, syncNanos, clock.nanoTime() - syncStart, problems);
                if (!problems.isEmpty()) {
                    throw new IllegalStateException("the ConfigMaps did not converge within "
                            + SETTLE_TIMEOUT.toSeconds() + " s: " + problems.get(0)
                            + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
                }
                new WebAppDemo(client, console, clock).run();
                return 0;
            }
        }
    }

    private void validate() {
        requireRange("--pods", pods, 1, 100_000);
        requireRange("--namespaces", namespaces, 1, DemoWorkload.NAMESPACES.size());
        requireRange("--workers", workers, 1, 64);
        if (duration.isZero()) {
            throw usage("--duration must be positive");
        }
        if (changeInterval.compareTo(Duration.ofMillis(1)) < 0) {
            throw usage("--change-interval must be at least 1ms: " + changeInterval);
        }
    }

    /** Prints how much of the initial list is cached until the caches have synced. */
    private static Thread startProgress(AppPodsController controller, ConsoleReporter console, int expectedPods) {
        boolean terminal = isTerminal();
        Thread thread = new Thread(
                () -> {
                    int last = -1;
                    try {
                        while (!controller.hasSynced()) {
                            int cached = controller.cachedPods();
                            if (cached != last) {
                                console.progress(
                                        "syncing the informer caches: " + cached + "/" + expectedPods + " pods",
                                        terminal);
                                last = cached;
                            }
                            Clock.system().sleep(POLL);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "demo-progress");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Changes pods until the duration is over: random changes, a conflict storm, a burst that comes and goes. */
    private void changePods(DemoWorkload workload, EmbeddedApiServer server, ConsoleReporter console, Clock clock)
            throws InterruptedException {
        long start = clock.nanoTime();
        long total = duration.toNanos();
        AtomicBoolean conflicts = new AtomicBoolean();
        AtomicBoolean burstCreated = new AtomicBoolean();
        AtomicBoolean burstDeleted = new AtomicBoolean();
        long elapsed;
        while ((elapsed = clock.nanoTime() - start) < total) {
            double progress = (double) elapsed / total;
            if (progress >= 0.25 && !conflicts.getAndSet(true)) {
                server.faults().failNext(3, "update", "configmaps", 409);
                console.change("chaos: the API server answers the next 3 ConfigMap updates with 409 Conflict");
            } else if (progress >= 0.4 && !burstCreated.getAndSet(true)) {
                console.change("burst: creating " + BURST + " ready pods of app=" + DemoWorkload.BURST_APP + " in "
                        + workload.burstNamespace() + " at once");
                workload.burstCreate(BURST);
            } else if (progress >= 0.7 && !burstDeleted.getAndSet(true)) {
                console.change("burst: deleting every pod of app=" + DemoWorkload.BURST_APP + " at once");
                workload.burstDelete();
            } else {
                console.change(workload.step());
            }
            clock.sleep(changeInterval);
        }
        if (!burstDeleted.get() && burstCreated.get()) {
            console.change("burst: deleting every pod of app=" + DemoWorkload.BURST_APP + " at once");
            workload.burstDelete();
        }
        server.faults().reset();
    }

    /** Waits until the controller is idle and the ConfigMaps match the pods, or the settle timeout. */
    private static List<String> settle(AppPodsController controller, KubernetesClient client, Clock clock)
            throws InterruptedException {
        long deadline = clock.nanoTime() + SETTLE_TIMEOUT.toNanos();
        while (true) {
            List<String> problems = List.of();
            if (controller.isIdle()) {
                List<Pod> pods = client.resource(ResourceType.PODS)
                        .inAnyNamespace()
                        .list()
                        .items();
                List<ConfigMap> configMaps = client.resource(ResourceType.CONFIGMAPS)
                        .inAnyNamespace()
                        .list()
                        .items();
                problems = Convergence.mismatches(pods, configMaps);
                if (problems.isEmpty()) {
                    return problems;
                }
            } else {
                problems = List.of("the work queue is still busy");
            }
            if (clock.nanoTime() - deadline >= 0) {
                return problems;
            }
            clock.sleep(POLL);
        }
    }

    private void printSummary(
            ConsoleReporter console,
            AppPodsController controller,
            DemoWorkload workload,
            long syncNanos,
            long runNanos,
            List<String> problems) {
        ControllerStats stats = controller.stats();
        console.plain("");
        console.plain("summary");
        console.plain(
                "  ran for          %.1f s (pods changed for %.1f s, every %d ms)",
                runNanos / 1e9, duration.toMillis() / 1e3, changeInterval.toMillis());
        console.plain("  time to sync     %d ms (%d pods listed and cached)", syncNanos / 1_000_000, pods);
        console.plain(
                "  events seen      %d (pods %d, ConfigMaps %d)",
                stats.events(), stats.podEvents(), stats.configMapEvents());
        console.plain(
                "  reconciles       %d (created %d, updated %d, deleted %d, in sync %d)",
                stats.reconciles(), stats.created(), stats.updated(), stats.deleted(), stats.unchanged());
        console.plain(
                "  queue retries    %d (failed reconciles %d, given up %d)",
                stats.retries(), stats.failures(), stats.droppedKeys());
        console.plain(
                "  pods at the end  %d; ConfigMaps %s",
                workload.podCount(), problems.isEmpty() ? "all match their pods" : "NOT converged: " + problems);
    }

    private static boolean isTerminal() {
        return System.console() != null;
    }
}
