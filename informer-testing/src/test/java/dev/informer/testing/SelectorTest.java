package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class SelectorTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    @BeforeEach
    void seed() {
        server.create("pods", "default", TestObjects.pod("web-1", Map.of("app", "web", "tier", "fe")));
        server.create("pods", "default", TestObjects.pod("web-2", Map.of("app", "web")));
        server.create("pods", "default", TestObjects.pod("db-1", Map.of("app", "db")));
        server.create("pods", "default", TestObjects.podOnNode("bound", "node-a"));
    }

    private List<String> names(String query) {
        JsonNode list = api.get(PODS + "?" + query).expect(200);
        List<String> out = new ArrayList<>();
        list.path("items").forEach(i -> out.add(i.path("metadata").path("name").asString()));
        return out;
    }

    @Test
    void labelSelectorsFilterLists() {
        assertEquals(List.of("web-1", "web-2"), names("labelSelector=" + TestApi.enc("app=web")));
        assertEquals(List.of("web-1", "web-2"), names("labelSelector=" + TestApi.enc("app==web")));
        assertEquals(List.of("bound", "db-1"), names("labelSelector=" + TestApi.enc("app!=web")));
        assertEquals(List.of("db-1", "web-1", "web-2"), names("labelSelector=" + TestApi.enc("app in (web,db)")));
        assertEquals(List.of("db-1"), names("labelSelector=" + TestApi.enc("app notin (web),app")));
        assertEquals(List.of("web-1"), names("labelSelector=tier"));
        assertEquals(List.of("bound", "db-1", "web-2"), names("labelSelector=" + TestApi.enc("!tier")));
    }

    @Test
    void fieldSelectorsFilterLists() {
        assertEquals(List.of("db-1"), names("fieldSelector=" + TestApi.enc("metadata.name=db-1")));
        assertEquals(List.of("bound"), names("fieldSelector=" + TestApi.enc("spec.nodeName=node-a")));
        assertEquals(List.of("db-1", "web-1", "web-2"), names("fieldSelector=" + TestApi.enc("spec.nodeName!=node-a")));
        assertEquals(
                4,
                names("fieldSelector=" + TestApi.enc("metadata.namespace=default"))
                        .size());
        assertEquals(
                List.of("web-2"),
                names("fieldSelector=" + TestApi.enc("metadata.name=web-2") + "&labelSelector=app%3Dweb"));
    }

    @Test
    void badSelectorsAreBadRequests() {
        TestApi.Response badLabel = api.get(PODS + "?labelSelector=" + TestApi.enc("app in (web"));
        assertEquals(400, badLabel.status(), badLabel.body());
        assertEquals("BadRequest", badLabel.json().path("reason").asString());
        TestApi.Response badField = api.get(PODS + "?fieldSelector=" + TestApi.enc("spec.foo=bar"));
        assertEquals(400, badField.status(), badField.body());
        assertTrue(badField.json().path("message").asString().contains("spec.foo"));
        assertEquals(
                400,
                api.get(PODS + "?watch=true&labelSelector=" + TestApi.enc("a in ("))
                        .status());
    }

    @Test
    void watchWithALabelSelectorSeesObjectsEnterAndLeaveTheSelection() {
        try (WatchStream w = api.watch(PODS + "?labelSelector=app%3Dweb")) {
            w.expect("ADDED", "web-1");
            w.expect("ADDED", "web-2");
            // db-1 starts matching: ADDED.
            server.mergePatch("pods", "default", "db-1", "{\"metadata\":{\"labels\":{\"app\":\"web\"}}}");
            w.expect("ADDED", "db-1");
            // web-1 stops matching: DELETED with its last matching state at the new resourceVersion.
            server.mergePatch("pods", "default", "web-1", "{\"metadata\":{\"labels\":{\"app\":\"x\"}}}");
            JsonNode gone = w.expect("DELETED", "web-1");
            assertEquals("web", gone.path("metadata").path("labels").path("app").asString());
            assertEquals(
                    server.resourceVersion(),
                    Long.parseLong(gone.path("metadata").path("resourceVersion").asString()));
            // Changes outside the selection are not sent; changes inside are MODIFIED.
            server.mergePatch("pods", "default", "bound", "{\"metadata\":{\"labels\":{\"z\":\"1\"}}}");
            server.mergePatch("pods", "default", "web-2", "{\"metadata\":{\"labels\":{\"z\":\"1\"}}}");
            w.expect("MODIFIED", "web-2");
            server.delete("pods", "default", "web-2");
            w.expect("DELETED", "web-2");
            server.delete("pods", "default", "bound");
            w.expectNothing(Duration.ofMillis(300));
        }
    }

    @Test
    void watchWithAFieldSelectorFiltersByNode() {
        try (WatchStream w = api.watch(PODS + "?fieldSelector=" + TestApi.enc("spec.nodeName=node-b")
                + "&resourceVersion=" + server.resourceVersion())) {
            server.mergePatch("pods", "default", "web-2", "{\"spec\":{\"nodeName\":\"node-b\"}}");
            w.expect("ADDED", "web-2");
        }
    }
}
