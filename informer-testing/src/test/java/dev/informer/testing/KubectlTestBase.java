package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Base of the tests that drive the server with the real kubectl (found on PATH): one server per test (after the
 * {@link #configure} hook) and a {@link Kubectl} on its kubeconfig. Without kubectl the tests are skipped, except
 * in CI (env CI set), where they fail.
 */
abstract class KubectlTestBase {
    /** How long one kubectl command may take. */
    protected static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

    private static Path binary;

    /** The test's temporary directory: kubeconfig, manifests, kubectl's cache and home. */
    @TempDir
    protected Path dir;

    /** The server of the current test. */
    protected EmbeddedApiServer server;

    private Kubectl kubectl;

    @BeforeAll
    static void findKubectl() {
        binary = Kubectl.findOnPath().orElse(null);
        if (binary == null && System.getenv("CI") != null) {
            fail("kubectl is not on PATH; CI must have it (the kubectl tests may not be skipped in CI)");
        }
        Assumptions.assumeTrue(binary != null, "kubectl not on PATH: skipping the kubectl tests");
    }

    /** Options for this class's server; the default is the plain builder. */
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder;
    }

    @BeforeEach
    final void startServer() {
        server = configure(EmbeddedApiServer.builder()).start();
        kubectl = Kubectl.of(binary, server.kubeconfig(dir.resolve("kubeconfig")), dir);
    }

    @AfterEach
    final void stopServer() {
        server.close();
    }

    /** Runs {@code kubectl args} to its end. */
    protected Kubectl.Result run(String... args) throws IOException, InterruptedException {
        return kubectl.run(COMMAND_TIMEOUT, args);
    }

    /** Starts a long-running {@code kubectl args}, such as a watch; close it to stop it. */
    protected Kubectl.Lines start(String... args) throws IOException {
        return kubectl.start(args);
    }

    /** Writes {@code yaml} to {@code name} in the test's directory. */
    protected Path manifest(String name, String yaml) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, yaml);
        return f;
    }
}
