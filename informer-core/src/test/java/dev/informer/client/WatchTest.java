package dev.informer.client;

import static dev.informer.client.MockApi.query;
import static dev.informer.client.MockApi.status;
import static dev.informer.client.MockApi.take;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.testsupport.TestThreads;
import dev.informer.watch.ApiError;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import mockwebserver3.MockResponseBody;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okio.Buffer;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Watches over a real HTTP stream: decoding, parameters, stop, dead connections, refusals. */
class WatchTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private KubernetesClient client;
    private ResourceClient<ConfigMap> configMaps;
    /** Released at the end of each test so held-open streams finish. */
    private final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void start() {
        client = KubernetesClient.create(
                MockApi.config(server).watchReadTimeout(Duration.ofMillis(700)).build());
        configMaps = client.resource(ResourceType.CONFIGMAPS);
    }

    @AfterEach
    void stop() {
        release.countDown();
        client.close();
    }

    private static String event(String type, String name, String resourceVersion) {
        return "{\"type\":\"" + type + "\",\"object\":" + MockApi.configMapJson("team", name, resourceVersion) + "}\n";
    }

    /** A streaming body: writes {@code first}, flushes, then holds the stream open until the test ends. */
    private MockResponse heldOpen(String first) {
        return new MockResponse.Builder()
                .code(200)
                .setHeader("Content-Type", "application/json")
                .body(new MockResponseBody() {
                    @Override
                    public long getContentLength() {
                        return -1;
                    }

                    @Override
                    public void writeTo(BufferedSink sink) throws IOException {
                        sink.writeUtf8(first);
                        sink.flush();
                        try {
                            release.await(20, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                })
                .build();
    }

    @Test
    void decodesEventsSplitAcrossChunksUntilTheServerCloses() throws Exception {
        String stream = event("ADDED", "a", "1") + event("MODIFIED", "a", "2")
                + "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"3\"}}}\n"
                + event("DELETED", "a", "4");
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .chunkedBody(new Buffer().writeUtf8(stream), 7)
                .build());

        try (Watch<ConfigMap> watch = configMaps.watch(ListOptions.builder()
                .resourceVersion("0")
                .allowWatchBookmarks(true)
                .timeoutSeconds(300)
                .sendInitialEvents(true)
                .resourceVersionMatch(ListOptions.MATCH_NOT_OLDER_THAN)
                .labelSelector("app=x")
                .build())) {
            Event<ConfigMap> added = watch.next();
            assertEquals(EventType.ADDED, added.type());
            assertEquals("a", added.typedObject().metadata().name());
            assertEquals("2", watch.next().typedObject().metadata().resourceVersion());
            Event<ConfigMap> bookmark = watch.next();
            assertEquals(EventType.BOOKMARK, bookmark.type());
            assertEquals("3", bookmark.typedObject().metadata().resourceVersion());
            assertEquals(EventType.DELETED, watch.next().type());
            assertNull(watch.next(), "the server closed the stream");
            assertTrue(watch.isStopped());
        }
        RecordedRequest request = take(server);
        assertEquals("/api/v1/namespaces/team/configmaps", request.getUrl().encodedPath());
        assertEquals(
                Map.of(
                        "watch", "true",
                        "allowWatchBookmarks", "true",
                        "timeoutSeconds", "300",
                        "sendInitialEvents", "true",
                        "resourceVersionMatch", "NotOlderThan",
                        "resourceVersion", "0",
                        "labelSelector", "app=x"),
                query(request));
    }

    @Test
    void errorEventFromTheServerCarriesItsStatus() throws Exception {
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .body(
                        "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
                                + "\"message\":\"too old resource version: 5 (90)\",\"reason\":\"Expired\",\"code\":410}}\n")
                .build());
        try (Watch<ConfigMap> watch =
                configMaps.watch(ListOptions.builder().resourceVersion("5").build())) {
            Event<ConfigMap> error = watch.next();
            assertEquals(EventType.ERROR, error.type());
            Status status = (Status) error.status();
            assertEquals(410, status.code());
            assertTrue(StatusException.of(status).isResourceExpired());
        }
    }

    @Test
    void malformedEventEndsTheWatchWithAnErrorNamingTheProblem() throws Exception {
        server.enqueue(new MockResponse.Builder()
                .code(200)
                .body(event("ADDED", "a", "1") + "{\"type\":\"ADDED\",\"object\":{]\n")
                .build());
        try (Watch<ConfigMap> watch = configMaps.watch(ListOptions.NONE)) {
            assertEquals(EventType.ADDED, watch.next().type());
            Event<ConfigMap> error = watch.next();
            assertEquals(EventType.ERROR, error.type());
            assertTrue(((ApiError) error.status()).message().contains("decode"), String.valueOf(error.status()));
            assertNull(watch.next());
        }
    }

    @Test
    void refusedWatchThrowsTheStatus() {
        server.enqueue(status(410, "Expired", "too old resource version"));
        StatusException e = assertThrows(
                StatusException.class,
                () -> configMaps.watch(
                        ListOptions.builder().resourceVersion("1").build()));
        assertTrue(e.isResourceExpired());
        server.enqueue(status(403, "Forbidden", "no watch for you"));
        assertTrue(assertThrows(StatusException.class, () -> configMaps.watch(ListOptions.NONE))
                .isForbidden());
    }

    @Test
    void stopFromAnotherThreadUnblocksTheConsumerAndCancelsTheCall() throws Exception {
        server.enqueue(heldOpen(event("ADDED", "a", "1")));
        try (KubernetesClient patient = KubernetesClient.create(
                MockApi.config(server).watchReadTimeout(Duration.ofMinutes(5)).build())) {
            Watch<ConfigMap> watch = patient.resource(ResourceType.CONFIGMAPS).watch(ListOptions.NONE);
            assertEquals(EventType.ADDED, watch.next().type());
            AtomicReference<Event<ConfigMap>> afterStop = new AtomicReference<>();
            CountDownLatch waiting = new CountDownLatch(1);
            CountDownLatch returned = new CountDownLatch(1);
            Thread consumer = new Thread(
                    () -> {
                        try {
                            waiting.countDown();
                            afterStop.set(watch.next());
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            returned.countDown();
                        }
                    },
                    "watch-consumer");
            consumer.start();
            assertTrue(waiting.await(5, TimeUnit.SECONDS));
            assertTrue(!returned.await(200, TimeUnit.MILLISECONDS), "the consumer blocks while the stream is open");
            watch.stop();
            assertTrue(returned.await(5, TimeUnit.SECONDS), "stop() unblocked the consumer");
            assertNull(afterStop.get());
            assertTrue(watch.isStopped());
            watch.stop(); // idempotent
            consumer.join(5_000);
        }
    }

    @Test
    void deadConnectionEndsTheWatchAfterTheReadTimeout() throws Exception {
        server.enqueue(heldOpen(event("ADDED", "a", "1")));
        try (Watch<ConfigMap> watch = configMaps.watch(ListOptions.NONE)) {
            assertNotNull(watch.next());
            long start = System.nanoTime();
            assertNull(watch.next(), "the silent stream timed out (watchReadTimeout 700 ms)");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
        }
    }

    @Test
    void watchReadTimeoutExceedsTheRequestedServerTimeout() throws Exception {
        // timeoutSeconds=1 gives a read timeout of 31 s > the configured 700 ms: the held stream is still open
        // after a second and a half, and ends only when the test stops it.
        server.enqueue(heldOpen(event("ADDED", "a", "1")));
        Watch<ConfigMap> watch =
                configMaps.watch(ListOptions.builder().timeoutSeconds(1).build());
        assertNotNull(watch.next());
        CountDownLatch returned = new CountDownLatch(1);
        Thread consumer = TestThreads.startInterruptible("consumer", () -> {
            try {
                watch.next();
            } finally {
                returned.countDown();
            }
        });
        assertTrue(!returned.await(1500, TimeUnit.MILLISECONDS), "no read timeout at the configured 700 ms");
        watch.stop();
        assertTrue(returned.await(5, TimeUnit.SECONDS));
        consumer.join(5_000);
    }
}
