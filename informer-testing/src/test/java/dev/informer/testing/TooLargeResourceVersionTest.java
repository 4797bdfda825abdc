package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Requests for a resourceVersion the server has not reached, as kube-apiserver answers them. */
class TooLargeResourceVersionTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";
    private static final Duration WAIT = Duration.ofMillis(300);

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.futureResourceVersionWait(WAIT);
    }

    /** The Status of kube-apiserver's storage.NewTooLargeResourceVersionError. */
    private static void assertTooLarge(TestApi.Response r, long requested, long current) {
        assertEquals(504, r.status(), r.body());
        JsonNode s = r.json();
        assertEquals("Status", s.path("kind").asString());
        assertEquals("Failure", s.path("status").asString());
        assertEquals("Timeout", s.path("reason").asString());
        assertEquals(504, s.path("code").asInt());
        assertEquals(
                "Timeout: Too large resource version: " + requested + ", current: " + current,
                s.path("message").asString());
        JsonNode causes = s.path("details").path("causes");
        assertEquals(1, causes.size(), r.body());
        assertEquals("ResourceVersionTooLarge", causes.get(0).path("reason").asString());
        assertEquals("Too large resource version", causes.get(0).path("message").asString());
        assertEquals(1, s.path("details").path("retryAfterSeconds").asInt());
        assertEquals("1", r.headers().firstValue("Retry-After").orElse(""));
    }

    @Test
    void watchFromAFutureResourceVersionTimesOutWith504() {
        long current = server.resourceVersion();
        long future = current + 1000;
        TestApi.Response r = api.get(PODS + "?watch=true&resourceVersion=" + future);
        assertTooLarge(r, future, current);
    }

    @Test
    void watchListFromAFutureResourceVersionTimesOutWith504() {
        long current = server.resourceVersion();
        long future = current + 7;
        TestApi.Response r = api.get(PODS + "?watch=true&sendInitialEvents=true"
                + "&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion="
                + future);
        assertTooLarge(r, future, current);
    }

    @Test
    void listFromAFutureResourceVersionWaitsTheBoundThenTimesOutWith504() {
        long current = server.resourceVersion();
        long future = current + 3;
        long t0 = System.nanoTime();
        TestApi.Response notOlder = api.get(PODS + "?resourceVersionMatch=NotOlderThan" + "&resourceVersion=" + future);
        long waitedMillis = (System.nanoTime() - t0) / 1_000_000;
        assertTooLarge(notOlder, future, current);
        assertTrue(waitedMillis >= WAIT.toMillis(), "answered after " + waitedMillis + " ms");
        assertTooLarge(api.get(PODS + "?resourceVersionMatch=Exact&resourceVersion=" + future), future, current);
        assertTooLarge(api.get(PODS + "?resourceVersion=" + future), future, current);
        assertTooLarge(api.get(PODS + "?limit=5&resourceVersion=" + future), future, current);
    }

    @Test
    void resourceVersionsTheServerHasReachedAreServedAtOnce() {
        long current = server.resourceVersion();
        assertEquals(200, api.get(PODS + "?resourceVersion=" + current).status());
        assertEquals(200, api.get(PODS + "?resourceVersion=0").status());
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + current)) {
            assertEquals(200, w.status);
            server.create("pods", "default", TestObjects.pod("a"));
            w.expect("ADDED", "a");
        }
    }
}
