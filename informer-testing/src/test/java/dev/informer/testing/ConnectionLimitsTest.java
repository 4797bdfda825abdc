package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Slow clients and many watches cannot take the embedded server's threads. */
class ConnectionLimitsTest {
    private static final int WORKERS = 4;
    private static final int WATCHES = 3;
    private static final int SLOW_CLIENTS = 200;

    private static EmbeddedApiServer.Builder builder(String threadPrefix) {
        AtomicInteger n = new AtomicInteger();
        return EmbeddedApiServer.builder()
                .workerThreads(WORKERS)
                .maxWatches(WATCHES)
                .threadFactory(r -> {
                    Thread t = new Thread(r, threadPrefix + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
    }

    private static long liveThreads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
                .count();
    }

    @Test
    void slowlorisClientsNeitherBlockRequestsNorMultiplyThreads() throws IOException {
        String prefix = "slowloris-test-server-";
        List<Socket> slow = new ArrayList<>();
        try (EmbeddedApiServer server =
                builder(prefix).headerTimeout(Duration.ofMillis(500)).start()) {
            try {
                for (int i = 0; i < SLOW_CLIENTS; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
                    OutputStream out = s.getOutputStream();
                    out.write("GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    slow.add(s);
                }
                long t0 = System.nanoTime();
                JsonNode version = new TestApi(server).get("/version").expect(200);
                long millis = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(version.has("gitVersion"));
                assertTrue(millis < 10_000, "a normal GET took " + millis + " ms");
                long threads = liveThreads(prefix);
                assertTrue(
                        // + the watchdog and the lifecycle controllers' thread
                        threads <= WORKERS + WATCHES + 2,
                        threads + " server threads for " + SLOW_CLIENTS + " slow clients");
                for (Socket s : slow) {
                    s.setSoTimeout(10_000);
                    assertClosedByServer(s);
                }
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    private static void assertClosedByServer(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        try {
            int b;
            do {
                b = in.read(); // the server may answer nothing, or an error, before closing
            } while (b != -1);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server kept a slow connection open past the header timeout", e);
        } catch (IOException reset) {
            // connection reset by the server: closed as well
        }
    }

    @Test
    void watchesBeyondTheBudgetGet429WhileOtherRequestsAreServed() throws InterruptedException {
        // Bookmarks every 100 ms let the server notice closed watches at once.
        try (EmbeddedApiServer server = builder("watch-budget-test-server-")
                .bookmarkInterval(Duration.ofMillis(100))
                .start()) {
            TestApi api = new TestApi(server);
            String pods = "/api/v1/namespaces/default/pods";
            List<WatchStream> open = new ArrayList<>();
            try {
                for (int i = 0; i < WATCHES; i++) {
                    open.add(api.watch(pods + "?allowWatchBookmarks=true&resourceVersion=" + server.resourceVersion()));
                }
                assertTrue(server.awaitOpenWatches(WATCHES, Duration.ofSeconds(10)));
                TestApi.Response refused = api.get(pods + "?watch=true");
                assertEquals(429, refused.status(), refused.body());
                assertEquals("TooManyRequests", refused.json().path("reason").asString());
                assertEquals("1", refused.headers().firstValue("Retry-After").orElse(""));
                for (int i = 0; i < WORKERS * 3; i++) {
                    api.get(pods).expect(200);
                }
                server.create("pods", "default", TestObjects.pod("seen"));
                for (WatchStream w : open) {
                    assertEquals(
                            "seen",
                            w.nextNonBookmark()
                                    .path("object")
                                    .path("metadata")
                                    .path("name")
                                    .asString());
                }
            } finally {
                open.forEach(WatchStream::close);
            }
            assertTrue(server.awaitOpenWatches(0, Duration.ofSeconds(10)));
            try (WatchStream again = api.watch(pods + "?resourceVersion=" + server.resourceVersion())) {
                assertEquals(200, again.status, "a closed watch gives its place back");
            }
        }
    }
}
