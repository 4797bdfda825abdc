package dev.informer.examples.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.workqueue.RateLimitingQueue;
import dev.informer.workqueue.WorkQueues;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Runs the README's first controller against the embedded API server, and checks the README shows it. */
class FirstControllerTest {

    private static final String POD =
            """
            {"metadata":{"name":"%s"},"spec":{"containers":[{"name":"main","image":"nginx"}]}}""";

    @Test
    void firstControllerReportsEveryPodAndStopsWhenTheQueueShutsDown() throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start();
                KubernetesClient client = KubernetesClient.create(
                        ClientConfig.builder().server(server.url()).build())) {
            server.create("pods", "default", POD.formatted("web"));
            RateLimitingQueue<String> queue =
                    WorkQueues.<String>builder().name("pods").buildRateLimiting();
            List<String> reports = new CopyOnWriteArrayList<>();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread controller = new Thread(
                    () -> {
                        try {
                            FirstController.run(client, queue, reports::add);
                        } catch (InterruptedException | RuntimeException e) {
                            failure.set(e);
                        }
                    },
                    "first-controller");
            controller.start();

            awaitReport(reports, "default/web is Pending");
            server.create("pods", "default", POD.formatted("api"));
            awaitReport(reports, "default/api is Pending");

            queue.shutDown();
            controller.join(TimeUnit.SECONDS.toMillis(20));
            assertTrue(!controller.isAlive(), "run() returns once the queue is shut down");
            assertEquals(null, failure.get());
        }
    }

    @Test
    void readmeShowsTheFirstControllerExactly() throws Exception {
        Path source = Path.of("src/test/java/dev/informer/examples/first/FirstController.java");
        Path readme = Path.of("../README.md");
        String code = Files.readString(source);
        String example = code.substring(
                code.indexOf("// README:BEGIN\n") + "// README:BEGIN\n".length(), code.indexOf("    // README:END"));
        String unindented = example.lines()
                .map(line -> line.startsWith("    ") ? line.substring(4) : line)
                .collect(Collectors.joining("\n"));
        assertTrue(unindented.startsWith("public static void run("), unindented);
        assertTrue(
                Files.readString(readme).contains(unindented),
                "README.md must contain FirstController.run, unindented by four spaces:\n" + unindented);
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
