package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.internal.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The watch history is bounded by age as well as by count, as kube-apiserver's watch cache. */
class HistoryWindowHttpTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    private final MutableClock clock = new MutableClock(Instant.parse("2026-02-01T00:00:00Z"));

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.clock(clock).historyMaxAge(Duration.ofSeconds(75));
    }

    /** Creates pods a then b, moves the clock on by {@code age}; returns a's resourceVersion. */
    private long createTwoPodsThenAdvance(Duration age) {
        long first = api.post(PODS, TestObjects.pod("a")).rv();
        api.post(PODS, TestObjects.pod("b")).expect(201);
        clock.advance(age);
        return first;
    }

    @Test
    void watchFromAResourceVersionOlderThanTheMaxAgeIsExpired() {
        long first = createTwoPodsThenAdvance(Duration.ofSeconds(76));
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + first)) {
            assertEquals(200, w.status);
            JsonNode status = w.expect("ERROR");
            assertEquals(410, status.path("code").asInt());
            assertEquals("Expired", status.path("reason").asString());
            assertTrue(
                    status.path("message").asString().startsWith("too old resource version: " + first),
                    status.toString());
        }
    }

    @Test
    void watchFromAResourceVersionWithinTheMaxAgeReplaysTheLaterEvents() {
        long first = createTwoPodsThenAdvance(Duration.ofSeconds(74));
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + first)) {
            w.expect("ADDED", "b");
        }
    }

    @Test
    void watchFromTheNewestResourceVersionStillWorksAfterEveryEventAged() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        clock.advance(Duration.ofMinutes(10));
        long listed = api.get(PODS).rv();
        try (WatchStream w = api.watch(PODS + "?resourceVersion=" + listed)) {
            server.create("pods", "default", TestObjects.pod("later"));
            w.expect("ADDED", "later");
        }
    }
}
