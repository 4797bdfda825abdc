package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class StatusSubresourceTest extends ServedApiTest {
    private static final String POD = "/api/v1/namespaces/default/pods/p";

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.register(ResourceDefinition.custom("example.com", "v1", "widgets", "Widget", true)
                        .withStatusSubresource())
                .register(ResourceDefinition.custom("example.com", "v1", "gadgets", "Gadget", true));
    }

    @BeforeEach
    void seed() {
        api.post("/api/v1/namespaces/default/pods", TestObjects.pod("p")).expect(201);
    }

    @Test
    void mainResourceUpdateIgnoresStatusChanges() {
        JsonNode after = api.put(POD, TestObjects.runningWithImage(api.get(POD).expect(200), "nginx"))
                .expect(200);
        assertEquals("Pending", TestObjects.phase(after));
        assertEquals("nginx", TestObjects.firstImage(after));
    }

    @Test
    void statusUpdateChangesOnlyStatus() {
        String changed = TestObjects.runningWithImage(api.get(POD).expect(200), "nginx")
                .replace("\"name\":\"p\"", "\"name\":\"p\"," + "\"labels\":{\"new\":\"label\"}");
        JsonNode after = api.put(POD + "/status", changed).expect(200);
        assertEquals("Running", TestObjects.phase(after));
        assertEquals("busybox", TestObjects.firstImage(after));
        assertTrue(after.path("metadata").path("labels").isMissingNode());
        assertEquals(after, api.get(POD).expect(200));
    }

    @Test
    void statusPatchChangesOnlyStatusAndMainPatchIgnoresStatus() {
        JsonNode s = api.mergePatch(
                        POD + "/status", "{\"status\":{\"phase\":\"Running\"},\"spec\":{\"nodeName\":\"x\"}}")
                .expect(200);
        assertEquals("Running", s.path("status").path("phase").asString());
        assertTrue(s.path("spec").path("nodeName").isMissingNode());
        JsonNode m = api.mergePatch(POD, "{\"status\":{\"phase\":\"Failed\"},\"spec\":{\"nodeName\":\"x\"}}")
                .expect(200);
        assertEquals("Running", m.path("status").path("phase").asString());
        assertEquals("x", m.path("spec").path("nodeName").asString());
    }

    @Test
    void statusUpdateWithStaleResourceVersionIsConflict() {
        JsonNode pod = api.get(POD).expect(200);
        api.mergePatch(POD, "{\"metadata\":{\"labels\":{\"a\":\"b\"}}}").expect(200);
        assertEquals(409, api.put(POD + "/status", pod.toString()).status());
    }

    @Test
    void getOnStatusReturnsTheWholeObject() {
        assertEquals(api.get(POD).expect(200), api.get(POD + "/status").expect(200));
    }

    @Test
    void customResourceWithStatusSubresourceDropsStatusOnCreate() {
        String path = "/apis/example.com/v1/namespaces/default/widgets";
        JsonNode w = api.post(
                        path, "{\"metadata\":{\"name\":\"w\"},\"spec\":{\"size\":1}," + "\"status\":{\"ready\":true}}")
                .expect(201);
        assertTrue(w.path("status").isMissingNode());
        JsonNode s = api.mergePatch(path + "/w/status", "{\"status\":{\"ready\":true}}")
                .expect(200);
        assertTrue(s.path("status").path("ready").asBoolean());
    }

    @Test
    void resourceWithoutStatusSubresourceStoresStatusLikeAnyField() {
        String path = "/apis/example.com/v1/namespaces/default/gadgets";
        JsonNode g = api.post(path, "{\"metadata\":{\"name\":\"g\"},\"status\":{\"ok\":1}}")
                .expect(201);
        assertEquals(1, g.path("status").path("ok").asInt());
        assertEquals(404, api.get(path + "/g/status").status());
        assertEquals(
                2,
                api.mergePatch(path + "/g", "{\"status\":{\"ok\":2}}")
                        .expect(200)
                        .path("status")
                        .path("ok")
                        .asInt());
    }

    @Test
    void statusSubresourceAllowsOnlyGetUpdatePatch() {
        assertEquals(405, api.delete(POD + "/status").status());
        assertEquals(405, api.post(POD + "/status", "{}").status());
    }
}
