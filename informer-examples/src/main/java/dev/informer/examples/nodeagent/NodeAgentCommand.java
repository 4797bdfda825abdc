package dev.informer.examples.nodeagent;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.ConfigEnvironment;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.examples.cli.ClientOptions;
import dev.informer.examples.cli.Subcommand;
import dev.informer.examples.cli.Termination;
import dev.informer.examples.demo.SamplePods;
import dev.informer.podconfig.ApiserverSource;
import dev.informer.podconfig.ConfigSources;
import dev.informer.podconfig.FileSource;
import dev.informer.podconfig.HttpSource;
import dev.informer.podconfig.PodConfig;
import dev.informer.podconfig.PodSource;
import dev.informer.podstatus.StatusManager;
import dev.informer.testing.EmbeddedApiServer;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code node-agent}: the kubelet's pod config (API server, manifest directory and manifest URL
 * sources, merged) and status manager for one node, until SIGTERM/SIGINT; see {@link NodeAgent}
 * for what it prints and does. Without {@code --server} it starts an embedded API server with two
 * pods bound to the node.
 *
 * <p>Example code (a subcommand of {@link dev.informer.examples.Main}), not a library API.
 */
@Command(
        name = "node-agent",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Run a kubelet-style pod config and status manager for one node.",
        description = {
            "Runs a kubelet-style pod config and status manager for one node and prints every merged pod update as "
                    + "'pod update: OPERATION source=SOURCE pods=[ns/name, ...]'. Sources: the API server (pods with "
                    + "spec.nodeName=NODE), a manifest directory, a manifest URL. Without --server it starts an embedded "
                    + "API server."
        })
public final class NodeAgentCommand extends Subcommand {

    @Option(names = "--node", required = true, paramLabel = "NAME", description = "The node's name.")
    String node;

    @Option(
            names = "--manifest-dir",
            paramLabel = "DIR",
            description = "Directory (or file) of static pod manifests, YAML or JSON.")
    Path manifestDir;

    @Option(names = "--manifest-url", paramLabel = "URL", description = "URL serving a Pod or PodList manifest.")
    String manifestUrl;

    @Mixin
    ClientOptions clientOptions;

    @Option(
            names = "--check-period",
            defaultValue = "20s",
            paramLabel = "DURATION",
            description =
                    "How often the manifest directory and URL are re-read (default: ${DEFAULT-VALUE}; the directory"
                            + " is also watched for changes).")
    Duration checkPeriod;

    @Override
    protected int run() throws InterruptedException {
        if (node.isBlank()) {
            throw usage("--node must not be empty");
        }
        if (checkPeriod.isZero()) {
            throw usage("--check-period must be positive");
        }
        if (manifestUrl != null) {
            parseUrl(manifestUrl); // bad usage before anything starts
        }
        ConfigEnvironment environment = ConfigEnvironment.system();
        ClientConfig clientConfig =
                clientOptions.namesCluster(environment) ? clientOptions.toConfig(spec, environment) : null;
        PrintWriter out = out();

        List<AutoCloseable> resources = new ArrayList<>();
        PodConfig config = PodConfig.builder().build();
        try (Termination termination = installTermination()) {
            try {
                runAgent(config, clientConfig, resources, out, termination);
            } finally {
                config.close();
                for (AutoCloseable resource : resources) {
                    closeQuietly(resource);
                }
            }
            return 0;
        }
    }

    private void runAgent(
            PodConfig config,
            ClientConfig givenConfig,
            List<AutoCloseable> resources,
            PrintWriter out,
            Termination termination)
            throws InterruptedException {
        ClientConfig clientConfig = givenConfig;
        URI manifestUri = manifestUrl == null ? null : parseUrl(manifestUrl);
        if (clientConfig == null) {
            EmbeddedApiServer embedded = EmbeddedApiServer.builder().start();
            resources.add(embedded);
            for (String name : List.of("web", "db")) {
                SamplePods.create(embedded, SamplePods.pod("default", name + "-" + node, name, node), false);
            }
            clientConfig = ClientConfig.builder().server(embedded.url()).build();
            out.println("embedded API server: " + embedded.url() + " (2 pods bound to node " + node + ")");
        }
        KubernetesClient client = KubernetesClient.create(clientConfig);
        resources.add(0, client);
        ResourceClient<Pod> pods = client.resource(ResourceType.PODS);
        List<PodSource> sources = new ArrayList<>();
        sources.add(ApiserverSource.builder(pods, node, config.channel(ConfigSources.API))
                .build());
        if (manifestDir != null) {
            sources.add(FileSource.builder(manifestDir, node, config.channel(ConfigSources.FILE))
                    .period(checkPeriod)
                    .build());
        }
        if (manifestUri != null) {
            sources.add(HttpSource.builder(manifestUri, node, config.channel(ConfigSources.HTTP))
                    .period(checkPeriod)
                    .build());
        }
        StatusManager statuses = StatusManager.builder(pods).build();
        resources.add(0, statuses);
        for (PodSource source : sources) {
            resources.add(0, source);
        }
        // On a signal: stop the sources first (no update is pushed into a closed channel), then the pod
        // config, whose close lets the agent drain what is queued and return.
        termination.onRequest(() -> {
            sources.forEach(NodeAgentCommand::closeQuietly);
            config.close();
        });
        statuses.start();
        sources.forEach(PodSource::start);
        out.println("node agent for node " + node + " on " + clientConfig.server() + ": sources " + config.sources()
                + (manifestDir == null ? "" : ", manifests in " + manifestDir.toAbsolutePath())
                + (manifestUri == null ? "" : ", manifests from " + manifestUri));
        out.flush();
        new NodeAgent(config, statuses, pods, out).run();
    }

    private URI parseUrl(String url) {
        try {
            URI uri = new URI(url);
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())
                    || uri.getHost() == null) {
                throw usage("--manifest-url must be an http(s) URL with a host: " + url);
            }
            return uri;
        } catch (URISyntaxException e) {
            throw usage("--manifest-url is malformed: " + e.getMessage());
        }
    }

    private static void closeQuietly(AutoCloseable resource) {
        try {
            resource.close();
        } catch (Exception e) {
            // Shutting down: a failure to close one part must not keep the others open.
            org.slf4j.LoggerFactory.getLogger(NodeAgentCommand.class).debug("closing {} failed", resource, e);
        }
    }
}
