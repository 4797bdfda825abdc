package dev.informer.examples.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.EmbeddedApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** Runs the README's first controller against the embedded API server, and checks the README shows it. */
class FirstControllerTest {

    private static final String POD =
            """
            {"metadata":{"name":"%s"},"spec":{"containers":[{"name":"main","image":"nginx"}]}}""";

    /** The controller on its own thread, as main runs it; {@link #stop()} opens its latch and joins it. */
    private static final class Running {
        final List<String> reports = new CopyOnWriteArrayList<>();
        final CountDownLatch stop = new CountDownLatch(1);
        final AtomicInteger status = new AtomicInteger(-1);
        final AtomicReference<Exception> failure = new AtomicReference<>();
        final Thread thread;

        Running(KubernetesClient client, Duration syncTimeout) {
            thread = new Thread(
                    () -> {
                        try {
                            status.set(FirstController.run(client, syncTimeout, reports::add, stop));
                        } catch (InterruptedException | RuntimeException e) {
                            failure.set(e);
                        }
                    },
                    "first-controller");
            thread.start();
        }

        int stop() throws InterruptedException {
            stop.countDown();
            thread.join(TimeUnit.SECONDS.toMillis(40));
            assertTrue(!thread.isAlive(), "run() returns once stopped");
            assertEquals(null, failure.get());
            return status.get();
        }
    }

    @Test
    void firstControllerReportsPodsAndTheirDeletionAndExitsZeroWhenStopped() throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start();
                KubernetesClient client = KubernetesClient.create(
                        ClientConfig.builder().server(server.url()).build())) {
            server.create("pods", "default", POD.formatted("web"));
            Running controller = new Running(client, Duration.ofSeconds(30));

            awaitReport(controller.reports, "default/web is Pending");
            server.create("pods", "default", POD.formatted("api"));
            awaitReport(controller.reports, "default/api is Pending");
            server.delete("pods", "default", "web");
            awaitReport(controller.reports, "default/web was deleted");

            assertEquals(0, controller.stop());
        }
    }

    @Test
    void firstControllerReportsCachesThatDoNotSyncAndReturnsOne() throws Exception {
        try (KubernetesClient client = KubernetesClient.create(
                ClientConfig.builder().server("http://127.0.0.1:1").build())) {
            Running controller = new Running(client, Duration.ofSeconds(1));
            controller.thread.join(TimeUnit.SECONDS.toMillis(30));
            assertEquals(1, controller.status.get());
            assertTrue(
                    controller.reports.size() == 1
                            && controller.reports.get(0).startsWith("error: caches did not sync within PT1S: pods"),
                    controller.reports.toString());
        }
    }

    @Test
    void readmeShowsTheFirstControllerExactly() throws Exception {
        Path source = Path.of("src/test/java/dev/informer/examples/first/FirstController.java");
        Path readme = Path.of("../README.md");
        String code = Files.readString(source);
        String shown = code.substring(code.indexOf("\nimport ") + 1);
        assertTrue(shown.contains("public static void main(String[] args)"), shown);
        assertTrue(
                Files.readString(readme).contains(shown),
                "README.md must contain FirstController.java from its first import to its end:\n" + shown);
    }

    private static void awaitReport(List<String> reports, String expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!reports.contains(expected)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("no report '" + expected + "' within 20 s; reports: " + reports);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }
}
