package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class DiscoveryTest extends ServedApiTest {
    private static final String TABLE_ACCEPT = "application/json;as=Table;v=v1;g=meta.k8s.io,"
            + "application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.register(ResourceDefinition.custom("example.com", "v1", "widgets", "Widget", false)
                .withShortNames("wg")
                .withStatusSubresource());
    }

    private static JsonNode resource(JsonNode list, String name) {
        for (JsonNode r : list.path("resources")) {
            if (r.path("name").asString().equals(name)) {
                return r;
            }
        }
        throw new AssertionError(name + " not in " + list);
    }

    @Test
    void versionNamesAKubernetesRelease() {
        JsonNode v = api.get("/version").expect(200);
        assertEquals("1", v.path("major").asString());
        assertTrue(v.path("gitVersion").asString().startsWith("v1."));
    }

    @Test
    void coreGroupListsItsResourcesWithVerbsScopeAndSubresources() {
        JsonNode versions = api.get("/api").expect(200);
        assertEquals("APIVersions", versions.path("kind").asString());
        assertEquals("v1", versions.path("versions").get(0).asString());
        JsonNode v1 = api.get("/api/v1").expect(200);
        assertEquals("APIResourceList", v1.path("kind").asString());
        assertEquals("v1", v1.path("groupVersion").asString());
        JsonNode pods = resource(v1, "pods");
        assertEquals("Pod", pods.path("kind").asString());
        assertEquals("pod", pods.path("singularName").asString());
        assertTrue(pods.path("namespaced").asBoolean());
        assertEquals("po", pods.path("shortNames").get(0).asString());
        List<String> verbs = new ArrayList<>();
        pods.path("verbs").forEach(x -> verbs.add(x.asString()));
        assertEquals(ResourceDefinition.ALL_VERBS, verbs);
        JsonNode status = resource(v1, "pods/status");
        assertEquals(3, status.path("verbs").size());
        assertTrue(!resource(v1, "nodes").path("namespaced").asBoolean());
        for (String r : List.of("namespaces", "configmaps", "secrets", "events")) {
            resource(v1, r);
        }
    }

    @Test
    void namedGroupsIncludeLeasesAndRegisteredResources() {
        JsonNode groups = api.get("/apis").expect(200);
        List<String> names = new ArrayList<>();
        groups.path("groups").forEach(g -> names.add(g.path("name").asString()));
        assertEquals(
                List.of(
                        "coordination.k8s.io",
                        "apps",
                        "batch",
                        "discovery.k8s.io",
                        "networking.k8s.io",
                        "policy",
                        "rbac.authorization.k8s.io",
                        "events.k8s.io",
                        "autoscaling",
                        "storage.k8s.io",
                        "apiextensions.k8s.io",
                        "example.com"),
                names);
        JsonNode group = api.get("/apis/example.com").expect(200);
        assertEquals("APIGroup", group.path("kind").asString());
        assertEquals(
                "example.com/v1",
                group.path("preferredVersion").path("groupVersion").asString());
        JsonNode widgets = resource(api.get("/apis/example.com/v1").expect(200), "widgets");
        assertEquals("Widget", widgets.path("kind").asString());
        assertTrue(!widgets.path("namespaced").asBoolean());
        resource(api.get("/apis/example.com/v1").expect(200), "widgets/status");
        resource(api.get("/apis/coordination.k8s.io/v1").expect(200), "leases");
    }

    @Test
    void unknownGroupsAndVersionsAreNotFound() {
        assertEquals(404, api.get("/apis/nope.io").status());
        assertEquals(404, api.get("/apis/example.com/v2").status());
        assertEquals(404, api.get("/api/v2").status());
        assertEquals(405, api.post("/api", "{}").status());
    }

    @Test
    void openApiV3AdvertisesServerSideFieldValidation() {
        JsonNode root = api.get("/openapi/v3").expect(200);
        assertTrue(root.path("paths").has("api/v1"));
        assertTrue(root.path("paths").has("apis/example.com/v1"));
        String url = root.path("paths").path("api/v1").path("serverRelativeURL").asString();
        JsonNode doc = api.get(url).expect(200);
        JsonNode patch = doc.path("paths")
                .path("/api/v1/namespaces/{namespace}/pods/{name}")
                .path("patch");
        assertEquals(
                "Pod",
                patch.path("x-kubernetes-group-version-kind").path("kind").asString());
        boolean fieldValidation = false;
        for (JsonNode p : patch.path("parameters")) {
            fieldValidation |= p.path("name").asString().equals("fieldValidation");
        }
        assertTrue(fieldValidation);
        assertEquals(404, api.get("/openapi/v2").status());
    }

    @Test
    void tablesAreServedWhenAsked() {
        server.create("pods", "default", TestObjects.podOnNode("p", "node-1"));
        JsonNode table = api.send("GET", "/api/v1/namespaces/default/pods", null, null, TABLE_ACCEPT)
                .expect(200);
        assertEquals("Table", table.path("kind").asString());
        assertEquals("meta.k8s.io/v1", table.path("apiVersion").asString());
        assertEquals("Name", table.path("columnDefinitions").get(0).path("name").asString());
        JsonNode row = table.path("rows").get(0);
        assertEquals("p", row.path("cells").get(0).asString());
        assertEquals("0/1", row.path("cells").get(1).asString());
        assertEquals("Pending", row.path("cells").get(2).asString());
        assertEquals("node-1", row.path("cells").get(6).asString());
        assertEquals("PartialObjectMetadata", row.path("object").path("kind").asString());
        JsonNode one = api.send("GET", "/api/v1/nodes/missing", null, null, TABLE_ACCEPT)
                .json();
        assertEquals("Status", one.path("kind").asString());
        JsonNode plain = api.get("/api/v1/namespaces/default/pods").expect(200);
        assertEquals("PodList", plain.path("kind").asString());
    }

    @Test
    void clashingRegistrationsAreRejectedAtStart() {
        EmbeddedApiServer.Builder b =
                EmbeddedApiServer.builder().register(ResourceDefinition.custom("", "v1", "pods", "Other", true));
        IllegalArgumentException e =
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, b::start);
        assertTrue(e.getMessage().contains("pods"), e.getMessage());
        EmbeddedApiServer.Builder kinds =
                EmbeddedApiServer.builder().register(ResourceDefinition.custom("", "v1", "pods2", "Pod", true));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, kinds::start)
                .getMessage()
                .contains("kind Pod"));
    }
}
