package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FaultInjectionTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    @BeforeEach
    void seed() {
        server.create("pods", "default", TestObjects.pod("a"));
    }

    private WatchStream openWatch() throws InterruptedException {
        int before = server.openWatchCount();
        WatchStream w = api.watch(PODS + "?resourceVersion=" + server.resourceVersion());
        assertEquals(200, w.status);
        assertTrue(server.awaitOpenWatches(before + 1, Duration.ofSeconds(10)));
        return w;
    }

    /** Opens a watch, sees pod {@code b} added on it, then drops every watch with {@code mode}. */
    private WatchStream droppedAfterAnEvent(WatchDropMode mode) throws InterruptedException {
        WatchStream w = openWatch();
        server.create("pods", "default", TestObjects.pod("b"));
        w.expect("ADDED", "b");
        assertEquals(1, server.faults().dropWatches(mode));
        return w;
    }

    /** Opens a watch and sees pod {@code name}, created after it opened, added on it. */
    private void assertANewWatchSeesPod(String name) throws InterruptedException {
        try (WatchStream w = openWatch()) {
            server.create("pods", "default", TestObjects.pod(name));
            w.expect("ADDED", name);
        }
    }

    @Test
    void abruptDropCutsTheStreamMidLine() throws InterruptedException {
        try (WatchStream w = droppedAfterAnEvent(WatchDropMode.ABRUPT)) {
            WatchStream.End end = w.awaitEnd();
            assertFalse(end.clean(), "an abrupt drop is not a clean end of stream");
            assertNotNull(end.partial(), "a truncated event line is left");
            assertTrue(end.partial().startsWith("{\"type\":\"MODIFIED\""), end.partial());
            assertTrue(server.awaitOpenWatches(0, Duration.ofSeconds(10)));
        }
        // The server keeps serving afterwards.
        assertANewWatchSeesPod("c");
    }

    @Test
    void cleanDropEndsTheStreamAfterWholeEvents() throws InterruptedException {
        try (WatchStream w = droppedAfterAnEvent(WatchDropMode.CLEAN)) {
            WatchStream.End end = w.awaitEnd();
            assertTrue(end.clean(), () -> "end: " + end);
        }
    }

    @Test
    void dropAffectsOnlyTheWatchesOpenAtThatMoment() throws InterruptedException {
        try (WatchStream first = openWatch()) {
            server.faults().dropWatches(WatchDropMode.CLEAN);
            assertTrue(first.awaitEnd().clean());
            // The client sees the end before the server has unregistered the session.
            assertTrue(server.awaitOpenWatches(0, Duration.ofSeconds(10)));
            assertANewWatchSeesPod("later");
        }
    }

    @Test
    void expireWatchesSendsA410ErrorEventAndEnds() throws InterruptedException {
        try (WatchStream w = openWatch()) {
            assertEquals(1, server.faults().expireWatches());
            JsonNode status = w.expect("ERROR");
            assertEquals(410, status.path("code").asInt());
            assertEquals("Expired", status.path("reason").asString());
            assertTrue(w.awaitEnd().clean());
        }
    }

    @Test
    void failNextFailsExactlyNMatchingRequests() {
        server.faults().failNext(2, "list", "pods", 500);
        assertEquals(2, server.faults().pendingFailures());
        api.get(PODS + "/a").expect(200); // "get" does not match "list"
        api.get("/api/v1/namespaces/default/configmaps").expect(200); // nor does another resource
        TestApi.Response first = api.get(PODS);
        assertEquals(500, first.status());
        assertEquals("InternalError", first.json().path("reason").asString());
        assertEquals(500, api.get("/api/v1/pods").status());
        api.get(PODS).expect(200);
        assertEquals(0, server.faults().pendingFailures());
    }

    @Test
    void tooManyRequestsCarriesRetryAfter() {
        server.faults().failNext(1, "*", "*", 429, Duration.ofMillis(1500));
        TestApi.Response r = api.post(PODS, TestObjects.pod("b"));
        assertEquals(429, r.status());
        assertEquals("2", r.headers().firstValue("Retry-After").orElse(""));
        assertEquals("TooManyRequests", r.json().path("reason").asString());
        assertEquals(2, r.json().path("details").path("retryAfterSeconds").asInt());
        api.post(PODS, TestObjects.pod("b")).expect(201);
    }

    @Test
    void injected410OnListIsExpiredAndOnWatchIsAnErrorEvent() {
        server.faults().failNext(1, "list", "pods", 410);
        TestApi.Response list = api.get(PODS);
        assertEquals(410, list.status());
        assertEquals("Expired", list.json().path("reason").asString());
        server.faults().failNext(1, "watch", "pods", 410);
        try (WatchStream w = api.watch(PODS)) {
            assertEquals(200, w.status);
            assertEquals(410, w.expect("ERROR").path("code").asInt());
            assertTrue(w.awaitEnd().clean());
        }
    }

    @Test
    void subresourceFailuresMatchOnlyTheSubresource() {
        server.faults().failNext(1, "update", "pods/status", 503);
        JsonNode pod = api.get(PODS + "/a").expect(200);
        api.put(PODS + "/a", pod.toString()).expect(200);
        assertEquals(503, api.put(PODS + "/a/status", pod.toString()).status());
        assertEquals(1, server.requestCount("update", "pods/status"));
    }

    @Test
    void compactNowExpiresOlderResourceVersionsButKeepsOpenWatches() throws InterruptedException {
        long old = server.resourceVersion();
        server.create("pods", "default", TestObjects.pod("b"));
        try (WatchStream open = openWatch()) {
            long compactedAt = server.faults().compactNow();
            assertEquals(server.resourceVersion(), compactedAt);
            try (WatchStream stale = api.watch(PODS + "?resourceVersion=" + old)) {
                assertEquals(410, stale.expect("ERROR").path("code").asInt());
            }
            assertEquals(
                    410,
                    api.get(PODS + "?resourceVersion=" + old + "&resourceVersionMatch=Exact")
                            .status());
            server.create("pods", "default", TestObjects.pod("c"));
            open.expect("ADDED", "c");
            try (WatchStream fresh = api.watch(PODS + "?resourceVersion=" + compactedAt)) {
                fresh.expect("ADDED", "c");
            }
        }
    }

    @Test
    void delayedResponsesTakeAtLeastTheDelay() {
        server.faults().delayResponses(Duration.ofMillis(1500));
        long t0 = System.nanoTime();
        api.get(PODS).expect(200);
        long tookMs = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(tookMs >= 1500, "took " + tookMs + " ms");
        server.faults().delayResponses(Duration.ZERO);
        long t1 = System.nanoTime();
        api.get(PODS).expect(200);
        long clearedMs = (System.nanoTime() - t1) / 1_000_000;
        assertTrue(clearedMs < 1500, "after clearing the delay the answer took " + clearedMs + " ms");
    }

    @Test
    void hangHoldsRequestsUntilResetAndPausesWatches()
            throws InterruptedException, ExecutionException, TimeoutException {
        try (WatchStream w = openWatch()) {
            server.faults().hang(Duration.ofMinutes(1));
            CompletableFuture<TestApi.Response> held = CompletableFuture.supplyAsync(() -> api.get(PODS));
            server.create("pods", "default", TestObjects.pod("during-hang"));
            assertThrows(TimeoutException.class, () -> held.get(500, TimeUnit.MILLISECONDS));
            w.expectNothing(Duration.ofMillis(300));
            server.faults().reset();
            assertEquals(200, held.get(10, TimeUnit.SECONDS).status());
            w.expect("ADDED", "during-hang");
        }
    }

    @Test
    void hangEndsByItself() throws InterruptedException, ExecutionException, TimeoutException {
        server.faults().hang(Duration.ofMillis(300));
        long t0 = System.nanoTime();
        CompletableFuture<TestApi.Response> r = CompletableFuture.supplyAsync(() -> api.get(PODS));
        assertEquals(200, r.get(10, TimeUnit.SECONDS).status());
        assertTrue((System.nanoTime() - t0) / 1_000_000 >= 250);
    }

    @Test
    void malformedLineIsWrittenOnOpenWatchesWhichStayOpen() throws InterruptedException {
        try (WatchStream w = openWatch()) {
            assertEquals(1, server.faults().sendMalformedLine());
            WatchStream.Item item = w.nextItem(WatchStream.WAIT);
            String text = ((WatchStream.Line) item).text();
            assertThrows(RuntimeException.class, () -> TestApi.JSON.readTree(text));
            server.create("pods", "default", TestObjects.pod("after"));
            w.expect("ADDED", "after");
        }
    }

    @Test
    void resetClearsPendingFailures() {
        server.faults().failNext(5, "*", "*", 500);
        server.faults().delayResponses(Duration.ofMinutes(1));
        server.faults().reset();
        assertEquals(0, server.faults().pendingFailures());
        api.get(PODS).expect(200);
    }

    @Test
    void faultArgumentsAreBounded() {
        ServerFaults f = server.faults();
        assertThrows(IllegalArgumentException.class, () -> f.failNext(0, "get", "pods", 500));
        assertThrows(
                IllegalArgumentException.class, () -> f.failNext(ServerFaults.MAX_FAILURES + 1, "get", "pods", 500));
        assertThrows(IllegalArgumentException.class, () -> f.failNext(1, "fetch", "pods", 500));
        assertThrows(IllegalArgumentException.class, () -> f.failNext(1, "get", "pods", 200));
        assertThrows(IllegalArgumentException.class, () -> f.failNext(1, "get", "", 500));
        assertThrows(IllegalArgumentException.class, () -> f.failNext(1, "get", "pods", 429, Duration.ofHours(2)));
        assertThrows(IllegalArgumentException.class, () -> f.hang(Duration.ofMinutes(6)));
        assertThrows(IllegalArgumentException.class, () -> f.delayResponses(Duration.ofSeconds(-1)));
        assertThrows(NullPointerException.class, () -> f.dropWatches(null));
    }

    @Test
    void failuresApplyInTheOrderTheyWereQueued() {
        server.faults().failNext(1, "get", "pods", 500);
        server.faults().failNext(1, "*", "*", 503);
        List<Integer> codes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            codes.add(api.get(PODS + "/a").status());
        }
        assertEquals(List.of(500, 503, 200), codes);
    }
}
