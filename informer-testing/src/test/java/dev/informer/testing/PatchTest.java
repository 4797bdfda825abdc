package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PatchTest extends ServedApiTest {
    private static final String POD = "/api/v1/namespaces/default/pods/p";

    @BeforeEach
    void seed() {
        server.create(
                "pods",
                "default",
                "{\"metadata\":{\"name\":\"p\",\"labels\":{\"a\":\"1\"}},"
                        + "\"spec\":{\"containers\":[{\"name\":\"app\",\"image\":\"app:1\"},"
                        + "{\"name\":\"sidecar\",\"image\":\"proxy:1\"}]}}");
    }

    @Test
    void mergePatchMergesMapsAndDeletesWithNull() {
        JsonNode p = api.mergePatch(POD, "{\"metadata\":{\"labels\":{\"a\":null,\"b\":\"2\"}}}")
                .expect(200);
        assertTrue(p.path("metadata").path("labels").path("a").isMissingNode());
        assertEquals("2", p.path("metadata").path("labels").path("b").asString());
    }

    @Test
    void strategicMergePatchMergesContainersByName() {
        JsonNode p = api.patch(
                        POD,
                        "application/strategic-merge-patch+json",
                        "{\"spec\":{\"containers\":[{\"name\":\"sidecar\",\"image\":\"proxy:2\"}]}}")
                .expect(200);
        JsonNode containers = p.path("spec").path("containers");
        assertEquals(2, containers.size(), "the list is merged by name, not replaced");
        assertEquals("app:1", containers.get(0).path("image").asString());
        assertEquals("proxy:2", containers.get(1).path("image").asString());
    }

    @Test
    void jsonPatchAppliesOperationsAndFailedTestIsInvalid() {
        JsonNode p = api.patch(
                        POD,
                        "application/json-patch+json",
                        "[{\"op\":\"add\",\"path\":\"/metadata/labels/c\",\"value\":\"3\"},"
                                + "{\"op\":\"replace\",\"path\":\"/spec/containers/0/image\",\"value\":\"app:2\"}]")
                .expect(200);
        assertEquals("3", p.path("metadata").path("labels").path("c").asString());
        assertEquals(
                "app:2", p.path("spec").path("containers").get(0).path("image").asString());
        TestApi.Response failed = api.patch(
                POD,
                "application/json-patch+json",
                "[{\"op\":\"test\",\"path\":\"/metadata/labels/a\",\"value\":\"wrong\"}]");
        assertEquals(422, failed.status(), failed.body());
        assertEquals("Invalid", failed.json().path("reason").asString());
        assertEquals(
                400,
                api.patch(POD, "application/json-patch+json", "{\"op\":\"add\"}")
                        .status());
    }

    @Test
    void serverSideApplyCreatesThenOwnsExactlyTheAppliedFields() {
        String path = "/api/v1/namespaces/default/configmaps/applied?fieldManager=test";
        TestApi.Response created = api.patch(
                path,
                "application/apply-patch+yaml",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"applied\"},"
                        + "\"data\":{\"a\":\"1\"}}");
        assertEquals(201, created.status(), created.body());
        JsonNode merged = api.patch(
                        path,
                        "application/apply-patch+yaml",
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"applied\"},"
                                + "\"data\":{\"b\":\"2\"}}")
                .expect(200);
        // As kube-apiserver: the manager stopped applying a, which nobody else owns, so it goes.
        assertTrue(merged.path("data").path("a").isMissingNode(), merged.toString());
        assertEquals("2", merged.path("data").path("b").asString());
    }

    @Test
    void patchWithAStaleResourceVersionIsConflict() {
        TestApi.Response r =
                api.mergePatch(POD, "{\"metadata\":{\"resourceVersion\":\"1\"," + "\"labels\":{\"x\":\"y\"}}}");
        assertEquals(409, r.status(), r.body());
        assertEquals("Conflict", r.json().path("reason").asString());
    }

    @Test
    void patchThatRenamesTheObjectIsBadRequest() {
        assertEquals(
                400, api.mergePatch(POD, "{\"metadata\":{\"name\":\"other\"}}").status());
    }

    @Test
    void unknownPatchTypesAndMissingObjectsFail() {
        TestApi.Response r = api.patch(POD, "application/xml", "<x/>");
        assertEquals(415, r.status(), r.body());
        assertEquals("UnsupportedMediaType", r.json().path("reason").asString());
        assertEquals(
                404,
                api.mergePatch("/api/v1/namespaces/default/pods/none", "{}").status());
        assertEquals(400, api.mergePatch(POD, "{broken").status());
        assertEquals(
                400,
                api.patch(POD, "application/strategic-merge-patch+json", "[1]").status());
    }

    @Test
    void aPatchThatChangesNothingKeepsTheResourceVersion() {
        long rv = server.resourceVersion();
        api.mergePatch(POD, "{\"metadata\":{\"labels\":{\"a\":\"1\"}}}").expect(200);
        assertEquals(rv, server.resourceVersion());
    }
}
