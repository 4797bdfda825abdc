package dev.informer.examples.webapp;

import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.controller.CacheSyncTimeoutException;
import dev.informer.examples.cli.ClientOptions;
import dev.informer.examples.cli.NamespaceOption;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.SyncTimeout;
import dev.informer.examples.cli.SyncTimeoutOption;
import dev.informer.examples.cli.Termination;
import dev.informer.testing.EmbeddedApiServer;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code webapp}: the WebApp controller ({@link WebAppController}) against a cluster (the same
 * connection options as {@code controller}) or, with {@code --embedded}, against an embedded API
 * server; installs the CRD {@value WebApps#CRD_NAME} when absent; runs until SIGTERM/SIGINT.
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "webapp",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run the WebApp controller (CRD webapps.example.dev) against a cluster or an embedded server.",
        description = {
            "Runs the WebApp controller: each WebApp (example.dev/v1: spec.image, spec.replicas, spec.port) gets a "
                    + "Deployment and a Service of its name (owner references set, server-side apply), "
                    + "status.readyReplicas from the Deployment, Events, and a finalizer example.dev/cleanup that deletes "
                    + "them when the WebApp is deleted. Installs the CRD when absent. Runs until SIGTERM or Ctrl-C."
        })
public final class WebAppCommand extends Subcommand {

    @Mixin
    ClientOptions clientOptions;

    @Option(
            names = "--embedded",
            description =
                    "Start an embedded API server and run against it (prints its URL); " + "no connection option then.")
    boolean embedded;

    @Mixin
    NamespaceOption namespace;

    @Option(
            names = "--workers",
            defaultValue = "2",
            paramLabel = "N",
            description = "Reconcile workers (default: ${DEFAULT-VALUE}).")
    int workers;

    @Mixin
    SyncTimeoutOption syncTimeout;

    @Override
    protected int run() throws Exception {
        requireRange("--workers", workers, 1, 64);
        if (embedded) {
            for (String option : new String[] {"--server", "--kubeconfig", "--context"}) {
                if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                    throw usage("--embedded takes no " + option);
                }
            }
        }
        SyncTimeout sync = syncTimeout.value(spec);
        PrintWriter out = out();
        try (Termination termination = installTermination();
                EmbeddedApiServer server =
                        embedded ? EmbeddedApiServer.builder().start() : null) {
            ClientConfig config = server == null
                    ? clientOptions.toConfig(spec)
                    : ClientConfig.builder().server(server.url()).build();
            if (server != null) {
                out.println("embedded API server: " + server.url());
            }
            try (KubernetesClient client = KubernetesClient.create(config)) {
                out.println("webapp controller connecting to " + client.config().server() + namespace.scope());
                out.println(
                        WebApps.installCrdIfAbsent(client)
                                ? "installed CustomResourceDefinition " + WebApps.CRD_NAME
                                : "CustomResourceDefinition " + WebApps.CRD_NAME + " is installed");
                out.flush();
                try (WebAppController controller = WebAppController.builder(client)
                        .namespace(namespace.value())
                        .workers(workers)
                        .manager(manager -> manager.syncTimeout(sync.duration()))
                        .build()) {
                    try {
                        if (!termination.runUnlessStopped(() -> {
                            controller.start();
                            return null;
                        })) {
                            return 0;
                        }
                    } catch (CacheSyncTimeoutException e) {
                        throw sync.failure("the caches", client.config().server(), controller.lastSyncError());
                    }
                    out.println("caches synced; reconciling WebApps (" + workers + " workers)");
                    out.flush();
                    termination.await();
                }
            }
            return 0;
        }
    }
}
