package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.internal.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A new server instance never reuses an earlier one's resourceVersions or uids. */
class ServerRestartTest {
    private static JsonNode json(String s) {
        return TestApi.JSON.readTree(s);
    }

    private static long rv(String object) {
        return Long.parseLong(
                json(object).path("metadata").path("resourceVersion").asString());
    }

    @Test
    void aLaterServerStartsAboveEveryResourceVersionOfAnEarlierOne() {
        MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        long lastOfFirst;
        try (EmbeddedApiServer first = EmbeddedApiServer.builder().clock(clock).start()) {
            for (int i = 0; i < 500; i++) {
                first.create("configmaps", "default", TestObjects.configMap("c" + i, "k", "v"));
            }
            lastOfFirst = first.resourceVersion();
        }
        clock.advance(Duration.ofMillis(1)); // a restart takes far longer than 1 ms
        try (EmbeddedApiServer second = EmbeddedApiServer.builder().clock(clock).start()) {
            assertTrue(second.resourceVersion() > lastOfFirst, second.resourceVersion() + " <= " + lastOfFirst);
            long created = rv(second.create("pods", "default", TestObjects.pod("p")));
            assertTrue(created > lastOfFirst);
        }
    }

    @Test
    void aWatchFromAnEarlierServersResourceVersionIsExpiredNotSilentlyResumed() {
        MutableClock clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        long seenOnFirst;
        try (EmbeddedApiServer first = EmbeddedApiServer.builder().clock(clock).start()) {
            seenOnFirst = rv(first.create("pods", "default", TestObjects.pod("old")));
        }
        clock.advance(Duration.ofSeconds(1));
        try (EmbeddedApiServer second = EmbeddedApiServer.builder().clock(clock).start()) {
            second.create("pods", "default", TestObjects.pod("new"));
            TestApi api = new TestApi(second);
            try (WatchStream w = api.watch("/api/v1/namespaces/default/pods?resourceVersion=" + seenOnFirst)) {
                JsonNode status = w.expect("ERROR");
                assertEquals(410, status.path("code").asInt());
                assertEquals("Expired", status.path("reason").asString());
            }
            TestApi.Response exact = api.get(
                    "/api/v1/namespaces/default/pods?resourceVersion=" + seenOnFirst + "&resourceVersionMatch=Exact");
            assertEquals(410, exact.status(), exact.body());
            try (WatchStream w = api.watch("/api/v1/namespaces/default/pods?resourceVersion="
                    + api.get("/api/v1/namespaces/default/pods").rv())) {
                second.create("pods", "default", TestObjects.pod("later"));
                w.expect("ADDED", "later");
            }
        }
    }

    @Test
    void resourceVersionsStayDecimalIntegersAboveTheClockEpoch() {
        Instant start = Instant.parse("2026-03-01T10:00:00Z");
        try (EmbeddedApiServer server =
                EmbeddedApiServer.builder().clock(new MutableClock(start)).start()) {
            long epochMicros = start.toEpochMilli() * 1000;
            String pod = server.create("pods", "default", TestObjects.pod("p"));
            String text = json(pod).path("metadata").path("resourceVersion").asString();
            assertTrue(text.matches("[1-9][0-9]*"), text);
            assertTrue(Long.parseLong(text) > epochMicros, text);
            assertTrue(Long.parseLong(text) < (1L << 53), "fits a double: " + text);
        }
    }

    @Test
    void theEpochCanBeSetForTests() {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder()
                .defaultNamespaces(false)
                .resourceVersionEpoch(0)
                .start()) {
            assertEquals(0, server.resourceVersion());
            assertEquals(1, rv(server.create("namespaces", null, "{\"metadata\":{\"name\":\"n\"}}")));
        }
    }

    @Test
    void everyServerHandsOutDifferentRandomUids() {
        try (EmbeddedApiServer a = EmbeddedApiServer.builder().start();
                EmbeddedApiServer b = EmbeddedApiServer.builder().start()) {
            String uidA = json(a.create("pods", "default", TestObjects.pod("p")))
                    .path("metadata")
                    .path("uid")
                    .asString();
            String uidB = json(b.create("pods", "default", TestObjects.pod("p")))
                    .path("metadata")
                    .path("uid")
                    .asString();
            assertNotEquals(uidA, uidB);
            assertEquals(4, UUID.fromString(uidA).version());
            assertEquals(2, UUID.fromString(uidA).variant());
            String nsA = json(a.get("namespaces", null, "default").orElseThrow())
                    .path("metadata")
                    .path("uid")
                    .asString();
            String nsB = json(b.get("namespaces", null, "default").orElseThrow())
                    .path("metadata")
                    .path("uid")
                    .asString();
            assertNotEquals(nsA, nsB, "even the namespaces created at start differ");
        }
    }
}
