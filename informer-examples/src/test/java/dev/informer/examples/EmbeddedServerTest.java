package dev.informer.examples;

import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.EmbeddedApiServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test class's embedded API server, started with the subclass's seed before each test and closed
 * after it, and an in-process client of it made on first use. JUnit runs a subclass's
 * {@code @BeforeEach} after this one (the server is up) and its {@code @AfterEach} before this one (a
 * controller or informer the test started stops while the server still answers). Not thread-safe: one
 * instance per test.
 */
public abstract class EmbeddedServerTest {

    private final long seed;

    /** The server of the current test; started before the subclass's {@code @BeforeEach} runs. */
    protected EmbeddedApiServer server;

    private KubernetesClient client;

    /** A test class whose server starts from {@code seed} (its uids and generated names). */
    protected EmbeddedServerTest(long seed) {
        this.seed = seed;
    }

    @BeforeEach
    protected final void startServer() {
        server = EmbeddedApiServer.builder().seed(seed).start();
    }

    /** A client of {@link #server}, made on the first call; closed after the test, before the server. */
    protected final KubernetesClient client() {
        if (client == null) {
            client = KubernetesClient.create(
                    ClientConfig.builder().server(server.url()).build());
        }
        return client;
    }

    @AfterEach
    protected final void stopServer() {
        if (client != null) {
            client.close();
        }
        server.close();
    }
}
