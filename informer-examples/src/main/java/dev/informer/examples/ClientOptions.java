package dev.informer.examples;

import dev.informer.client.ClientConfig;
import dev.informer.client.ConfigException;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How a command finds its cluster: {@code --server URL} (plain HTTP(S), no credentials), {@code
 * --kubeconfig PATH}, or by default client-go's rules ({@code $KUBECONFIG}, {@code ~/.kube/config},
 * then the in-cluster service account). Not thread-safe; used on the main thread.
 */
final class ClientOptions {

    @Option(names = "--server", paramLabel = "URL",
            description = "API server URL, e.g. http://127.0.0.1:8080 (no credentials); overrides the kubeconfig.")
    String server;

    @Option(names = "--kubeconfig", paramLabel = "PATH",
            description = "kubeconfig file (default: $KUBECONFIG, ~/.kube/config, then in-cluster config).")
    Path kubeconfig;

    /**
     * The client configuration these options select.
     *
     * @throws ParameterException (exit code 2) when both are given or the URL is malformed
     * @throws ConfigException (exit code 1) when the kubeconfig or the in-cluster configuration is
     *         missing or invalid
     */
    ClientConfig toConfig(CommandSpec spec) {
        if (server != null && kubeconfig != null) {
            throw new ParameterException(spec.commandLine(), "--server and --kubeconfig cannot be combined");
        }
        if (server != null) {
            return forServer(spec, server);
        }
        if (kubeconfig != null) {
            return ClientConfig.fromKubeConfig(kubeconfig);
        }
        return ClientConfig.autoDetect();
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
