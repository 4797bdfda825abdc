package dev.informer.testing;

import static dev.informer.testing.TestApi.assertRefusal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The built-in kinds beyond the core seven: discovery, every verb, watch, paging and selectors for
 * each (one sample manifest per kind under {@code builtin-kinds/}), and the per-kind strategies.
 */
class BuiltInKindsTest extends ServedApiTest {
    private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";
    private static final String SERVICES = "/api/v1/namespaces/default/services";

    static Stream<ResourceDefinition> kinds() {
        return BuiltInResources.all().stream();
    }

    /** The sample manifest of a kind (test resources), named "sample", labelled suite=kinds. */
    static String manifest(ResourceDefinition def) {
        String file = "/builtin-kinds/" + def.plural() + ".json";
        try (InputStream in = BuiltInKindsTest.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("no sample manifest " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
        }
    }

    private static String collection(ResourceDefinition def) {
        String prefix = def.group().isEmpty() ? "/api/v1" : "/apis/" + def.group() + "/" + def.version();
        return prefix + (def.namespaced() ? "/namespaces/default/" : "/") + def.plural();
    }

    /**
     * Creates the sample {@code manifest} in {@code collection}, then merge-patches it with {@code
     * patch}, which must be refused: the Status of the 422.
     */
    private JsonNode refusedPatchOfSample(String collection, String manifest, String patch) {
        api.post(collection, manifest).expect(201);
        return api.mergePatch(collection + "/sample", patch).expect(422);
    }

    /** Asserts that the message of {@code status} contains every one of {@code parts}. */
    private static void assertMessageContains(JsonNode status, String... parts) {
        for (String part : parts) {
            assertTrue(status.path("message").asString().contains(part), status.toString());
        }
    }

    private static String renamed(String manifest, String name) {
        ObjectNode o = (ObjectNode) TestApi.JSON.readTree(manifest);
        ((ObjectNode) o.get("metadata")).put("name", name);
        return o.toString();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyKindIsDiscoverable(ResourceDefinition def) {
        String gv = def.group().isEmpty() ? "/api/v1" : "/apis/" + def.group() + "/" + def.version();
        JsonNode list = api.get(gv).expect(200);
        JsonNode found = null;
        for (JsonNode r : list.path("resources")) {
            if (r.path("name").asString().equals(def.plural())) {
                found = r;
            }
        }
        assertTrue(found != null, def.plural() + " missing from " + gv);
        assertEquals(def.kind(), found.path("kind").asString());
        assertEquals(def.namespaced(), found.path("namespaced").asBoolean());
        List<String> shortNames = new ArrayList<>();
        found.path("shortNames").forEach(s -> shortNames.add(s.asString()));
        assertEquals(def.shortNames(), shortNames);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void everyKindServesEveryVerbWatchPagingAndSelectors(ResourceDefinition def) throws InterruptedException {
        String base = collection(def);
        String sample = manifest(def);
        JsonNode created = api.post(base, sample).expect(201);
        long createdRv =
                Long.parseLong(created.path("metadata").path("resourceVersion").asString());
        api.post(base, renamed(sample, "sample-2")).expect(201);
        assertEquals(
                "sample",
                api.get(base + "/sample")
                        .expect(200)
                        .path("metadata")
                        .path("name")
                        .asString());

        JsonNode page1 = api.get(base + "?limit=1").expect(200);
        assertEquals(1, page1.path("items").size());
        String token = page1.path("metadata").path("continue").asString();
        assertFalse(token.isEmpty(), "a first page of two objects has a continue token");
        JsonNode page2 =
                api.get(base + "?limit=1&continue=" + TestApi.enc(token)).expect(200);
        assertEquals(
                "sample-2",
                page2.path("items").get(0).path("metadata").path("name").asString());

        assertEquals(
                2,
                api.get(base + "?labelSelector=suite%3Dkinds")
                        .expect(200)
                        .path("items")
                        .size());
        assertEquals(
                0,
                api.get(base + "?labelSelector=suite%3Dother")
                        .expect(200)
                        .path("items")
                        .size());
        JsonNode byName =
                api.get(base + "?fieldSelector=metadata.name%3Dsample-2").expect(200);
        assertEquals(1, byName.path("items").size());
        String ns = def.namespaced() ? "default" : "";
        assertEquals(
                2,
                api.get(base + "?fieldSelector=metadata.namespace%3D" + ns)
                        .expect(200)
                        .path("items")
                        .size());

        try (WatchStream w = api.watch(base + "?resourceVersion=" + createdRv)) {
            w.expect("ADDED", "sample-2");
            api.mergePatch(base + "/sample", "{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}")
                    .expect(200);
            JsonNode modified = w.expect("MODIFIED", "sample");
            assertEquals(
                    "yes",
                    modified.path("metadata").path("labels").path("patched").asString());
            JsonNode deleted = api.delete(base + "/sample").expect(200);
            // Where deletion is pending (still 200, as kube-apiserver): a ReplicationController
            // orphans its pods by default, so it goes once the garbage collector has handled its
            // orphan finalizer.
            if (deleted.path("metadata").has("deletionTimestamp")) {
                w.expect("MODIFIED", "sample"); // deletionTimestamp and the orphan finalizer
            }
            w.expect("DELETED", "sample");
        }
        assertEquals(404, api.get(base + "/sample").status());
        api.delete(base + "?labelSelector=suite%3Dkinds").expect(200);
        // A ReplicationController's deletion stays pending until the garbage collector has handled
        // its orphan finalizer, so the list is empty once the lifecycle controllers settle.
        assertTrue(server.awaitLifecycleIdle(Duration.ofSeconds(10)), "the lifecycle controllers did not settle");
        assertEquals(0, api.get(base).expect(200).path("items").size());
    }

    @Test
    void discoveryAdvertisesScaleAsAutoscalingV1AndTheAllCategory() {
        JsonNode apps = api.get("/apis/apps/v1").expect(200);
        JsonNode scale = null;
        JsonNode deployments = null;
        for (JsonNode r : apps.path("resources")) {
            if (r.path("name").asString().equals("deployments/scale")) {
                scale = r;
            }
            if (r.path("name").asString().equals("deployments")) {
                deployments = r;
            }
        }
        assertTrue(scale != null && deployments != null, apps.toString());
        assertEquals("autoscaling", scale.path("group").asString());
        assertEquals("v1", scale.path("version").asString());
        assertEquals("Scale", scale.path("kind").asString());
        assertEquals("all", deployments.path("categories").get(0).asString());
    }

    @Test
    void deploymentGetsKubeApiserverDefaults() {
        JsonNode d =
                api.post(DEPLOYMENTS, manifest(BuiltInResources.DEPLOYMENTS)).expect(201);
        JsonNode spec = d.path("spec");
        assertEquals(1, spec.path("replicas").asInt());
        assertEquals("RollingUpdate", spec.path("strategy").path("type").asString());
        assertEquals(
                "25%",
                spec.path("strategy")
                        .path("rollingUpdate")
                        .path("maxUnavailable")
                        .asString());
        assertEquals(
                "25%",
                spec.path("strategy").path("rollingUpdate").path("maxSurge").asString());
        assertEquals(10, spec.path("revisionHistoryLimit").asInt());
        assertEquals(600, spec.path("progressDeadlineSeconds").asInt());
        JsonNode pod = spec.path("template").path("spec");
        assertEquals("Always", pod.path("restartPolicy").asString());
        assertEquals("ClusterFirst", pod.path("dnsPolicy").asString());
        JsonNode container = pod.path("containers").get(0);
        assertEquals("IfNotPresent", container.path("imagePullPolicy").asString());
        assertEquals("TCP", container.path("ports").get(0).path("protocol").asString());
        assertEquals(1, d.path("metadata").path("generation").asInt());
        assertTrue(d.path("status").isMissingNode(), "a new deployment has no status");
    }

    @Test
    void deploymentWhoseSelectorDoesNotMatchTheTemplateIsInvalid() {
        String bad = manifest(BuiltInResources.DEPLOYMENTS)
                .replace(
                        "\"matchLabels\": {\n        \"app\": \"sample\"",
                        "\"matchLabels\": {\n        \"app\": \"other\"");
        assertNotEquals(manifest(BuiltInResources.DEPLOYMENTS), bad);
        JsonNode status = api.post(DEPLOYMENTS, bad).expect(422);
        assertRefusal(
                status,
                "Invalid",
                "Deployment.apps \"sample\" is invalid: spec.template.metadata.labels: Invalid value:"
                        + " map[string]string{\"app\":\"sample\"}: `selector` does not match template `labels`");
        assertEquals(
                "spec.template.metadata.labels",
                status.path("details").path("causes").get(0).path("field").asString());
    }

    @Test
    void deploymentSelectorIsImmutable() {
        JsonNode status = refusedPatchOfSample(
                DEPLOYMENTS,
                manifest(BuiltInResources.DEPLOYMENTS),
                "{\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"sample\",\"tier\":\"web\"}}},\"metadata\":{}}");
        assertMessageContains(status, "spec.selector", "field is immutable");
    }

    @Test
    void generationBumpsOnSpecChangesOnlyNeverOnStatusOrMetadata() {
        api.post(DEPLOYMENTS, manifest(BuiltInResources.DEPLOYMENTS)).expect(201);
        String item = DEPLOYMENTS + "/sample";
        JsonNode labelled = api.mergePatch(item, "{\"metadata\":{\"labels\":{\"x\":\"y\"}}}")
                .expect(200);
        assertEquals(1, labelled.path("metadata").path("generation").asInt());
        JsonNode withStatus = api.mergePatch(item + "/status", "{\"status\":{\"replicas\":1}}")
                .expect(200);
        assertEquals(1, withStatus.path("metadata").path("generation").asInt());
        assertEquals(1, withStatus.path("status").path("replicas").asInt());
        JsonNode scaled = api.mergePatch(item, "{\"spec\":{\"replicas\":3}}").expect(200);
        assertEquals(2, scaled.path("metadata").path("generation").asInt());
        JsonNode same = api.mergePatch(item, "{\"spec\":{\"replicas\":3}}").expect(200);
        assertEquals(2, same.path("metadata").path("generation").asInt(), "a no-op patch changes nothing");
    }

    @Test
    void scaleSubresourceReadsAndWritesReplicas() {
        api.post(DEPLOYMENTS, manifest(BuiltInResources.DEPLOYMENTS)).expect(201);
        String scale = DEPLOYMENTS + "/sample/scale";
        JsonNode s = api.get(scale).expect(200);
        assertEquals("Scale", s.path("kind").asString());
        assertEquals("autoscaling/v1", s.path("apiVersion").asString());
        assertEquals(1, s.path("spec").path("replicas").asInt());
        assertEquals("app=sample", s.path("status").path("selector").asString());

        JsonNode patched = api.mergePatch(scale, "{\"spec\":{\"replicas\":4}}").expect(200);
        assertEquals(4, patched.path("spec").path("replicas").asInt());
        JsonNode d = api.get(DEPLOYMENTS + "/sample").expect(200);
        assertEquals(4, d.path("spec").path("replicas").asInt());
        assertEquals(2, d.path("metadata").path("generation").asInt());

        ObjectNode put = (ObjectNode) api.get(scale).expect(200);
        ((ObjectNode) put.get("spec")).put("replicas", 2);
        assertEquals(
                2,
                api.put(scale, put.toString())
                        .expect(200)
                        .path("spec")
                        .path("replicas")
                        .asInt());
        // The resourceVersion of the Scale is a precondition: the one read before the last write is stale.
        assertEquals(409, api.put(scale, put.toString()).status());
        JsonNode negative =
                api.mergePatch(scale, "{\"spec\":{\"replicas\":-1}}").expect(422);
        assertTrue(negative.path("message").asString().contains("spec.replicas"), negative.toString());
    }

    @Test
    void scaleIsServedOnlyWhereKubernetesHasIt() {
        api.post("/apis/apps/v1/namespaces/default/daemonsets", manifest(BuiltInResources.DAEMON_SETS))
                .expect(201);
        assertEquals(
                404,
                api.get("/apis/apps/v1/namespaces/default/daemonsets/sample/scale")
                        .status());
    }

    @Test
    void serviceGetsAClusterIpFromTheServiceRangeAndDefaults() {
        JsonNode a = api.post(SERVICES, manifest(BuiltInResources.SERVICES)).expect(201);
        JsonNode spec = a.path("spec");
        assertEquals("10.96.0.1", spec.path("clusterIP").asString());
        assertEquals("10.96.0.1", spec.path("clusterIPs").get(0).asString());
        assertEquals("ClusterIP", spec.path("type").asString());
        assertEquals("None", spec.path("sessionAffinity").asString());
        assertEquals("TCP", spec.path("ports").get(0).path("protocol").asString());
        assertEquals(80, spec.path("ports").get(0).path("targetPort").asInt());
        assertTrue(a.path("status").path("loadBalancer").isObject());
        JsonNode b = api.post(SERVICES, renamed(manifest(BuiltInResources.SERVICES), "other"))
                .expect(201);
        assertEquals("10.96.0.2", b.path("spec").path("clusterIP").asString());
    }

    @Test
    void clusterIpIsImmutableWithKubesMessage() {
        JsonNode status = refusedPatchOfSample(
                SERVICES, manifest(BuiltInResources.SERVICES), "{\"spec\":{\"clusterIP\":\"10.96.0.50\"}}");
        assertEquals(
                "Service \"sample\" is invalid: spec.clusterIP: Invalid value: \"10.96.0.50\": field is immutable",
                status.path("message").asString());
    }

    @Test
    void aServiceTypeThatIsNotAStringIsInvalidNotAnInternalError() {
        ObjectNode svc = (ObjectNode) TestApi.JSON.readTree(manifest(BuiltInResources.SERVICES));
        ((ObjectNode) svc.get("spec")).put("type", 5);
        JsonNode status = api.post(SERVICES, svc.toString()).expect(422);
        assertMessageContains(status, "spec.type: Unsupported value");
    }

    @Test
    void anUpdateThatOmitsTheClusterIpKeepsIt() {
        api.post(SERVICES, manifest(BuiltInResources.SERVICES)).expect(201);
        ObjectNode svc = (ObjectNode) api.get(SERVICES + "/sample").expect(200);
        ((ObjectNode) svc.get("spec")).remove("clusterIP");
        ((ObjectNode) svc.get("spec")).remove("clusterIPs");
        JsonNode updated = api.put(SERVICES + "/sample", svc.toString()).expect(200);
        assertEquals("10.96.0.1", updated.path("spec").path("clusterIP").asString());
    }

    @Test
    void aRequestedClusterIpMustBeInRangeAndFree() {
        String fixed =
                manifest(BuiltInResources.SERVICES).replace("\"spec\": {", "\"spec\": {\"clusterIP\": \"10.96.0.10\",");
        assertEquals(
                "10.96.0.10",
                api.post(SERVICES, fixed)
                        .expect(201)
                        .path("spec")
                        .path("clusterIP")
                        .asString());
        JsonNode taken = api.post(SERVICES, renamed(fixed, "again")).expect(422);
        assertMessageContains(taken, "provided IP is already allocated");
        JsonNode outside = api.post(SERVICES, renamed(fixed.replace("10.96.0.10", "192.168.0.1"), "outside"))
                .expect(422);
        assertMessageContains(outside, "10.96.0.0/12");
    }

    @Test
    void nodePortServicesGetANodePort() {
        String nodePort =
                manifest(BuiltInResources.SERVICES).replace("\"spec\": {", "\"spec\": {\"type\": \"NodePort\",");
        JsonNode svc = api.post(SERVICES, nodePort).expect(201);
        assertEquals(
                30000, svc.path("spec").path("ports").get(0).path("nodePort").asInt());
        assertEquals("Cluster", svc.path("spec").path("externalTrafficPolicy").asString());
    }

    @Test
    void jobGetsAGeneratedSelectorAndNeedsARestartPolicy() {
        String jobs = "/apis/batch/v1/namespaces/default/jobs";
        JsonNode job = api.post(jobs, manifest(BuiltInResources.JOBS)).expect(201);
        String uid = job.path("metadata").path("uid").asString();
        assertEquals(
                uid,
                job.path("spec")
                        .path("selector")
                        .path("matchLabels")
                        .path("batch.kubernetes.io/controller-uid")
                        .asString());
        JsonNode labels = job.path("spec").path("template").path("metadata").path("labels");
        assertEquals("sample", labels.path("job-name").asString());
        assertEquals(6, job.path("spec").path("backoffLimit").asInt());
        assertEquals(1, job.path("spec").path("completions").asInt());

        String always = renamed(manifest(BuiltInResources.JOBS), "always").replace("\"Never\"", "\"Always\"");
        JsonNode status = api.post(jobs, always).expect(422);
        assertEquals(
                "Job.batch \"always\" is invalid: spec.template.spec.restartPolicy: Unsupported value: \"Always\":"
                        + " supported values: \"OnFailure\", \"Never\"",
                status.path("message").asString());
    }

    @Test
    void roleRefOfABindingCannotChange() {
        String bindings = "/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings";
        JsonNode status = refusedPatchOfSample(
                bindings, manifest(BuiltInResources.ROLE_BINDINGS), "{\"roleRef\":{\"name\":\"other\"}}");
        assertMessageContains(status, "roleRef: Invalid value", "cannot change roleRef");
    }

    @Test
    void statefulSetFieldsOtherThanTheMutableOnesAreForbidden() {
        String sts = "/apis/apps/v1/namespaces/default/statefulsets";
        JsonNode status = refusedPatchOfSample(
                sts, manifest(BuiltInResources.STATEFUL_SETS), "{\"spec\":{\"serviceName\":\"other\"}}");
        assertMessageContains(status, "spec: Forbidden");
        api.mergePatch(sts + "/sample", "{\"spec\":{\"replicas\":3}}").expect(200);
    }

    @Test
    void replicaSetsSelectByStatusReplicas() {
        String rs = "/apis/apps/v1/namespaces/default/replicasets";
        api.post(rs, manifest(BuiltInResources.REPLICA_SETS)).expect(201);
        api.post(rs, renamed(manifest(BuiltInResources.REPLICA_SETS), "running"))
                .expect(201);
        api.mergePatch(rs + "/running/status", "{\"status\":{\"replicas\":1}}").expect(200);
        JsonNode zero = api.get(rs + "?fieldSelector=status.replicas%3D0").expect(200);
        assertEquals(1, zero.path("items").size());
        assertEquals(
                "sample",
                zero.path("items").get(0).path("metadata").path("name").asString());
        assertEquals(400, api.get(rs + "?fieldSelector=spec.paused%3Dtrue").status());
    }

    @Test
    void replicationControllerDefaultsItsSelectorFromTheTemplate() {
        String rc = "/api/v1/namespaces/default/replicationcontrollers";
        ObjectNode m = (ObjectNode) TestApi.JSON.readTree(manifest(BuiltInResources.REPLICATION_CONTROLLERS));
        ((ObjectNode) m.get("spec")).remove("selector");
        JsonNode created = api.post(rc, m.toString()).expect(201);
        assertEquals("sample", created.path("spec").path("selector").path("app").asString());
        JsonNode scale = api.get(rc + "/sample/scale").expect(200);
        assertEquals("app=sample", scale.path("status").path("selector").asString());
    }

    @Test
    void openApiDocumentsCarryTheKindSchemasWithPatchMetadata() {
        JsonNode doc = api.get("/openapi/v3/apis/apps/v1").expect(200);
        JsonNode schemas = doc.path("components").path("schemas");
        JsonNode deployment = schemas.path("io.k8s.api.apps.v1.Deployment");
        assertEquals(
                "Deployment",
                deployment
                        .path("x-kubernetes-group-version-kind")
                        .get(0)
                        .path("kind")
                        .asString());
        assertEquals(
                "#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec",
                deployment.path("properties").path("spec").path("$ref").asString());
        JsonNode containers =
                schemas.path("io.k8s.api.core.v1.PodSpec").path("properties").path("containers");
        assertEquals("merge", containers.path("x-kubernetes-patch-strategy").asString());
        assertEquals("name", containers.path("x-kubernetes-patch-merge-key").asString());
        assertTrue(api.get("/openapi/v3/api/v1")
                .expect(200)
                .path("components")
                .path("schemas")
                .has("io.k8s.api.core.v1.Service"));
    }

    @Test
    void strategicMergeOfAServiceMergesPortsByPort() {
        api.post(SERVICES, manifest(BuiltInResources.SERVICES)).expect(201);
        JsonNode patched = api.patch(
                        SERVICES + "/sample",
                        "application/strategic-merge-patch+json",
                        "{\"spec\":{\"ports\":[{\"port\":443,\"name\":\"https\"}]}}")
                .expect(422);
        // Merged by port: the existing unnamed port 80 stays, so two ports now need names.
        assertTrue(
                patched.path("message").asString().contains("spec.ports[1].name")
                        || patched.path("message").asString().contains("spec.ports[0].name"),
                patched.toString());
        JsonNode named = api.patch(
                        SERVICES + "/sample",
                        "application/strategic-merge-patch+json",
                        "{\"spec\":{\"ports\":[{\"port\":80,\"name\":\"http\"},{\"port\":443,\"name\":\"https\"}]}}")
                .expect(200);
        assertEquals(2, named.path("spec").path("ports").size());
    }

    @Test
    void tablesGiveServicesAndDeploymentsKubesColumns() {
        api.post(SERVICES, manifest(BuiltInResources.SERVICES)).expect(201);
        api.post(DEPLOYMENTS, manifest(BuiltInResources.DEPLOYMENTS)).expect(201);
        String table = "application/json;as=Table;v=v1;g=meta.k8s.io";
        JsonNode svc = api.send("GET", SERVICES, null, null, table).expect(200);
        List<String> columns = new ArrayList<>();
        svc.path("columnDefinitions").forEach(c -> columns.add(c.path("name").asString()));
        assertEquals(List.of("Name", "Type", "Cluster-IP", "External-IP", "Port(s)", "Age"), columns);
        JsonNode cells = svc.path("rows").get(0).path("cells");
        assertEquals("ClusterIP", cells.get(1).asString());
        assertEquals("10.96.0.1", cells.get(2).asString());
        assertEquals("<none>", cells.get(3).asString());
        assertEquals("80/TCP", cells.get(4).asString());
        JsonNode deploy = api.send("GET", DEPLOYMENTS, null, null, table).expect(200);
        assertEquals("0/1", deploy.path("rows").get(0).path("cells").get(1).asString());
    }

    @Test
    void aSpecThatIsNotAnObjectIsABadRequestNamingTheField() {
        JsonNode status = api.post(
                        DEPLOYMENTS,
                        "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"d\"},"
                                + "\"spec\":{\"strategy\":\"Recreate\"}}")
                .expect(400);
        assertEquals(
                "the field \"strategy\" must be a JSON object, got STRING",
                status.path("message").asString());
    }

    @Test
    void eventsResolveToTheCoreGroupForDirectAccess() {
        server.create("events", "default", "{\"metadata\":{\"name\":\"e\"},\"involvedObject\":{\"kind\":\"Pod\"}}");
        assertEquals(
                1,
                api.get("/api/v1/namespaces/default/events")
                        .expect(200)
                        .path("items")
                        .size());
    }
}
