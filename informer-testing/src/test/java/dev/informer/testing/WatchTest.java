package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class WatchTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.historyLimit(20)
                .bookmarkInterval(Duration.ofMillis(200))
                .futureResourceVersionWait(Duration.ofMillis(100));
    }

    private static long rv(JsonNode obj) {
        return Long.parseLong(obj.path("metadata").path("resourceVersion").asString());
    }

    @Test
    void watchWithoutResourceVersionStartsWithTheCurrentStateThenStreamsChanges() {
        server.create("pods", "default", TestObjects.pod("a"));
        server.create("pods", "default", TestObjects.pod("b"));
        try (WatchStream w = api.watch(PODS)) {
            assertEquals(200, w.status);
            w.expect("ADDED", "a");
            w.expect("ADDED", "b");
            server.create("pods", "default", TestObjects.pod("c"));
            JsonNode c = w.expect("ADDED", "c");
            server.mergePatch("pods", "default", "a", "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}");
            JsonNode a = w.expect("MODIFIED", "a");
            assertTrue(rv(a) > rv(c));
            server.delete("pods", "default", "b");
            JsonNode b = w.expect("DELETED", "b");
            assertEquals(server.resourceVersion(), rv(b), "a DELETED event carries the deletion's resourceVersion");
        }
    }

    @Test
    void watchFromZeroAlsoStartsWithTheCurrentState() {
        server.create("pods", "default", TestObjects.pod("a"));
        try (WatchStream w = api.watch(PODS + "?resourceVersion=0")) {
            w.expect("ADDED", "a");
        }
    }

    @Test
    void watchFromAResourceVersionReplaysEveryLaterChangeInOrder() {
        long start = rv(TestApi.JSON.readTree(server.create("pods", "default", TestObjects.pod("a"))));
        server.create("pods", "default", TestObjects.pod("b"));
        server.mergePatch("pods", "default", "a", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}");
        server.create("configmaps", "default", TestObjects.configMap("other", "k", "v"));
        server.delete("pods", "default", "b");
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + start)) {
            List<Long> rvs = new ArrayList<>();
            rvs.add(rv(w.expect("ADDED", "b")));
            rvs.add(rv(w.expect("MODIFIED", "a")));
            rvs.add(rv(w.expect("DELETED", "b")));
            for (int i = 1; i < rvs.size(); i++) {
                assertTrue(rvs.get(i) > rvs.get(i - 1), rvs.toString());
            }
            w.expectNothing(Duration.ofMillis(300));
        }
    }

    @Test
    void watchFromACompactedResourceVersionGetsAnExpiredErrorEvent() {
        long start = rv(TestApi.JSON.readTree(server.create("pods", "default", TestObjects.pod("a"))));
        for (int i = 0; i < 25; i++) {
            server.mergePatch("pods", "default", "a", "{\"metadata\":{\"labels\":{\"i\":\"" + i + "\"}}}");
        }
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + start)) {
            assertEquals(200, w.status, "the real server answers 200 and an ERROR event");
            JsonNode status = w.expect("ERROR");
            assertEquals("Status", status.path("kind").asString());
            assertEquals(410, status.path("code").asInt());
            assertEquals("Expired", status.path("reason").asString());
            assertTrue(
                    status.path("message").asString().startsWith("too old resource version: " + start),
                    status.toString());
            assertTrue(w.awaitEnd().clean());
        }
    }

    @Test
    void timeoutSecondsEndsTheStreamCleanly() {
        try (WatchStream w = api.watch(PODS + "?timeoutSeconds=1")) {
            assertTrue(w.awaitEnd().clean());
        }
    }

    @Test
    void bookmarksArriveWhenAllowedAndCarryTheCurrentResourceVersion() {
        server.create("pods", "default", TestObjects.pod("a"));
        try (WatchStream w =
                api.watch(PODS + "?allowWatchBookmarks=true&resourceVersion=" + server.resourceVersion())) {
            server.create("configmaps", "default", TestObjects.configMap("c", "k", "v"));
            JsonNode bookmark = w.expect("BOOKMARK");
            assertEquals("Pod", bookmark.path("kind").asString());
            assertEquals("v1", bookmark.path("apiVersion").asString());
            assertTrue(rv(bookmark) >= server.resourceVersion() - 1);
            assertTrue(bookmark.path("metadata").path("annotations").isMissingNode());
            server.create("pods", "default", TestObjects.pod("b"));
            JsonNode b = w.nextNonBookmark();
            assertEquals("ADDED", b.path("type").asString());
        }
    }

    @Test
    void noBookmarksUnlessAllowed() {
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + server.resourceVersion())) {
            w.expectNothing(Duration.ofMillis(700));
        }
    }

    @Test
    void aBookmarkIsSentBeforeTheTimeoutCloses() {
        try (EmbeddedApiServer slow = EmbeddedApiServer.builder()
                .bookmarkInterval(Duration.ofMinutes(10))
                .start()) {
            TestApi slowApi = new TestApi(slow);
            try (WatchStream w = slowApi.watch(PODS + "?allowWatchBookmarks=true&timeoutSeconds=1" + "&resourceVersion="
                    + slow.resourceVersion())) {
                JsonNode bookmark = w.expect("BOOKMARK");
                assertEquals(slow.resourceVersion(), rv(bookmark));
                assertTrue(w.awaitEnd().clean());
            }
        }
    }

    @Test
    void watchListSendsTheStateThenAnAnnotatedBookmark() {
        server.create("pods", "default", TestObjects.pod("a"));
        server.create("pods", "default", TestObjects.pod("b"));
        long rvAtStart = server.resourceVersion();
        try (WatchStream w = api.watch(PODS + "?sendInitialEvents=true&allowWatchBookmarks=true"
                + "&resourceVersionMatch=NotOlderThan&resourceVersion=")) {
            w.expect("ADDED", "a");
            w.expect("ADDED", "b");
            JsonNode end = w.expect("BOOKMARK");
            assertEquals(
                    "true",
                    end.path("metadata")
                            .path("annotations")
                            .path("k8s.io/initial-events-end")
                            .asString());
            assertEquals(rvAtStart, rv(end));
            server.create("pods", "default", TestObjects.pod("c"));
            assertEquals(
                    "c",
                    w.nextNonBookmark()
                            .path("object")
                            .path("metadata")
                            .path("name")
                            .asString());
        }
    }

    @Test
    void watchListOptionsAreValidated() {
        TestApi.Response r = api.get(PODS + "?watch=true&sendInitialEvents=true");
        assertEquals(422, r.status(), r.body());
        assertTrue(r.json()
                .path("message")
                .asString()
                .contains("sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
        assertEquals(
                422,
                api.get(PODS + "?watch=true&resourceVersionMatch=NotOlderThan").status());
        assertEquals(
                422,
                api.get(PODS + "?watch=true&sendInitialEvents=true" + "&resourceVersionMatch=Exact")
                        .status());
        TestApi.Response tooNew = api.get(PODS + "?watch=true&sendInitialEvents=true"
                + "&resourceVersionMatch=NotOlderThan&resourceVersion=" + (server.resourceVersion() + 5));
        assertEquals(504, tooNew.status(), tooNew.body());
    }

    @Test
    void namespacedWatchSeesOnlyItsNamespace() {
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + server.resourceVersion())) {
            server.create("pods", "other", TestObjects.pod("elsewhere"));
            server.create("pods", "default", TestObjects.pod("here"));
            w.expect("ADDED", "here");
        }
    }

    @Test
    void allNamespacesWatchSeesEveryNamespace() {
        try (WatchStream w = api.watch("/api/v1/pods?resourceVersion=" + server.resourceVersion())) {
            server.create("pods", "other", TestObjects.pod("x"));
            server.create("pods", "default", TestObjects.pod("y"));
            w.expect("ADDED", "x");
            w.expect("ADDED", "y");
        }
    }

    @Test
    void legacyWatchPathWorks() {
        try (WatchStream w =
                api.watch("/api/v1/watch/namespaces/default/pods?resourceVersion=" + server.resourceVersion())) {
            server.create("pods", "default", TestObjects.pod("legacy"));
            w.expect("ADDED", "legacy");
        }
    }

    @Test
    void closingTheServerEndsWatchesWithAFinalBookmark() {
        EmbeddedApiServer s = EmbeddedApiServer.builder()
                .bookmarkInterval(Duration.ofMinutes(5))
                .start();
        TestApi sApi = new TestApi(s);
        try (WatchStream w = sApi.watch(PODS + "?allowWatchBookmarks=true&resourceVersion=" + s.resourceVersion())) {
            assertEquals(200, w.status);
            s.close();
            JsonNode bookmark = w.expect("BOOKMARK");
            assertEquals(s.resourceVersion(), rv(bookmark));
            assertTrue(w.awaitEnd().clean());
        }
    }

    @Test
    void everyWatcherGetsTheSameEventsInOrder() {
        try (WatchStream w1 = api.watch(PODS + "?resourceVersion=" + server.resourceVersion());
                WatchStream w2 = api.watch(PODS + "?resourceVersion=" + server.resourceVersion())) {
            for (int i = 0; i < 15; i++) {
                server.create("pods", "default", TestObjects.pod("p-" + i));
            }
            for (int i = 0; i < 15; i++) {
                assertEquals(w1.expect("ADDED", "p-" + i), w2.expect("ADDED", "p-" + i));
            }
        }
    }

    @Test
    void watchCountIsObservable() throws InterruptedException {
        try (WatchStream w = api.watch(PODS)) {
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(10)));
            assertEquals(1, server.openWatchCount());
            assertEquals(200, w.status);
        }
    }
}
