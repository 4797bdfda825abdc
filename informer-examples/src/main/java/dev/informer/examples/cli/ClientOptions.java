package dev.informer.examples.cli;

import dev.informer.client.ClientConfig;
import dev.informer.client.ConfigEnvironment;
import dev.informer.client.ConfigException;
import dev.informer.client.KubeConfig;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How a command finds its cluster, the same for {@code controller}, {@code watch} and {@code
 * node-agent}: {@code --server URL} (plain HTTP(S), no credentials), {@code --kubeconfig PATH} and/or
 * {@code --context NAME}, or by default client-go's rules ({@code $KUBECONFIG}, {@code
 * ~/.kube/config}, then the in-cluster service account). Not thread-safe; used on the main thread.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class ClientOptions {

    @Option(
            names = "--server",
            paramLabel = "URL",
            description = "API server URL, e.g. http://127.0.0.1:8080 (no credentials); overrides the kubeconfig.")
    String server;

    @Option(
            names = "--kubeconfig",
            paramLabel = "PATH",
            description = "kubeconfig file (default: $KUBECONFIG, ~/.kube/config, then in-cluster config).")
    Path kubeconfig;

    @Option(
            names = "--context",
            paramLabel = "NAME",
            description = "kubeconfig context to use (default: the kubeconfig's current context).")
    String context;

    /**
     * The client configuration these options select.
     *
     * @throws ParameterException (exit code 2) when both are given or the URL is malformed
     * @throws ConfigException (exit code 1) when the kubeconfig or the in-cluster configuration is
     *         missing or invalid
     */
    public ClientConfig toConfig(CommandSpec spec) {
        return toConfig(spec, ConfigEnvironment.system());
    }

    public ClientConfig toConfig(CommandSpec spec, ConfigEnvironment environment) {
        if (server != null && (kubeconfig != null || context != null)) {
            throw new ParameterException(
                    spec.commandLine(), "--server cannot be combined with --kubeconfig or --context");
        }
        if (server != null) {
            return forServer(spec, server);
        }
        if (kubeconfig != null) {
            return ClientConfig.fromKubeConfig(KubeConfig.parse(kubeconfig), context, environment);
        }
        if (context != null) {
            KubeConfig merged = KubeConfig.load(environment)
                    .orElseThrow(() -> new ConfigException("--context " + context + ": no kubeconfig found at "
                            + KubeConfig.defaultFiles(environment)));
            return ClientConfig.fromKubeConfig(merged, context, environment);
        }
        return ClientConfig.autoDetect(environment);
    }

    /**
     * Whether any option or the environment names a cluster: an option, {@code $KUBECONFIG}, or the
     * in-cluster variables. {@code node-agent} starts an embedded server when none does (it does not
     * fall back to {@code ~/.kube/config}, since it writes mirror pods).
     */
    public boolean namesCluster(ConfigEnvironment environment) {
        return server != null
                || kubeconfig != null
                || context != null
                || environment.variable(KubeConfig.KUBECONFIG) != null
                || environment.variable("KUBERNETES_SERVICE_HOST") != null;
    }

    /**
     * A configuration for a plain server URL.
     *
     * @throws ParameterException (exit code 2) naming the URL if it is malformed
     */
    static ClientConfig forServer(CommandSpec spec, String url) {
        try {
            return ClientConfig.builder().server(url).build();
        } catch (ConfigException e) {
            throw new ParameterException(spec.commandLine(), "invalid --server: " + e.getMessage(), e, null, url);
        }
    }
}
