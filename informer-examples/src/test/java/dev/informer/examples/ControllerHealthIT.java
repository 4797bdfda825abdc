package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.examples.demo.SamplePods;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@code controller --health-port}: /healthz, /readyz and /metrics of a real process. */
class ControllerHealthIT extends EmbeddedServerTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    ControllerHealthIT() {
        super(7);
    }

    private HttpResponse<String> get(int port, String path) {
        try {
            return http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("GET " + path + " on port " + port + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static int servedPort(String line) {
        return Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1).trim());
    }

    @Test
    void readyzAnswers503UntilTheCachesSyncThen200AndMetricsCountReconciles() throws Exception {
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
        // The pod list fails until reset: the caches cannot sync, so the process is not ready.
        server.faults().failNext(100_000, "list", "pods", 500);
        try (JarProcess controller = JarProcess.start("controller", "--server", server.url(), "--health-port", "0")) {
            int port = servedPort(controller.awaitLine(
                    l -> l.contains("serving /healthz, /readyz and /metrics on port"), WAIT, "the health line"));

            AtomicReference<HttpResponse<String>> readyz = new AtomicReference<>();
            Await.until(
                    "/readyz answers 503 naming the unsynced pods informer",
                    () -> {
                        readyz.set(get(port, "/readyz"));
                        return readyz.get().statusCode() == 503
                                && readyz.get().body().contains("pods");
                    },
                    () -> String.valueOf(
                            readyz.get() == null ? null : readyz.get().body()));
            assertEquals(200, get(port, "/healthz").statusCode(), "alive while waiting for the caches");

            server.faults().reset();
            controller.awaitLine(l -> l.contains("caches synced"), WAIT, "the synced line");
            Await.until("/readyz answers 200", () -> get(port, "/readyz").statusCode() == 200);
            Await.until(
                    "the app-pods controller reconciled shop/web",
                    () -> server.get("configmaps", "shop", "web-pods").isPresent(),
                    controller::describe);

            AtomicReference<String> metrics = new AtomicReference<>("");
            Await.until(
                    "/metrics counts the successful reconcile",
                    () -> {
                        metrics.set(get(port, "/metrics").body());
                        return metrics.get()
                                .contains(
                                        "controller_runtime_reconcile_total{controller=\"app-pods\",result=\"success\"}");
                    },
                    metrics::get);
            String text = metrics.get();
            assertTrue(text.contains("workqueue_adds_total{name=\"app-pods\"}"), text);
            assertTrue(text.contains("controller_runtime_active_workers{controller=\"app-pods\"}"), text);
            assertTrue(text.contains("reflector_lists_total"), text);

            controller.sigterm();
            assertEquals(0, controller.awaitExit(WAIT));
        }
    }

    @Test
    void leaderElectedControllerExportsItsMasterStatus() throws Exception {
        try (JarProcess controller =
                JarProcess.leaderElectedController(server.url(), "health-lease", "candidate-1", "--health-port", "0")) {
            int port = servedPort(controller.awaitLine(
                    l -> l.contains("serving /healthz, /readyz and /metrics on port"), WAIT, "the health line"));
            controller.awaitLine(l -> l.contains("caches synced"), WAIT, "the synced line");
            Await.until("/readyz answers 200", () -> get(port, "/readyz").statusCode() == 200);
            AtomicReference<String> metrics = new AtomicReference<>("");
            Await.until(
                    "/metrics has leader_election_master_status 1",
                    () -> {
                        metrics.set(get(port, "/metrics").body());
                        return metrics.get().contains("leader_election_master_status{name=\"health-lease\"} 1");
                    },
                    metrics::get);
            controller.sigterm();
            assertEquals(0, controller.awaitExit(WAIT));
        }
    }

    @Test
    void aTakenHealthPortFailsWithOneLineNamingItAndExitCode1() throws Exception {
        try (ServerSocket taken = new ServerSocket(0);
                JarProcess controller = JarProcess.start(
                        "controller",
                        "--server",
                        server.url(),
                        "--health-port",
                        Integer.toString(taken.getLocalPort()))) {
            assertEquals(1, controller.awaitExit(WAIT));
            String errors = String.join("\n", controller.stderr());
            assertTrue(
                    errors.contains("error: cannot listen on") && errors.contains(":" + taken.getLocalPort()), errors);
        }
    }
}
