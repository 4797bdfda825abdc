package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class CrudTest extends ServedApiTest {
    private static final String PODS = "/api/v1/namespaces/default/pods";

    private static void assertStatus(TestApi.Response r, int code, String reason) {
        assertEquals(code, r.status(), () -> "body: " + r.body());
        JsonNode s = r.json();
        assertEquals("Status", s.path("kind").asString(), r.body());
        assertEquals("Failure", s.path("status").asString());
        assertEquals(code, s.path("code").asInt());
        assertEquals(reason, s.path("reason").asString(), r.body());
    }

    @Test
    void createAssignsUidTimestampResourceVersionAndGeneration() {
        long before = server.resourceVersion();
        JsonNode pod = api.post(PODS, TestObjects.pod("a")).expect(201);
        JsonNode meta = pod.path("metadata");
        assertEquals("a", meta.path("name").asString());
        assertEquals("default", meta.path("namespace").asString());
        assertTrue(meta.path("uid").asString().matches("[0-9a-f-]{36}"), meta.toString());
        assertTrue(meta.path("creationTimestamp").asString().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"));
        assertEquals(before + 1, Long.parseLong(meta.path("resourceVersion").asString()));
        assertEquals(1, meta.path("generation").asInt());
        assertEquals(
                "Pending",
                pod.path("status").path("phase").asString(),
                "pods start Pending, like kube-apiserver's pod strategy");
        assertEquals(pod, api.get(PODS + "/a").expect(200));
    }

    @Test
    void createFillsMissingKindAndApiVersion() {
        JsonNode cm = api.post(
                        "/api/v1/namespaces/default/configmaps",
                        "{\"metadata\":{\"name\":\"x\"},\"data\":{\"k\":\"v\"}}")
                .expect(201);
        assertEquals("ConfigMap", cm.path("kind").asString());
        assertEquals("v1", cm.path("apiVersion").asString());
    }

    @Test
    void generateNamePicksAFreshName() {
        String body = "{\"metadata\":{\"generateName\":\"web-\"},\"spec\":{\"containers\":[]}}";
        String a =
                api.post(PODS, body).expect(201).path("metadata").path("name").asString();
        String b =
                api.post(PODS, body).expect(201).path("metadata").path("name").asString();
        assertTrue(a.matches("web-[a-z0-9]{5}"), a);
        assertNotEquals(a, b);
    }

    @Test
    void createExistingNameIsAlreadyExists() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        TestApi.Response r = api.post(PODS, TestObjects.pod("a"));
        assertStatus(r, 409, "AlreadyExists");
        assertEquals("pods \"a\" already exists", r.json().path("message").asString());
        assertEquals("a", r.json().path("details").path("name").asString());
        assertEquals("pods", r.json().path("details").path("kind").asString());
    }

    @Test
    void getMissingIsNotFoundStatus() {
        TestApi.Response r = api.get(PODS + "/nope");
        assertStatus(r, 404, "NotFound");
        assertEquals("pods \"nope\" not found", r.json().path("message").asString());
    }

    @Test
    void groupResourcesNameTheirGroupInErrors() {
        TestApi.Response r = api.get("/apis/coordination.k8s.io/v1/namespaces/default/leases/x");
        assertStatus(r, 404, "NotFound");
        assertEquals(
                "leases.coordination.k8s.io \"x\" not found",
                r.json().path("message").asString());
        assertEquals(
                "coordination.k8s.io", r.json().path("details").path("group").asString());
    }

    @Test
    void updateWithStaleResourceVersionIsConflict() {
        JsonNode v1 = api.post(PODS, TestObjects.pod("a")).expect(201);
        String fresh = v1.toString().replace("\"c\"", "\"c2\"");
        JsonNode v2 = api.put(PODS + "/a", fresh).expect(200);
        assertTrue(Long.parseLong(v2.path("metadata").path("resourceVersion").asString())
                > Long.parseLong(v1.path("metadata").path("resourceVersion").asString()));
        // v1's resourceVersion is stale now.
        TestApi.Response r = api.put(PODS + "/a", v1.toString().replace("\"c\"", "\"c3\""));
        assertStatus(r, 409, "Conflict");
        assertTrue(r.json()
                .path("message")
                .asString()
                .contains("the object has been modified; please apply your changes to the latest version"));
    }

    @Test
    void updateWithoutResourceVersionIsUnconditional() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        JsonNode r =
                api.put(PODS + "/a", TestObjects.pod("a", Map.of("x", "y"))).expect(200);
        assertEquals("y", r.path("metadata").path("labels").path("x").asString());
    }

    @Test
    void updateKeepsServerOwnedMetadata() {
        JsonNode v1 = api.post(PODS, TestObjects.pod("a")).expect(201);
        String body = "{\"metadata\":{\"name\":\"a\",\"uid\":\""
                + v1.path("metadata").path("uid").asString()
                + "\",\"creationTimestamp\":\"2000-01-01T00:00:00Z\"},\"spec\":{}}";
        JsonNode v2 = api.put(PODS + "/a", body).expect(200);
        assertEquals(
                v1.path("metadata").path("creationTimestamp"),
                v2.path("metadata").path("creationTimestamp"));
        assertEquals("default", v2.path("metadata").path("namespace").asString());
    }

    @Test
    void updateWithOtherUidIsConflict() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        TestApi.Response r = api.put(
                PODS + "/a", "{\"metadata\":{\"name\":\"a\",\"uid\":\"00000000-0000-4000-8000-000000000000\"}}");
        assertStatus(r, 409, "Conflict");
        assertTrue(r.json().path("message").asString().contains("Precondition failed: UID"));
    }

    @Test
    void noOpUpdateKeepsResourceVersionAndEmitsNothing() {
        JsonNode v1 = api.post(PODS, TestObjects.pod("a")).expect(201);
        long rv = server.resourceVersion();
        JsonNode same = api.put(PODS + "/a", v1.toString()).expect(200);
        assertEquals(v1, same);
        assertEquals(rv, server.resourceVersion(), "an unchanged object is not written");
    }

    @Test
    void generationGrowsOnlyWhenSpecChanges() {
        JsonNode v1 = api.post(PODS, TestObjects.pod("a")).expect(201);
        JsonNode labelsOnly = api.mergePatch(PODS + "/a", "{\"metadata\":{\"labels\":{\"k\":\"v\"}}}")
                .expect(200);
        assertEquals(1, labelsOnly.path("metadata").path("generation").asInt());
        JsonNode spec =
                api.mergePatch(PODS + "/a", "{\"spec\":{\"nodeName\":\"n1\"}}").expect(200);
        assertEquals(2, spec.path("metadata").path("generation").asInt());
        assertEquals(v1.path("metadata").path("uid"), spec.path("metadata").path("uid"));
    }

    @Test
    void updateNameMismatchIsBadRequest() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        TestApi.Response r = api.put(PODS + "/a", TestObjects.pod("b"));
        assertStatus(r, 400, "BadRequest");
        assertEquals(
                "the name of the object (b) does not match the name on the URL (a)",
                r.json().path("message").asString());
    }

    @Test
    void namespaceMismatchIsBadRequest() {
        TestApi.Response r = api.post(PODS, "{\"metadata\":{\"name\":\"a\",\"namespace\":\"other\"},\"spec\":{}}");
        assertStatus(r, 400, "BadRequest");
        assertTrue(r.json().path("message").asString().contains("does not match the namespace"));
    }

    @Test
    void malformedBodiesAreBadRequestsWithAMessage() {
        assertStatus(api.post(PODS, "{\"metadata\": {"), 400, "BadRequest");
        assertStatus(api.post(PODS, "[1,2]"), 400, "BadRequest");
        assertStatus(api.post(PODS, ""), 400, "BadRequest");
        assertStatus(api.post(PODS, "{} trailing"), 400, "BadRequest");
        assertStatus(api.post(PODS, "{\"metadata\":\"x\"}"), 400, "BadRequest");
        assertStatus(api.post(PODS, "{\"metadata\":{\"name\":\"a\",\"labels\":{\"k\":1}}}"), 400, "BadRequest");
        TestApi.Response r = api.post(PODS, "{\"metadata\": {");
        assertFalse(r.body().contains("at dev.informer"), "no stack trace in answers");
        // The server still answers afterwards.
        api.post(PODS, TestObjects.pod("ok")).expect(201);
    }

    @Test
    void wrongKindIsBadRequest() {
        TestApi.Response r = api.post(PODS, TestObjects.configMap("a", "k", "v"));
        assertStatus(r, 400, "BadRequest");
        assertTrue(r.json().path("message").asString().contains("ConfigMap"));
    }

    @Test
    void missingOrInvalidNameIsInvalid() {
        TestApi.Response missing = api.post(PODS, "{\"metadata\":{},\"spec\":{}}");
        assertStatus(missing, 422, "Invalid");
        assertEquals(
                "metadata.name",
                missing.json()
                        .path("details")
                        .path("causes")
                        .get(0)
                        .path("field")
                        .asString());
        assertEquals(
                "FieldValueRequired",
                missing.json()
                        .path("details")
                        .path("causes")
                        .get(0)
                        .path("reason")
                        .asString());
        TestApi.Response bad = api.post(PODS, TestObjects.pod("Not_Valid"));
        assertStatus(bad, 422, "Invalid");
        assertTrue(bad.json().path("message").asString().startsWith("Pod \"Not_Valid\" is invalid"), bad.body());
    }

    @Test
    void deleteReturnsTheObjectAndItIsGone() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        JsonNode deleted = api.delete(PODS + "/a").expect(200);
        assertEquals("a", deleted.path("metadata").path("name").asString());
        assertEquals(
                server.resourceVersion(),
                Long.parseLong(deleted.path("metadata").path("resourceVersion").asString()),
                "the deleted object carries the deletion's resourceVersion");
        assertStatus(api.get(PODS + "/a"), 404, "NotFound");
        assertStatus(api.delete(PODS + "/a"), 404, "NotFound");
        api.post(PODS, TestObjects.pod("a")).expect(201);
    }

    @Test
    void deletePreconditionMismatchIsConflict() {
        api.post(PODS, TestObjects.pod("a")).expect(201);
        assertStatus(
                api.delete(
                        PODS + "/a",
                        "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"nope\"}}"),
                409,
                "Conflict");
        api.get(PODS + "/a").expect(200);
    }

    // Creates configmap f held by a finalizer, deletes it with query, and checks the answer's status
    // and that the object stays, marked for deletion.
    private void assertPendingDelete(String query, int status) {
        api.post(
                        "/api/v1/namespaces/default/configmaps",
                        "{\"metadata\":{\"name\":\"f\",\"finalizers\":[\"example.com/hold\"]}}")
                .expect(201);
        TestApi.Response pending = api.delete("/api/v1/namespaces/default/configmaps/f" + query);
        assertEquals(status, pending.status(), pending.body());
        assertFalse(pending.json().path("metadata").path("deletionTimestamp").isMissingNode());
    }

    @Test
    void objectsWithFinalizersAreDeletedWhenTheLastFinalizerGoes() {
        assertPendingDelete("", 200);
        api.get("/api/v1/namespaces/default/configmaps/f").expect(200);
        api.mergePatch("/api/v1/namespaces/default/configmaps/f", "{\"metadata\":{\"finalizers\":null}}")
                .expect(200);
        assertStatus(api.get("/api/v1/namespaces/default/configmaps/f"), 404, "NotFound");
    }

    @Test
    void aPendingDeletionAskedWithOrphanDependentsFalseIsAnsweredWith202() {
        // kube-apiserver's delete handler answers 200 unless the deletion is pending and the deprecated
        // orphanDependents was false.
        assertPendingDelete("?orphanDependents=false", 202);
        api.post("/api/v1/namespaces/default/configmaps", "{\"metadata\":{\"name\":\"g\"}}")
                .expect(201);
        api.delete("/api/v1/namespaces/default/configmaps/g?orphanDependents=false")
                .expect(200);
    }

    @Test
    void podsOnANodeAreDeletedGracefullyUntilGracePeriodZero() {
        api.post(PODS, TestObjects.podOnNode("p", "node-1")).expect(201);
        TestApi.Response graceful = api.delete(PODS + "/p");
        assertEquals(200, graceful.status(), graceful.body());
        assertEquals(
                30,
                graceful.json()
                        .path("metadata")
                        .path("deletionGracePeriodSeconds")
                        .asInt());
        api.get(PODS + "/p").expect(200);
        api.delete(PODS + "/p", "{\"gracePeriodSeconds\":0}").expect(200);
        assertStatus(api.get(PODS + "/p"), 404, "NotFound");
    }

    @Test
    void dryRunDoesNotPersist() {
        long rv = server.resourceVersion();
        api.post(PODS + "?dryRun=All", TestObjects.pod("d")).expect(201);
        assertStatus(api.get(PODS + "/d"), 404, "NotFound");
        assertEquals(rv, server.resourceVersion());
    }

    @Test
    void deleteCollectionDeletesTheSelectedObjects() {
        api.post(PODS, TestObjects.pod("a", Map.of("app", "x"))).expect(201);
        api.post(PODS, TestObjects.pod("b", Map.of("app", "x"))).expect(201);
        api.post(PODS, TestObjects.pod("c", Map.of("app", "y"))).expect(201);
        JsonNode deleted = api.delete(PODS + "?labelSelector=app%3Dx").expect(200);
        assertEquals(2, deleted.path("items").size());
        assertEquals(1, api.get(PODS).expect(200).path("items").size());
    }

    @Test
    void clusterScopedObjectsHaveNoNamespace() {
        JsonNode node = api.post("/api/v1/nodes", "{\"metadata\":{\"name\":\"n1\",\"namespace\":\"ignored\"}}")
                .expect(201);
        assertTrue(node.path("metadata").path("namespace").isMissingNode());
        api.get("/api/v1/nodes/n1").expect(200);
    }

    @Test
    void unknownPathsAndMethodsGetStatuses() {
        assertStatus(api.get("/api/v1/widgets"), 404, "NotFound");
        assertStatus(api.get("/nope"), 404, "NotFound");
        assertStatus(api.get("/api/v1/pods/a"), 404, "NotFound");
        assertStatus(api.get(PODS + "/a/log"), 404, "NotFound");
        assertStatus(api.put(PODS, "{}"), 405, "MethodNotAllowed");
        assertStatus(api.post(PODS + "/a", "{}"), 405, "MethodNotAllowed");
        assertStatus(api.post("/api/v1/pods", TestObjects.pod("a")), 405, "MethodNotAllowed");
        assertStatus(api.delete("/api/v1/namespaces"), 405, "MethodNotAllowed");
    }

    @Test
    void oversizedBodyIsRequestEntityTooLarge() {
        String big = "{\"metadata\":{\"name\":\"big\"},\"data\":{\"k\":\"" + "x".repeat(3_200_000) + "\"}}";
        assertStatus(api.post("/api/v1/namespaces/default/configmaps", big), 413, "RequestEntityTooLarge");
    }

    @Test
    void protobufBodiesAreUnsupportedMediaType() {
        TestApi.Response r = api.send("POST", PODS, "application/vnd.kubernetes.protobuf", "k8s\0x");
        assertStatus(r, 415, "UnsupportedMediaType");
    }

    @Test
    void defaultNamespacesExist() {
        JsonNode list = api.get("/api/v1/namespaces").expect(200);
        assertEquals(4, list.path("items").size());
        assertEquals(
                "Active",
                api.get("/api/v1/namespaces/default")
                        .expect(200)
                        .path("status")
                        .path("phase")
                        .asString());
    }

    @Test
    void healthEndpointsAnswerOk() {
        assertEquals("ok", api.get("/healthz").body());
        assertEquals("ok", api.get("/readyz").body());
    }
}
