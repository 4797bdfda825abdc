package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code managedFields}, {@code fieldManager} and server-side apply conflicts, on a namespaced
 * kind (ConfigMap) and a cluster-scoped one (Namespace).
 */
class FieldManagementTest extends ServedApiTest {
    private static final String CMS = "/api/v1/namespaces/default/configmaps";
    private static final String APPLY = "application/apply-patch+yaml";

    private static String cm(String data) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"},\"data\":" + data + "}";
    }

    private TestApi.Response apply(String path, String manager, String body) {
        return api.patch(path + "?fieldManager=" + manager, APPLY, body);
    }

    /**
     * alice applies {@code aliceBody} to {@code path}, then bob applies {@code bobBody}, which conflicts:
     * asserts the message of bob's 409 and returns its Status.
     */
    private JsonNode assertBobConflictsWithAlice(String path, String aliceBody, String bobBody, String message) {
        apply(path, "alice", aliceBody).expect(201);
        JsonNode status = apply(path, "bob", bobBody).expect(409);
        assertEquals(message, status.path("message").asString());
        return status;
    }

    private static List<String> managers(JsonNode obj) {
        List<String> out = new ArrayList<>();
        obj.path("metadata")
                .path("managedFields")
                .forEach(e -> out.add(
                        e.path("manager").asString() + "/" + e.path("operation").asString()));
        return out;
    }

    private static JsonNode entry(JsonNode obj, String manager) {
        for (JsonNode e : obj.path("metadata").path("managedFields")) {
            if (e.path("manager").asString().equals(manager)) {
                return e;
            }
        }
        throw new AssertionError("no managedFields entry of " + manager + " in " + obj);
    }

    @Test
    void aCreateRecordsItsFieldManagerAndFields() {
        JsonNode created =
                api.post(CMS + "?fieldManager=creator", cm("{\"a\":\"1\"}")).expect(201);
        assertEquals(List.of("creator/Update"), managers(created));
        JsonNode e = entry(created, "creator");
        assertEquals("v1", e.path("apiVersion").asString());
        assertEquals("FieldsV1", e.path("fieldsType").asString());
        assertTrue(e.path("fieldsV1").path("f:data").has("f:a"), e.toString());
        assertTrue(e.has("time"));
    }

    @Test
    void withoutFieldManagerTheUserAgentNamesTheManager() {
        JsonNode created = api.send("POST", CMS, "application/json", cm("{\"a\":\"1\"}"), null)
                .expect(201);
        String manager = created.path("metadata")
                .path("managedFields")
                .path(0)
                .path("manager")
                .asString();
        assertTrue(manager.startsWith("Java-http-client"), manager);
    }

    @Test
    void applyingAFieldAnotherManagerAppliedDifferentlyConflicts() {
        JsonNode status = assertBobConflictsWithAlice(
                CMS + "/c",
                cm("{\"x\":\"1\"}"),
                cm("{\"x\":\"2\"}"),
                "Apply failed with 1 conflict: conflict with \"alice\": .data.x");
        assertEquals("Conflict", status.path("reason").asString());
        JsonNode cause = status.path("details").path("causes").path(0);
        assertEquals("FieldManagerConflict", cause.path("reason").asString());
        assertEquals("conflict with \"alice\"", cause.path("message").asString());
        assertEquals(".data.x", cause.path("field").asString());
        assertEquals("1", api.get(CMS + "/c").expect(200).path("data").path("x").asString());
    }

    @Test
    void conflictsWithSeveralFieldsListThemByManager() {
        assertBobConflictsWithAlice(
                CMS + "/c",
                cm("{\"x\":\"1\",\"y\":\"1\"}"),
                cm("{\"x\":\"2\",\"y\":\"2\"}"),
                "Apply failed with 2 conflicts: conflicts with \"alice\":\n- .data.x\n- .data.y");
    }

    @Test
    void aForcedApplyTakesTheFieldOver() {
        apply(CMS + "/c", "alice", cm("{\"x\":\"1\",\"y\":\"1\"}")).expect(201);
        JsonNode forced = api.patch(CMS + "/c?fieldManager=bob&force=true", APPLY, cm("{\"x\":\"2\"}"))
                .expect(200);
        assertEquals("2", forced.path("data").path("x").asString());
        assertTrue(entry(forced, "bob").path("fieldsV1").path("f:data").has("f:x"));
        JsonNode alice = entry(forced, "alice").path("fieldsV1").path("f:data");
        assertTrue(!alice.has("f:x") && alice.has("f:y"), alice.toString());
    }

    @Test
    void applyingTheSameValueSharesTheField() {
        apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(201);
        JsonNode shared = apply(CMS + "/c", "bob", cm("{\"x\":\"1\"}")).expect(200);
        assertEquals(List.of("alice/Apply", "bob/Apply"), managers(shared));
    }

    @Test
    void anUpdatersFieldConflictsWithItsManagerAndTime() {
        apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(201);
        JsonNode edited = api.mergePatch(CMS + "/c?fieldManager=kubectl-edit", "{\"data\":{\"x\":\"3\"}}")
                .expect(200);
        String time = entry(edited, "kubectl-edit").path("time").asString();
        assertEquals(List.of("kubectl-edit/Update"), managers(edited), "the updater took x over; alice owns nothing");
        JsonNode status = apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(409);
        assertEquals(
                "Apply failed with 1 conflict: conflict with \"kubectl-edit\" using v1 at " + time + ": .data.x",
                status.path("message").asString());
    }

    @Test
    void reapplyingTheSameConfigurationWritesNothing() {
        JsonNode first = apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(201);
        JsonNode again = apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(200);
        assertEquals(
                first.path("metadata").path("resourceVersion"),
                again.path("metadata").path("resourceVersion"));
    }

    @Test
    void aFieldTheManagerStopsApplyingIsRemovedUnlessSomeoneElseOwnsIt() {
        apply(CMS + "/c", "alice", cm("{\"a\":\"1\",\"b\":\"2\",\"c\":\"3\"}")).expect(201);
        apply(CMS + "/c", "bob", cm("{\"c\":\"3\"}")).expect(200); // bob shares c
        JsonNode after = apply(CMS + "/c", "alice", cm("{\"a\":\"1\"}")).expect(200);
        assertEquals("{\"a\":\"1\",\"c\":\"3\"}", after.path("data").toString());
    }

    @Test
    void aContainerTheManagerStopsApplyingIsRemoved() {
        String path = "/api/v1/namespaces/default/pods/p";
        String pod = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":"
                + "[%s]}}";
        String app = "{\"name\":\"app\",\"image\":\"nginx\"}";
        String sidecar = "{\"name\":\"sidecar\",\"image\":\"envoy\"}";
        apply(path, "alice", pod.formatted(app + "," + sidecar)).expect(201);
        JsonNode after = apply(path, "alice", pod.formatted(app)).expect(200);
        JsonNode containers = after.path("spec").path("containers");
        assertEquals(1, containers.size(), containers.toString());
        assertEquals("app", containers.path(0).path("name").asString());
    }

    @Test
    void applyRequiresAFieldManager() {
        JsonNode status = api.patch(CMS + "/c", APPLY, cm("{\"x\":\"1\"}")).expect(422);
        assertEquals(
                "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required for apply patch",
                status.path("message").asString());
    }

    @Test
    void applyConflictsOnAClusterScopedKind() {
        String ns = "/api/v1/namespaces/team";
        String body =
                "{\"apiVersion\":\"v1\",\"kind\":\"Namespace\",\"metadata\":{\"name\":\"team\",\"labels\":{\"owner\":\"%s\"}}}";
        assertBobConflictsWithAlice(
                ns,
                body.formatted("alice"),
                body.formatted("bob"),
                "Apply failed with 1 conflict: conflict with \"alice\": .metadata.labels.owner");
        JsonNode forced = api.patch(ns + "?fieldManager=bob&force=true", APPLY, body.formatted("bob"))
                .expect(200);
        assertEquals("bob", forced.path("metadata").path("labels").path("owner").asString());
    }

    @Test
    void keyedListItemsAreOwnedByTheirMergeKey() {
        String pod = "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"p\"},\"spec\":{\"containers\":"
                + "[{\"name\":\"c\",\"image\":\"%s\"}]}}";
        assertBobConflictsWithAlice(
                "/api/v1/namespaces/default/pods/p",
                pod.formatted("nginx:1"),
                pod.formatted("nginx:2"),
                "Apply failed with 1 conflict: conflict with \"alice\": .spec.containers[name=\"c\"].image");
    }

    @Test
    void dryRunApplyChecksConflictsAndWritesNothing() {
        apply(CMS + "/c", "alice", cm("{\"x\":\"1\"}")).expect(201);
        long rv = server.resourceVersion();
        api.patch(CMS + "/c?fieldManager=bob&dryRun=All", APPLY, cm("{\"x\":\"2\"}"))
                .expect(409);
        JsonNode dry = api.patch(CMS + "/c?fieldManager=bob&dryRun=All&force=true", APPLY, cm("{\"x\":\"2\"}"))
                .expect(200);
        assertEquals("2", dry.path("data").path("x").asString());
        assertEquals(rv, server.resourceVersion());
        JsonNode generated = api.post(
                        CMS + "?dryRun=All",
                        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"generateName\":\"gen-\"}}")
                .expect(201);
        assertTrue(generated.path("metadata").path("name").asString().startsWith("gen-"));
        assertEquals(rv, server.resourceVersion());
    }
}
