package dev.informer.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the HTTP tests: starts one {@link EmbeddedApiServer} per test (after the subclass's
 * {@link #configure} hook), hands out a {@link TestApi} on it, and closes it after the test.
 * Subclass {@code @BeforeEach} methods run after the server is up.
 */
abstract class ServedApiTest {
    /** The server of the current test. */
    protected EmbeddedApiServer server;
    /** An HTTP client on {@link #server}. */
    protected TestApi api;

    /** Options for this class's server; the default is the plain builder. */
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder;
    }

    @BeforeEach
    final void startServer() {
        server = configure(EmbeddedApiServer.builder()).start();
        api = new TestApi(server);
    }

    @AfterEach
    final void stopServer() {
        server.close();
    }
}
