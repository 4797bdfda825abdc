package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class DirectAccessTest {
    private EmbeddedApiServer server;

    @BeforeEach
    void start() {
        server = EmbeddedApiServer.builder()
                .register(ResourceDefinition.custom("a.example.com", "v1", "widgets", "Widget", true))
                .register(ResourceDefinition.custom("b.example.com", "v1", "widgets", "Widget", true))
                .start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static JsonNode json(String s) {
        return TestApi.JSON.readTree(s);
    }

    @Test
    void createGetListUpdateDelete() {
        JsonNode created = json(server.create("pods", "default", TestObjects.pod("a")));
        assertEquals(
                Long.toString(server.resourceVersion()),
                created.path("metadata").path("resourceVersion").asString());
        assertEquals(created, json(server.get("po", null, "a").orElseThrow()));
        assertTrue(server.get("pods", "default", "b").isEmpty());
        server.create("Pod", "other", TestObjects.pod("b"));
        assertEquals(2, server.list("pods", null).size());
        assertEquals(1, server.list("pods", "other").size());
        String updated = server.update("pods", "default", created.toString().replace("\"c\"", "\"renamed\""));
        assertTrue(updated.contains("renamed"));
        JsonNode deleted = json(server.delete("pod", "default", "a"));
        assertEquals("a", deleted.path("metadata").path("name").asString());
        assertTrue(server.get("pods", "default", "a").isEmpty());
    }

    @Test
    void createUsesTheBodyNamespaceOrDefault() {
        server.create("configmaps", null, "{\"metadata\":{\"name\":\"x\",\"namespace\":\"ns1\"}}");
        server.create("configmaps", null, "{\"metadata\":{\"name\":\"y\"}}");
        assertTrue(server.get("cm", "ns1", "x").isPresent());
        assertTrue(server.get("cm", "default", "y").isPresent());
    }

    @Test
    void failuresAreApiStatusExceptions() {
        String pod = server.create("pods", "default", TestObjects.pod("a"));
        ApiStatusException exists =
                assertThrows(ApiStatusException.class, () -> server.create("pods", "default", TestObjects.pod("a")));
        assertEquals(409, exists.code());
        assertEquals("AlreadyExists", exists.reason());
        server.mergePatch("pods", "default", "a", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}");
        ApiStatusException stale = assertThrows(ApiStatusException.class, () -> server.update("pods", "default", pod));
        assertEquals(409, stale.code());
        assertEquals("Conflict", stale.reason());
        assertEquals(
                404,
                assertThrows(ApiStatusException.class, () -> server.delete("pods", "default", "missing"))
                        .code());
        assertEquals(
                400,
                assertThrows(ApiStatusException.class, () -> server.create("pods", "default", "{not json"))
                        .code());
    }

    @Test
    void unknownOrAmbiguousResourceNamesAreIllegalArguments() {
        assertThrows(IllegalArgumentException.class, () -> server.list("gizmos", null));
        IllegalArgumentException ambiguous =
                assertThrows(IllegalArgumentException.class, () -> server.list("widgets", null));
        assertTrue(ambiguous.getMessage().contains("ambiguous"));
        server.create("widgets.a.example.com", "default", "{\"metadata\":{\"name\":\"w\"}}");
        assertEquals(1, server.list("widgets.a.example.com", null).size());
        assertEquals(0, server.list("widgets.b.example.com", null).size());
        assertThrows(
                IllegalArgumentException.class,
                () -> server.updateStatus("configmaps", "default", "{\"metadata\":{\"name\":\"x\"}}"));
    }

    @Test
    void updateStatusChangesOnlyStatus() {
        server.create("pods", "default", TestObjects.pod("s"));
        JsonNode pod = json(server.get("pods", "default", "s").orElseThrow());
        JsonNode after = json(server.updateStatus("pods", "default", TestObjects.runningWithImage(pod, "other")));
        assertEquals("Running", TestObjects.phase(after));
        assertEquals("busybox", TestObjects.firstImage(after));
    }

    @Test
    void directWritesReachHttpWatchers() {
        TestApi api = new TestApi(server);
        try (WatchStream w = api.watch("/api/v1/namespaces/default/pods?resourceVersion=" + server.resourceVersion())) {
            server.create("pods", "default", TestObjects.pod("direct"));
            w.expect("ADDED", "direct");
        }
    }

    @Test
    void seedAndClockMakeRunsReproducible() {
        Clock fixed = Clock.fixed(Instant.parse("2024-05-06T07:08:09.123Z"), ZoneOffset.UTC);
        try (EmbeddedApiServer a =
                        EmbeddedApiServer.builder().seed(42).clock(fixed).start();
                EmbeddedApiServer b =
                        EmbeddedApiServer.builder().seed(42).clock(fixed).start();
                EmbeddedApiServer c =
                        EmbeddedApiServer.builder().seed(43).clock(fixed).start()) {
            JsonNode pa = json(a.create("pods", "default", TestObjects.pod("p")));
            JsonNode pb = json(b.create("pods", "default", TestObjects.pod("p")));
            JsonNode pc = json(c.create("pods", "default", TestObjects.pod("p")));
            assertEquals(pa.path("metadata").path("uid"), pb.path("metadata").path("uid"));
            assertNotEquals(pa.path("metadata").path("uid"), pc.path("metadata").path("uid"));
            assertEquals(
                    "2024-05-06T07:08:09Z",
                    pa.path("metadata").path("creationTimestamp").asString());
        }
    }

    @Test
    void withoutDefaultNamespacesTheServerStartsEmpty() {
        try (EmbeddedApiServer empty = EmbeddedApiServer.builder()
                .defaultNamespaces(false)
                .resourceVersionEpoch(0)
                .start()) {
            assertEquals(List.of(), empty.list("namespaces", null));
            assertEquals(0, empty.resourceVersion());
        }
    }

    @Test
    void kubeconfigPointsAtTheServer(@TempDir Path dir) throws IOException {
        Path file = server.kubeconfig(dir.resolve("nested/kubeconfig"));
        String text = Files.readString(file);
        assertTrue(text.contains("server: \"" + server.url() + "\""), text);
        assertTrue(text.contains("current-context: embedded"));
        assertTrue(text.contains("token: "));
        assertTrue(server.url().startsWith("http://127.0.0.1:"));
        assertEquals(
                server.port(),
                Integer.parseInt(server.url().substring(server.url().lastIndexOf(':') + 1)));
    }

    @Test
    void builderRejectsOutOfRangeValues() {
        EmbeddedApiServer.Builder b = EmbeddedApiServer.builder();
        assertThrows(IllegalArgumentException.class, () -> b.port(-1));
        assertThrows(IllegalArgumentException.class, () -> b.port(70000));
        assertThrows(IllegalArgumentException.class, () -> b.historyLimit(0));
        assertThrows(IllegalArgumentException.class, () -> b.bookmarkInterval(Duration.ofMillis(1)));
        assertThrows(NullPointerException.class, () -> b.register(null));
        assertThrows(IllegalArgumentException.class, () -> server.awaitOpenWatches(-1, Duration.ZERO));
    }

    @Test
    void bindingATakenPortFailsWithTheAddress() {
        java.io.UncheckedIOException e = assertThrows(
                java.io.UncheckedIOException.class,
                () -> EmbeddedApiServer.builder().port(server.port()).start());
        assertTrue(e.getMessage().contains(Integer.toString(server.port())));
    }

    @Test
    void closeIsIdempotentAndStopsServing() {
        EmbeddedApiServer s = EmbeddedApiServer.builder().start();
        TestApi api = new TestApi(s);
        api.get("/api").expect(200);
        s.close();
        s.close();
        assertThrows(RuntimeException.class, () -> api.get("/api"));
    }
}
