package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A server that accepts the connection but never answers is reported after the request timeout, for
 * ordinary requests and for the start of a watch; a watch's body then gets its own, longer, timeout.
 */
class ClientTimeoutsTest {

    /** Accepts connections (the kernel completes the handshake) and never reads or writes. */
    private ServerSocket silent;

    private KubernetesClient client;
    private String base;

    @BeforeEach
    void start() throws IOException {
        silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        base = "http://127.0.0.1:" + silent.getLocalPort();
        client = KubernetesClient.create(ClientConfig.builder()
                .server(base)
                .readTimeout(Duration.ofSeconds(2))
                .watchReadTimeout(Duration.ofMinutes(10))
                .build());
    }

    @AfterEach
    void stop() throws IOException {
        client.close();
        silent.close();
    }

    @Test
    void listFromAServerThatNeverAnswersFailsAfterTheRequestTimeoutNamingTheUrl() {
        ApiConnectionException e = assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThrows(ApiConnectionException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                        .list(ListOptions.NONE)));
        String url = base + "/api/v1/namespaces/default/configmaps";
        assertTrue(e.getMessage().startsWith("GET " + url + ": no response within 2s"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals(url, e.url());
    }

    @Test
    void watchStartFromAServerThatNeverAnswersFailsAfterTheRequestTimeoutNotTheWatchTimeout() {
        ApiConnectionException e = assertTimeoutPreemptively(
                Duration.ofSeconds(20),
                () -> assertThrows(ApiConnectionException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                        .watch(ListOptions.builder().timeoutSeconds(300).build())));
        assertTrue(
                e.getMessage().startsWith("GET " + base + "/api/v1/namespaces/default/configmaps?watch=true"),
                e.getMessage());
        assertTrue(e.getMessage().contains(": no response within 2s"), e.getMessage());
    }

    @Test
    void httpsServerThatNeverAnswersTheHandshakeIsReportedAsSuch() {
        try (KubernetesClient tls = KubernetesClient.create(ClientConfig.builder()
                .server("https://127.0.0.1:" + silent.getLocalPort())
                .readTimeout(Duration.ofSeconds(2))
                .build())) {
            ApiConnectionException e = assertTimeoutPreemptively(
                    Duration.ofSeconds(20),
                    () -> assertThrows(ApiConnectionException.class, () -> tls.resource(ResourceType.CONFIGMAPS)
                            .get("x")));
            assertTrue(
                    e.getMessage()
                            .endsWith("/configmaps/x: no TLS handshake within 2s (the server accepted the "
                                    + "connection but did not answer TLS; readTimeout)"),
                    e.getMessage());
        }
    }

    /** A JSON answer whose {@code body} starts after {@code delay}. */
    private static MockResponse jsonAfter(Duration delay, String body) {
        return new MockResponse.Builder()
                .setHeader("Content-Type", "application/json")
                .bodyDelay(delay.toMillis(), TimeUnit.MILLISECONDS)
                .body(body)
                .build();
    }

    /** A client of {@code server} with these read timeouts for requests and for watch streams. */
    private static KubernetesClient clientWithTimeouts(
            MockWebServer server, Duration readTimeout, Duration watchReadTimeout) {
        return KubernetesClient.create(MockApi.config(server)
                .readTimeout(readTimeout)
                .watchReadTimeout(watchReadTimeout)
                .build());
    }

    @Test
    void watchBodySilentForLongerThanTheWatchReadTimeoutEndsTheWatch() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            server.enqueue(jsonAfter(Duration.ofSeconds(30), "{}"));
            try (KubernetesClient quick = clientWithTimeouts(server, Duration.ofSeconds(10), Duration.ofSeconds(1));
                    Watch<ConfigMap> watch =
                            quick.resource(ResourceType.CONFIGMAPS).watch(ListOptions.NONE)) {
                assertTimeoutPreemptively(
                        Duration.ofSeconds(8),
                        () -> assertEquals(
                                null,
                                watch.next(),
                                "the dead stream ends the watch (the reflector then starts another)"));
            }
        }
    }

    @Test
    void watchBodyMayBeQuietLongerThanTheRequestTimeout() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            String event = "{\"type\":\"ADDED\",\"object\":" + MockApi.configMapJson("team", "late", "7") + "}\n";
            server.enqueue(jsonAfter(Duration.ofMillis(1500), event));
            try (KubernetesClient quick = clientWithTimeouts(server, Duration.ofMillis(500), Duration.ofSeconds(30));
                    Watch<ConfigMap> watch =
                            quick.resource(ResourceType.CONFIGMAPS).watch(ListOptions.NONE)) {
                Iterator<Event<ConfigMap>> events = watch.iterator();
                assertTrue(
                        events.hasNext(), "the event after 1.5 s of silence arrives despite a 500 ms request timeout");
                Event<ConfigMap> first = events.next();
                assertEquals(EventType.ADDED, first.type());
                assertEquals("late", first.typedObject().metadata().name());
            }
        }
    }
}
