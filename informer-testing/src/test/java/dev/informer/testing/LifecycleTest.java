package dev.informer.testing;

import static dev.informer.testing.TestApi.assertRefusal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Lifecycle semantics over HTTP: finalizers, owner references with the in-server garbage
 * collector (Background, Foreground, Orphan) and namespace termination. Cascades are awaited with
 * {@link EmbeddedApiServer#awaitLifecycleIdle}, never with sleeps.
 */
class LifecycleTest extends ServedApiTest {
    private static final String CMS = "/api/v1/namespaces/default/configmaps";
    private static final String PODS = "/api/v1/namespaces/default/pods";
    private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";
    private static final String REPLICASETS = "/apis/apps/v1/namespaces/default/replicasets";
    private static final Duration IDLE = Duration.ofSeconds(10);

    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        // apps/v1 as custom resources unless the server already serves them: the collector is
        // kind-agnostic either way.
        if (ResourceDefinition.builtIns().stream()
                .noneMatch(d -> d.group().equals("apps") && d.plural().equals("deployments"))) {
            builder.register(ResourceDefinition.custom("apps", "v1", "deployments", "Deployment", true));
            builder.register(ResourceDefinition.custom("apps", "v1", "replicasets", "ReplicaSet", true));
        }
        if (ResourceDefinition.builtIns().stream()
                .noneMatch(d -> d.group().isEmpty() && d.plural().equals("replicationcontrollers"))) {
            builder.register(
                    ResourceDefinition.custom("", "v1", "replicationcontrollers", "ReplicationController", true));
        }
        return builder;
    }

    private void awaitIdle() throws InterruptedException {
        assertTrue(server.awaitLifecycleIdle(IDLE), "the lifecycle controllers did not settle");
    }

    /** Asserts that every one of {@code paths} answers 404 NotFound. */
    private void assertGone(String... paths) {
        for (String path : paths) {
            assertEquals(404, api.get(path).status(), path);
        }
    }

    private static String cm(String name, String extraMeta) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\""
                + (extraMeta.isEmpty() ? "" : "," + extraMeta) + "},\"data\":{}}";
    }

    private static String ownerRef(String apiVersion, String kind, JsonNode owner, boolean block) {
        return "{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"" + kind + "\",\"name\":\""
                + owner.path("metadata").path("name").asString() + "\",\"uid\":\""
                + owner.path("metadata").path("uid").asString() + "\",\"controller\":true,\"blockOwnerDeletion\":"
                + block + "}";
    }

    private static String owned(String apiVersion, String kind, String name, String... refs) {
        return "{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name
                + "\",\"ownerReferences\":[" + String.join(",", refs) + "]},\"spec\":"
                + (kind.equals("ReplicaSet") || kind.equals("Deployment") ? workloadSpec(name) : "{}") + "}";
    }

    /** A valid apps/v1 spec (selector matching the template, one container), as validation requires. */
    private static String workloadSpec(String app) {
        return "{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"" + app + "\"}},\"template\":{\"metadata\":"
                + "{\"labels\":{\"app\":\"" + app
                + "\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}}";
    }

    private static String pod(String name, String ref, String extraMeta) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name
                + "\",\"ownerReferences\":[" + ref + "]" + (extraMeta.isEmpty() ? "" : "," + extraMeta)
                + "},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}";
    }

    /** A Deployment, its ReplicaSet and two Pods, each owned (blocking) by the previous. */
    private JsonNode[] chain(String podExtraMeta) {
        JsonNode deploy = api.post(
                        DEPLOYMENTS,
                        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
                                + "\"spec\":" + workloadSpec("web") + "}")
                .expect(201);
        JsonNode rs = api.post(
                        REPLICASETS,
                        owned("apps/v1", "ReplicaSet", "web-5d4f", ownerRef("apps/v1", "Deployment", deploy, true)))
                .expect(201);
        JsonNode p1 = api.post(PODS, pod("web-5d4f-a", ownerRef("apps/v1", "ReplicaSet", rs, true), podExtraMeta))
                .expect(201);
        JsonNode p2 = api.post(PODS, pod("web-5d4f-b", ownerRef("apps/v1", "ReplicaSet", rs, true), ""))
                .expect(201);
        return new JsonNode[] {deploy, rs, p1, p2};
    }

    private static List<String> finalizers(JsonNode obj) {
        List<String> out = new ArrayList<>();
        obj.path("metadata").path("finalizers").forEach(f -> out.add(f.asString()));
        return out;
    }

    // ---------------------------------------------------------------- finalizers

    @Test
    void deleteOfAnObjectWithFinalizersMarksItTerminatingAndKeepsIt() throws Exception {
        JsonNode created = api.post(CMS, cm("held", "\"finalizers\":[\"example.com/hold\"]"))
                .expect(201);
        try (WatchStream w = api.watch(CMS + "?resourceVersion="
                + created.path("metadata").path("resourceVersion").asString())) {
            JsonNode deleted = api.delete(CMS + "/held").expect(200);
            JsonNode meta = deleted.path("metadata");
            assertFalse(meta.path("deletionTimestamp").isMissingNode(), deleted.toString());
            assertEquals(0, meta.path("deletionGracePeriodSeconds").asInt(-1));
            assertEquals(2, meta.path("generation").asInt(), "kube's markAsDeleting bumps the generation");
            assertEquals(List.of("example.com/hold"), finalizers(deleted));
            JsonNode modified = w.expect("MODIFIED", "held");
            assertEquals(
                    meta.path("deletionTimestamp"), modified.path("metadata").path("deletionTimestamp"));
            assertEquals(deleted, api.get(CMS + "/held").expect(200));
        }
    }

    @Test
    void removingTheLastFinalizerDeletesTheObject() throws Exception {
        api.post(CMS, cm("held", "\"finalizers\":[\"example.com/a\",\"example.com/b\"]"))
                .expect(201);
        JsonNode terminating = api.delete(CMS + "/held").expect(200);
        try (WatchStream w = api.watch(CMS + "?resourceVersion="
                + terminating.path("metadata").path("resourceVersion").asString())) {
            api.mergePatch(CMS + "/held", "{\"metadata\":{\"finalizers\":[\"example.com/b\"]}}")
                    .expect(200);
            assertEquals(List.of("example.com/b"), finalizers(w.expect("MODIFIED", "held")));
            api.mergePatch(CMS + "/held", "{\"metadata\":{\"finalizers\":null}}")
                    .expect(200);
            w.expect("DELETED", "held");
        }
        assertGone(CMS + "/held");
    }

    @Test
    void deleteOfAnObjectThatIsAlreadyTerminatingChangesNothing() {
        api.post(CMS, cm("held", "\"finalizers\":[\"example.com/hold\"]")).expect(201);
        JsonNode first = api.delete(CMS + "/held").expect(200);
        long rv = server.resourceVersion();
        JsonNode second = api.delete(CMS + "/held").expect(200);
        assertEquals(first, second);
        assertEquals(rv, server.resourceVersion(), "no write");
    }

    @Test
    void addingAFinalizerToATerminatingObjectIsForbidden() {
        api.post(CMS, cm("held", "\"finalizers\":[\"example.com/hold\"]")).expect(201);
        api.delete(CMS + "/held").expect(200);
        JsonNode status = api.mergePatch(
                        CMS + "/held", "{\"metadata\":{\"finalizers\":[\"example.com/hold\",\"example.com/late\"]}}")
                .expect(422);
        assertRefusal(
                status,
                "Invalid",
                "ConfigMap \"held\" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the"
                        + " object is being deleted, found new finalizers []string{\"example.com/late\"}");
        assertEquals(
                List.of("example.com/hold"), finalizers(api.get(CMS + "/held").expect(200)));
    }

    @Test
    void dryRunDeleteOfAnObjectWithFinalizersWritesNothing() {
        api.post(CMS, cm("held", "\"finalizers\":[\"example.com/hold\"]")).expect(201);
        long rv = server.resourceVersion();
        JsonNode answer = api.delete(CMS + "/held?dryRun=All").expect(200);
        assertFalse(answer.path("metadata").path("deletionTimestamp").isMissingNode());
        assertEquals(rv, server.resourceVersion());
        assertTrue(api.get(CMS + "/held")
                .expect(200)
                .path("metadata")
                .path("deletionTimestamp")
                .isMissingNode());
    }

    // ---------------------------------------------------------------- garbage collection

    @Test
    void backgroundDeletionOfADeploymentCollectsItsReplicaSetAndPods() throws Exception {
        chain("");
        api.delete(DEPLOYMENTS + "/web").expect(200);
        awaitIdle();
        assertGone(REPLICASETS + "/web-5d4f", PODS + "/web-5d4f-a", PODS + "/web-5d4f-b");
    }

    @Test
    void foregroundDeletionKeepsTheOwnerUntilItsBlockingDependentsAreGone() throws Exception {
        chain("\"finalizers\":[\"example.com/hold\"]");
        JsonNode owner =
                api.delete(DEPLOYMENTS + "/web?propagationPolicy=Foreground").expect(200);
        assertEquals(List.of("foregroundDeletion"), finalizers(owner));
        assertFalse(owner.path("metadata").path("deletionTimestamp").isMissingNode());
        awaitIdle();
        // The held pod blocks the ReplicaSet (deleted in the foreground too, as it has dependents),
        // which blocks the Deployment.
        assertGone(PODS + "/web-5d4f-b");
        JsonNode held = api.get(PODS + "/web-5d4f-a").expect(200);
        assertFalse(held.path("metadata").path("deletionTimestamp").isMissingNode());
        assertEquals(
                List.of("foregroundDeletion"),
                finalizers(api.get(REPLICASETS + "/web-5d4f").expect(200)));
        assertEquals(
                List.of("foregroundDeletion"),
                finalizers(api.get(DEPLOYMENTS + "/web").expect(200)));

        api.mergePatch(PODS + "/web-5d4f-a", "{\"metadata\":{\"finalizers\":null}}")
                .expect(200);
        awaitIdle();
        assertGone(PODS + "/web-5d4f-a", REPLICASETS + "/web-5d4f", DEPLOYMENTS + "/web");
    }

    @Test
    void foregroundDeletionDoesNotWaitForNonBlockingDependents() throws Exception {
        JsonNode owner = api.post(CMS, cm("owner", "")).expect(201);
        api.post(PODS, pod("held", ownerRef("v1", "ConfigMap", owner, false), "\"finalizers\":[\"example.com/hold\"]"))
                .expect(201);
        api.delete(
                        CMS + "/owner",
                        "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"propagationPolicy\":\"Foreground\"}")
                .expect(200);
        awaitIdle();
        assertGone(CMS + "/owner");
        assertFalse(api.get(PODS + "/held")
                .expect(200)
                .path("metadata")
                .path("deletionTimestamp")
                .isMissingNode());
    }

    @Test
    void orphanDeletionRemovesTheOwnerReferencesAndKeepsTheDependents() throws Exception {
        JsonNode[] c = chain("");
        JsonNode owner =
                api.delete(DEPLOYMENTS + "/web?propagationPolicy=Orphan").expect(200);
        assertEquals(List.of("orphan"), finalizers(owner));
        awaitIdle();
        assertGone(DEPLOYMENTS + "/web");
        JsonNode rs = api.get(REPLICASETS + "/web-5d4f").expect(200);
        assertTrue(rs.path("metadata").path("ownerReferences").isMissingNode(), rs.toString());
        assertTrue(rs.path("metadata").path("deletionTimestamp").isMissingNode());
        JsonNode pod = api.get(PODS + "/web-5d4f-a").expect(200);
        assertEquals(
                c[1].path("metadata").path("uid"),
                pod.path("metadata").path("ownerReferences").path(0).path("uid"));
    }

    @Test
    void theDeprecatedOrphanDependentsOptionOrphans() throws Exception {
        chain("");
        api.delete(DEPLOYMENTS + "/web", "{\"orphanDependents\":true}").expect(200);
        awaitIdle();
        assertGone(DEPLOYMENTS + "/web");
        api.get(REPLICASETS + "/web-5d4f").expect(200);
    }

    @Test
    void orphaningSkipsAnOwnerReferenceWithoutUidAndFinishesTheDeletion() throws Exception {
        JsonNode owner = api.post(CMS, cm("owner", "")).expect(201);
        // The API server does not validate ownerReferences: one without a uid names no owner.
        String noUid = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"name\":\"ghost\"}";
        api.post(
                        CMS,
                        cm(
                                "dependent",
                                "\"ownerReferences\":[" + ownerRef("v1", "ConfigMap", owner, false) + "," + noUid
                                        + "]"))
                .expect(201);
        api.delete(CMS + "/owner?propagationPolicy=Orphan").expect(200);
        awaitIdle();
        assertEquals(404, api.get(CMS + "/owner").status(), "the orphan finalizer was not removed");
        JsonNode refs = api.get(CMS + "/dependent").expect(200).path("metadata").path("ownerReferences");
        assertEquals(1, refs.size(), refs.toString());
        assertEquals("ghost", refs.path(0).path("name").asString());
    }

    @Test
    void aReplicationControllerOrphansItsPodsByDefaultAsInKube() throws Exception {
        String rcs = "/api/v1/namespaces/default/replicationcontrollers";
        JsonNode rc = api.post(
                        rcs,
                        "{\"apiVersion\":\"v1\",\"kind\":\"ReplicationController\",\"metadata\":{\"name\":\"rc\"},"
                                + "\"spec\":{\"selector\":{\"app\":\"rc\"},\"template\":{\"metadata\":{\"labels\":{\"app\":\"rc\"}},"
                                + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"busybox\"}]}}}}")
                .expect(201);
        api.post(PODS, pod("rc-pod", ownerRef("v1", "ReplicationController", rc, true), ""))
                .expect(201);
        assertEquals(List.of("orphan"), finalizers(api.delete(rcs + "/rc").expect(200)));
        awaitIdle();
        assertGone(rcs + "/rc");
        assertTrue(api.get(PODS + "/rc-pod")
                .expect(200)
                .path("metadata")
                .path("ownerReferences")
                .isMissingNode());
    }

    @Test
    void aDependentWhoseOwnersAreAllGoneIsCollected() throws Exception {
        JsonNode owner = api.post(CMS, cm("owner", "")).expect(201);
        api.delete(CMS + "/owner").expect(200);
        api.post(PODS, pod("orphan-born", ownerRef("v1", "ConfigMap", owner, false), ""))
                .expect(201);
        awaitIdle();
        assertGone(PODS + "/orphan-born");
    }

    @Test
    void anOwnerReferenceMatchesByUidNotByName() throws Exception {
        JsonNode first = api.post(CMS, cm("owner", "")).expect(201);
        api.delete(CMS + "/owner").expect(200);
        api.post(CMS, cm("owner", "")).expect(201); // same name, another uid
        api.post(PODS, pod("p", ownerRef("v1", "ConfigMap", first, false), "")).expect(201);
        awaitIdle();
        assertGone(PODS + "/p");
    }

    @Test
    void aDependentWithALiveOwnerLosesOnlyItsDanglingReference() throws Exception {
        JsonNode live = api.post(CMS, cm("live", "")).expect(201);
        JsonNode gone = api.post(CMS, cm("gone", "")).expect(201);
        api.post(
                        PODS,
                        pod(
                                "p",
                                ownerRef("v1", "ConfigMap", live, false) + ","
                                        + ownerRef("v1", "ConfigMap", gone, false),
                                ""))
                .expect(201);
        api.delete(CMS + "/gone").expect(200);
        awaitIdle();
        JsonNode refs = api.get(PODS + "/p").expect(200).path("metadata").path("ownerReferences");
        assertEquals(1, refs.size(), refs.toString());
        assertEquals("live", refs.path(0).path("name").asString());
    }

    @Test
    void anUnknownPropagationPolicyIsInvalid() {
        api.post(CMS, cm("x", "")).expect(201);
        JsonNode status = api.delete(CMS + "/x?propagationPolicy=Sideways").expect(422);
        assertEquals(
                "DeleteOptions.meta.k8s.io \"\" is invalid: propagationPolicy: Unsupported value: \"Sideways\":"
                        + " supported values: \"Foreground\", \"Background\", \"Orphan\"",
                status.path("message").asString());
        api.get(CMS + "/x").expect(200);
    }

    // ---------------------------------------------------------------- namespaces

    @Test
    void namespacesAreCreatedWithTheKubernetesFinalizer() {
        JsonNode ns = api.post("/api/v1/namespaces", "{\"metadata\":{\"name\":\"team\"}}")
                .expect(201);
        assertEquals("kubernetes", ns.path("spec").path("finalizers").path(0).asString());
        JsonNode updated = api.mergePatch("/api/v1/namespaces/team", "{\"spec\":{\"finalizers\":[]}}")
                .expect(200);
        assertEquals(
                "kubernetes",
                updated.path("spec").path("finalizers").path(0).asString(),
                "only the namespace controller removes it");
    }

    @Test
    void deletingANamespaceTerminatesItDeletesItsContentsThenTheNamespace() throws Exception {
        String ns = "/api/v1/namespaces/team";
        api.post("/api/v1/namespaces", "{\"metadata\":{\"name\":\"team\"}}").expect(201);
        api.post(ns + "/configmaps", cm("plain", "")).expect(201);
        api.post(ns + "/configmaps", cm("held", "\"finalizers\":[\"example.com/hold\"]"))
                .expect(201);
        api.post(ns + "/pods", TestObjects.pod("p")).expect(201);
        api.post(CMS, cm("elsewhere", "")).expect(201);

        JsonNode terminating = api.delete(ns).expect(200);
        assertEquals("Terminating", terminating.path("status").path("phase").asString());
        assertFalse(terminating.path("metadata").path("deletionTimestamp").isMissingNode());
        awaitIdle();

        assertGone(ns + "/configmaps/plain", ns + "/pods/p");
        assertFalse(api.get(ns + "/configmaps/held")
                .expect(200)
                .path("metadata")
                .path("deletionTimestamp")
                .isMissingNode());
        JsonNode waiting = api.get(ns).expect(200);
        assertEquals("Terminating", waiting.path("status").path("phase").asString());
        assertEquals(
                "kubernetes", waiting.path("spec").path("finalizers").path(0).asString());
        api.get(CMS + "/elsewhere").expect(200);

        api.mergePatch(ns + "/configmaps/held", "{\"metadata\":{\"finalizers\":null}}")
                .expect(200);
        awaitIdle();
        assertGone(ns);
    }

    @Test
    void creatingInATerminatingNamespaceIsForbidden() throws Exception {
        String ns = "/api/v1/namespaces/team";
        api.post("/api/v1/namespaces", "{\"metadata\":{\"name\":\"team\"}}").expect(201);
        api.post(ns + "/configmaps", cm("held", "\"finalizers\":[\"example.com/hold\"]"))
                .expect(201);
        api.delete(ns).expect(200);
        awaitIdle();
        JsonNode status = api.post(ns + "/configmaps", cm("late", "")).expect(403);
        assertRefusal(
                status,
                "Forbidden",
                "configmaps \"late\" is forbidden: unable to create new content in namespace team because it is being"
                        + " terminated");
        assertEquals(
                "NamespaceTerminating",
                status.path("details").path("causes").path(0).path("reason").asString());
    }

    @Test
    void theBuiltInNamespacesCannotBeDeleted() {
        JsonNode status = api.delete("/api/v1/namespaces/kube-system").expect(403);
        assertEquals(
                "namespaces \"kube-system\" is forbidden: this namespace may not be deleted",
                status.path("message").asString());
        assertTrue(api.get("/api/v1/namespaces/kube-system")
                .expect(200)
                .path("metadata")
                .path("deletionTimestamp")
                .isMissingNode());
    }

    // ---------------------------------------------------------------- generateName, dryRun

    @Test
    void generateNameAndDryRunWorkOnClusterScopedKinds() {
        JsonNode dry = api.post("/api/v1/namespaces?dryRun=All", "{\"metadata\":{\"generateName\":\"tmp-\"}}")
                .expect(201);
        String name = dry.path("metadata").path("name").asString();
        assertTrue(name.startsWith("tmp-") && name.length() == 9, name);
        assertGone("/api/v1/namespaces/" + name);
        JsonNode real = api.post("/api/v1/namespaces", "{\"metadata\":{\"generateName\":\"tmp-\"}}")
                .expect(201);
        api.get("/api/v1/namespaces/" + real.path("metadata").path("name").asString())
                .expect(200);
    }
}
