package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.examples.demo.SamplePods;
import dev.informer.testing.EmbeddedApiServer;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user sees when something is wrong: one {@code error: ...} line naming the server, file or
 * port, exit status 1, no stack trace; and the same connection options on every command.
 */
class FailingClearlyIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    /** The example, to the letter: exit 1 within 25 s, no stack trace, naming 127.0.0.1:1. */
    @Test
    void controllerThatCannotSyncExitsOneNamingTheServerWithinTheSyncTimeout() throws Exception {
        long start = System.nanoTime();
        try (JarProcess controller =
                JarProcess.start("controller", "--server", "http://127.0.0.1:1", "--sync-timeout", "10s")) {
            assertEquals(1, controller.awaitExit(WAIT), controller.describe());
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(
                    took.compareTo(Duration.ofSeconds(25)) < 0,
                    "exited after " + took.toMillis() + " ms" + controller.describe());
            StoppingIT.assertNoStackTrace(controller);
            String error = lastLine(controller.stderr());
            assertTrue(
                    error.startsWith("error: the caches did not sync within 10s from http://127.0.0.1:1"),
                    controller.describe());
            assertTrue(error.contains("last error: "), controller.describe());
        }
    }

    @Test
    void watchThatCannotSyncExitsOneWithoutAnEndLine() throws Exception {
        String address = "127.0.0.1:" + StoppingIT.closedPort();
        try (JarProcess watch = JarProcess.start("watch", "--server", "http://" + address, "--sync-timeout", "2s")) {
            assertEquals(1, watch.awaitExit(WAIT), watch.describe());
            StoppingIT.assertNoStackTrace(watch);
            assertEquals(List.of(), watch.stdout(), "no contract line: the watch failed" + watch.describe());
            String error = lastLine(watch.stderr());
            assertTrue(
                    error.startsWith("error: pods did not sync within 2s from http://" + address + "; last error: "),
                    watch.describe());
        }
    }

    @Test
    void serveOnAPortInUseSaysWhichPortAndWhy() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                JarProcess serve = JarProcess.start("serve", "--port", Integer.toString(taken.getLocalPort()))) {
            assertEquals(1, serve.awaitExit(WAIT), serve.describe());
            assertEquals(1, serve.stderr().size(), "one line" + serve.describe());
            assertTrue(
                    serve.stderr().get(0).startsWith("error: cannot bind 127.0.0.1:" + taken.getLocalPort() + ": "),
                    serve.describe());
        }
    }

    @Test
    void serverAndKubeconfigTogetherIsBadUsage() throws Exception {
        try (JarProcess watch = JarProcess.start("watch", "--server", "http://127.0.0.1:1", "--kubeconfig", "/x")) {
            assertEquals(2, watch.awaitExit(WAIT), watch.describe());
            assertTrue(watch.stderr().get(0).contains("--server cannot be combined"), watch.describe());
        }
    }

    @Test
    void watchConnectsThroughAKubeconfigAndContext(@TempDir Path dir) throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start()) {
            SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
            Path kubeconfig = server.kubeconfig(dir.resolve("config"));
            try (JarProcess watch =
                    JarProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--context", "embedded")) {
                watch.awaitLine(l -> l.contains("SYNCED"), WAIT, "synced through the kubeconfig");
                assertTrue(watch.stdout().get(0).contains("shop/web-1"), watch.describe());
            }
        }
    }

    @Test
    void anUnknownContextIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start()) {
            Path kubeconfig = server.kubeconfig(dir.resolve("config"));
            try (JarProcess watch =
                    JarProcess.start("watch", "--kubeconfig", kubeconfig.toString(), "--context", "nosuch")) {
                assertEquals(1, watch.awaitExit(WAIT), watch.describe());
                assertEquals(1, watch.stderr().size(), "one line" + watch.describe());
                assertTrue(
                        watch.stderr().get(0).startsWith("error: ")
                                && watch.stderr().get(0).contains("nosuch"),
                        watch.describe());
            }
        }
    }

    @Test
    void watchAndNodeAgentFollowTheKubeconfigVariable(@TempDir Path dir) throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start()) {
            SamplePods.create(server, SamplePods.pod("default", "web-node-9", "web", "node-9"), true);
            Path kubeconfig = server.kubeconfig(dir.resolve("config"));
            Map<String, String> environment = Map.of("KUBECONFIG", kubeconfig.toString());
            try (JarProcess watch = JarProcess.start(environment, "watch")) {
                watch.awaitLine(l -> l.contains("SYNCED"), WAIT, "synced through $KUBECONFIG");
                assertTrue(watch.stdout().get(0).contains("default/web-node-9"), watch.describe());
            }
            try (JarProcess agent = JarProcess.start(environment, "node-agent", "--node", "node-9")) {
                agent.awaitLine(
                        l -> l.contains("node agent for node node-9 on " + server.url()),
                        WAIT,
                        "the agent on the kubeconfig's server, not an embedded one");
                agent.awaitLine(l -> l.contains("default/web-node-9"), WAIT, "the pod bound to the node");
            }
        }
    }

    @Test
    void aKubeconfigThatIsADirectoryIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        try (JarProcess controller = JarProcess.start("controller", "--kubeconfig", dir.toString())) {
            assertEquals(1, controller.awaitExit(WAIT), controller.describe());
            assertEquals(1, controller.stderr().size(), "one line" + controller.describe());
            String line = controller.stderr().get(0);
            assertTrue(
                    line.startsWith("error: ") && line.contains(dir.toString()) && line.contains("directory"),
                    controller.describe());
        }
    }

    @Test
    void aMalformedKubeconfigIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken"), "clusters: [unclosed\n");
        try (JarProcess watch = JarProcess.start("watch", "--kubeconfig", broken.toString())) {
            assertEquals(1, watch.awaitExit(WAIT), watch.describe());
            assertEquals(1, watch.stderr().size(), "one line" + watch.describe());
            assertTrue(
                    watch.stderr().get(0).startsWith("error: ")
                            && watch.stderr().get(0).contains(broken.toString()),
                    watch.describe());
        }
    }

    private static String lastLine(List<String> lines) {
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }
}
