package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * 50,000 pods created through the API, listed in pages of 500, and 20 concurrent watchers that
 * each receive every one of 10,000 updates, in resourceVersion order.
 */
class LoadTest {
    private static final Logger LOG = LoggerFactory.getLogger(LoadTest.class);
    private static final int PODS = 50_000;
    private static final int PAGE = 500;
    private static final int WATCHERS = 20;
    private static final int UPDATES = 10_000;
    private static final int IN_FLIGHT = 16;
    private static final String PATH = "/api/v1/namespaces/load/pods";

    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** Reads one watch stream, keeping only each event's type and resourceVersion. */
    private static final class RvCollector implements Runnable {
        final long[] rvs = new long[UPDATES];
        int count;
        String failure;
        final CountDownLatch done = new CountDownLatch(1);
        private final InputStream in;

        RvCollector(InputStream in) {
            this.in = in;
        }

        @Override
        public void run() {
            StringBuilder line = new StringBuilder(2048);
            byte[] buf = new byte[64 * 1024];
            try {
                int n;
                outer:
                while ((n = in.read(buf)) >= 0) {
                    for (int i = 0; i < n; i++) {
                        if (buf[i] != '\n') {
                            line.append((char) buf[i]); // pod JSON here is ASCII
                            continue;
                        }
                        if (!line.toString().startsWith("{\"type\":\"MODIFIED\"")) {
                            failure = "unexpected event: " + line;
                            break outer;
                        }
                        int at = line.indexOf("\"resourceVersion\":\"") + 19;
                        rvs[count++] = Long.parseLong(line.substring(at, line.indexOf("\"", at)));
                        line.setLength(0);
                        if (count == UPDATES) {
                            break outer;
                        }
                    }
                }
                if (count < UPDATES && failure == null) {
                    failure = "stream ended after " + count + " events";
                }
            } catch (IOException | RuntimeException e) {
                failure = "read failed after " + count + " events: " + e;
            } finally {
                done.countDown();
                try {
                    in.close();
                } catch (IOException e) {
                    // abandoning the stream
                }
            }
        }
    }

    /** Sends {@code total} requests, at most {@link #IN_FLIGHT} at a time; returns the bodies. */
    private List<String> sendAll(int total, IntFunction<HttpRequest> request, int expectStatus)
            throws InterruptedException {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        ConcurrentLinkedQueue<String> bodies = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        List<CompletableFuture<?>> pending = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            slots.acquire();
            pending.add(client.sendAsync(request.apply(i), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((r, e) -> {
                        slots.release();
                        if (e != null) {
                            errors.add(e.toString());
                        } else if (r.statusCode() != expectStatus) {
                            errors.add(r.statusCode() + " " + r.body());
                        } else {
                            bodies.add(r.body());
                        }
                    }));
            if (!errors.isEmpty()) {
                fail("request failed: " + errors.peek());
            }
        }
        CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0]))
                .exceptionally(e -> null)
                .join();
        if (!errors.isEmpty()) {
            fail(errors.size() + " requests failed, first: " + errors.peek());
        }
        return new ArrayList<>(bodies);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void fiftyThousandPodsPagedListAndTwentyWatchersSeeEveryUpdateInOrder() throws Exception {
        try (EmbeddedApiServer server =
                EmbeddedApiServer.builder().historyLimit(100_000).start()) {
            String base = server.url();
            long t0 = System.nanoTime();
            sendAll(
                    PODS,
                    i -> HttpRequest.newBuilder(URI.create(base + PATH))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    "{\"metadata\":{\"name\":\"pod-" + i + "\",\"labels\":{\"app\":\"load\"}},"
                                            + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}"))
                            .build(),
                    201);
            long created = System.nanoTime();

            Set<String> names = new HashSet<>();
            String cont = null;
            long listRv = -1;
            int pages = 0;
            do {
                String url = base + PATH + "?limit=" + PAGE + (cont == null ? "" : "&continue=" + TestApi.enc(cont));
                HttpResponse<String> r = client.send(
                        HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), r.body());
                JsonNode page = TestApi.JSON.readTree(r.body());
                assertTrue(page.path("items").size() <= PAGE);
                page.path("items")
                        .forEach(
                                it -> names.add(it.path("metadata").path("name").asString()));
                long rv = Long.parseLong(
                        page.path("metadata").path("resourceVersion").asString());
                if (listRv == -1) {
                    listRv = rv;
                }
                assertEquals(listRv, rv, "all pages come from the first page's snapshot");
                JsonNode c = page.path("metadata").path("continue");
                cont = c.isMissingNode() ? null : c.asString();
                pages++;
            } while (cont != null);
            assertEquals(PODS, names.size());
            assertEquals(PODS / PAGE, pages);
            long listed = System.nanoTime();

            List<RvCollector> collectors = new ArrayList<>();
            for (int w = 0; w < WATCHERS; w++) {
                HttpResponse<InputStream> r = client.send(
                        HttpRequest.newBuilder(URI.create(base + PATH + "?watch=true&resourceVersion=" + listRv))
                                .build(),
                        HttpResponse.BodyHandlers.ofInputStream());
                assertEquals(200, r.statusCode());
                RvCollector c = new RvCollector(r.body());
                Thread t = new Thread(c, "load-watcher-" + w);
                t.setDaemon(true);
                t.start();
                collectors.add(c);
            }
            assertTrue(server.awaitOpenWatches(WATCHERS, Duration.ofSeconds(30)));

            List<String> patched = sendAll(
                    UPDATES,
                    i -> HttpRequest.newBuilder(URI.create(base + PATH + "/pod-" + ((i * 7919) % PODS)))
                            .header("Content-Type", "application/merge-patch+json")
                            .method(
                                    "PATCH",
                                    HttpRequest.BodyPublishers.ofString(
                                            "{\"metadata\":{\"labels\":{\"update\":\"u" + i + "\"}}}"))
                            .build(),
                    200);
            Set<Long> expected = new HashSet<>();
            for (String body : patched) {
                expected.add(Long.parseLong(TestApi.JSON
                        .readTree(body)
                        .path("metadata")
                        .path("resourceVersion")
                        .asString()));
            }
            assertEquals(UPDATES, expected.size(), "every update got its own resourceVersion");
            long updatedAt = System.nanoTime();

            for (RvCollector c : collectors) {
                assertTrue(c.done.await(60, TimeUnit.SECONDS), "a watcher did not finish");
                if (c.failure != null) {
                    fail(c.failure);
                }
                assertEquals(UPDATES, c.count);
                Set<Long> seen = new HashSet<>();
                for (int i = 0; i < UPDATES; i++) {
                    if (i > 0 && c.rvs[i] <= c.rvs[i - 1]) {
                        fail("events out of resourceVersion order at " + i + ": " + c.rvs[i - 1] + " then " + c.rvs[i]);
                    }
                    seen.add(c.rvs[i]);
                }
                assertEquals(expected, seen);
            }
            long end = System.nanoTime();
            LOG.info(
                    "load: create {} ms, list {} ms ({} pages), updates {} ms, watchers drained {} ms,"
                            + " total {} ms",
                    (created - t0) / 1_000_000,
                    (listed - created) / 1_000_000,
                    pages,
                    (updatedAt - listed) / 1_000_000,
                    (end - updatedAt) / 1_000_000,
                    (end - t0) / 1_000_000);
            // No wall-clock limit: speed is the benchmarks' business (a loaded 2-core machine took
            // 50-100 s here); this test checks completeness and order under load, and logs the times.
        }
    }
}
