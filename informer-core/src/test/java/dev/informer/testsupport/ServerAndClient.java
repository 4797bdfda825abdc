package dev.informer.testsupport;

import dev.informer.client.ClientConfig;
import dev.informer.client.ConfigEnvironment;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.EmbeddedApiServer;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

/**
 * A started embedded API server and a client of it, for tests that talk to a real server. Closing closes the client,
 * then the server; a test holds one in an {@code @AutoClose} field or a try-with-resources block. Thread-safe as its
 * parts are.
 */
public record ServerAndClient(EmbeddedApiServer server, KubernetesClient client) implements AutoCloseable {

    /** Starts a default embedded server and a client configured with its URL. */
    public static ServerAndClient start() {
        return start(EmbeddedApiServer.builder());
    }

    /** Starts {@code server} and a client configured with its URL. */
    public static ServerAndClient start(EmbeddedApiServer.Builder server) {
        return start(
                server, started -> ClientConfig.builder().server(started.url()).build());
    }

    /**
     * Starts {@code server} and a client configured the way a user's machine would be: through the kubeconfig the
     * server writes into {@code dir}, named by the {@code KUBECONFIG} variable.
     */
    public static ServerAndClient startThroughKubeconfig(EmbeddedApiServer.Builder server, Path dir) {
        return start(server, started -> {
            Path kubeconfig = started.kubeconfig(dir.resolve("kubeconfig"));
            return ClientConfig.autoDetect(
                    new ConfigEnvironment(Map.of("KUBECONFIG", kubeconfig.toString()), dir, dir, new FakeClock()));
        });
    }

    private static ServerAndClient start(
            EmbeddedApiServer.Builder server, Function<EmbeddedApiServer, ClientConfig> config) {
        EmbeddedApiServer started = server.start();
        try {
            return new ServerAndClient(started, KubernetesClient.create(config.apply(started)));
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
