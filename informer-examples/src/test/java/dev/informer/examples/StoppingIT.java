package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.Lease;
import dev.informer.examples.demo.SamplePods;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM makes every long-running subcommand exit 0 within 3 s, in every phase: steady state,
 * waiting for the initial sync, server unreachable, waiting for the leader Lease, leading (which
 * releases the Lease on the way out).
 */
class StoppingIT extends EmbeddedServerTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The bound, from the signal to the exit. */
    private static final Duration EXIT_BOUND = Duration.ofSeconds(3);

    StoppingIT() {
        super(7);
    }

    @BeforeEach
    void createSamplePod() {
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
    }

    /** Sends SIGTERM and asserts exit status 0 within {@link #EXIT_BOUND}. */
    private static void assertSigtermExitsZeroPromptly(JarProcess process) throws InterruptedException {
        long start = System.nanoTime();
        process.sigterm();
        int status = process.awaitExit(WAIT);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(0, status, "exit status after SIGTERM" + process.describe());
        assertTrue(
                took.compareTo(EXIT_BOUND) <= 0,
                "exited " + took.toMillis() + " ms after SIGTERM" + process.describe());
        assertNoStackTrace(process);
    }

    static void assertNoStackTrace(JarProcess process) {
        assertTrue(
                process.stderr().stream().noneMatch(line -> line.startsWith("\tat ") || line.startsWith("    at ")),
                "no stack trace on stderr" + process.describe());
    }

    static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void controllerInSteadyStateExitsZeroOnSigterm() throws Exception {
        try (JarProcess controller = JarProcess.start("controller", "--server", server.url())) {
            controller.awaitLine(l -> l.contains("caches synced"), WAIT, "the synced line");
            assertSigtermExitsZeroPromptly(controller);
        }
    }

    @Test
    void controllerWaitingForItsFirstSyncFromAnUnreachableServerExitsZeroOnSigterm() throws Exception {
        String address = "127.0.0.1:" + closedPort();
        try (JarProcess controller = JarProcess.start("controller", "--server", "http://" + address)) {
            controller.awaitLine(l -> l.contains("controller connecting to"), WAIT, "the connecting line");
            Await.until(
                    "a failed list of " + address + " on stderr",
                    () -> controller.stderr().stream().anyMatch(line -> line.contains(address)),
                    controller::describe);
            assertSigtermExitsZeroPromptly(controller);
        }
    }

    @Test
    void controllerWaitingForTheLeaseExitsZeroOnSigterm() throws Exception {
        String now = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'")
                .withZone(java.time.ZoneOffset.UTC)
                .format(java.time.Instant.now());
        server.create(
                "leases",
                "default",
                "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\","
                        + "\"metadata\":{\"name\":\"held\",\"namespace\":\"default\"},\"spec\":{\"holderIdentity\":\"someone-else\","
                        + "\"leaseDurationSeconds\":3600,\"acquireTime\":\"" + now + "\",\"renewTime\":\"" + now
                        + "\"}}");
        try (JarProcess controller = JarProcess.leaderElectedController(server.url(), "held", "candidate-2")) {
            controller.awaitLine(l -> l.contains("the leader is someone-else"), WAIT, "the other leader");
            assertSigtermExitsZeroPromptly(controller);
        }
        assertEquals("someone-else", holder("held"), "the other holder's Lease is untouched");
    }

    @Test
    void leadingControllerReleasesTheLeaseAndExitsZeroOnSigterm() throws Exception {
        try (JarProcess controller = JarProcess.leaderElectedController(server.url(), "released", "candidate-1")) {
            controller.awaitLine(l -> l.contains("caches synced"), WAIT, "leading and synced");
            assertEquals("candidate-1", holder("released"));
            assertSigtermExitsZeroPromptly(controller);
        }
        String holder = holder("released");
        assertTrue(holder == null || holder.isEmpty(), "the Lease is released on the way out, holder: " + holder);
    }

    @Test
    void serveExitsZeroOnSigterm() throws Exception {
        try (JarProcess serve = JarProcess.start("serve")) {
            serve.awaitLine(l -> l.startsWith("url: "), WAIT, "the url line");
            assertSigtermExitsZeroPromptly(serve);
        }
    }

    @Test
    void nodeAgentExitsZeroOnSigterm(@TempDir Path manifests) throws Exception {
        Files.writeString(
                manifests.resolve("web.yaml"),
                "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n"
                        + "spec:\n  containers:\n  - name: web\n    image: nginx\n");
        try (JarProcess agent = JarProcess.start(
                "node-agent", "--node", "node-1", "--server", server.url(), "--manifest-dir", manifests.toString())) {
            agent.awaitLine(l -> l.contains("source=file"), WAIT, "the file source's update");
            assertSigtermExitsZeroPromptly(agent);
        }
    }

    @Test
    void demoExitsZeroOnSigtermWhileItRuns() throws Exception {
        try (JarProcess demo = JarProcess.start("demo", "--duration", "60s", "--pods", "50")) {
            demo.awaitLine(l -> l.contains("reconcile"), WAIT, "a reconcile line");
            assertSigtermExitsZeroPromptly(demo);
        }
    }

    @Test
    void watchExitsZeroOnSigtermPromptly() throws Exception {
        try (JarProcess watch = JarProcess.start("watch", "--server", server.url())) {
            watch.awaitLine(l -> l.contains("SYNCED"), WAIT, "the synced line");
            assertSigtermExitsZeroPromptly(watch);
        }
    }

    private String holder(String lease) {
        return server.get("leases", "default", lease)
                .map(json -> ApiJson.readValue(json, Lease.class).spec().holderIdentity())
                .orElse(null);
    }
}
