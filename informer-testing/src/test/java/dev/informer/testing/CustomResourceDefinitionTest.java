package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** CustomResourceDefinitions over HTTP: install, schema, subresources, update and delete. */
class CustomResourceDefinitionTest extends ServedApiTest {
    static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    static final String WIDGETS = "/apis/example.com/v1/namespaces/default/widgets";

    /** A namespaced Widget CRD with a schema that uses every enforced keyword. */
    static final String WIDGET_CRD =
            """
            {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
             "metadata":{"name":"widgets.example.com"},
             "spec":{"group":"example.com","scope":"Namespaced",
               "names":{"plural":"widgets","singular":"widget","kind":"Widget","shortNames":["wg"],
                        "categories":["all","toys"]},
               "versions":[{"name":"v1","served":true,"storage":true,
                 "subresources":{"status":{},
                   "scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas"}},
                 "schema":{"openAPIV3Schema":{"type":"object","properties":{
                   "spec":{"type":"object","required":["size"],"properties":{
                     "size":{"type":"string","enum":["small","large"]},
                     "replicas":{"type":"integer","minimum":0,"maximum":10,"default":1},
                     "name":{"type":"string","pattern":"^[a-z]+$","maxLength":5},
                     "tags":{"type":"array","items":{"type":"string"}},
                     "extra":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}},
                   "status":{"type":"object","properties":{"replicas":{"type":"integer"}}}}}}}]}}
            """;

    private JsonNode installWidgets() {
        return api.post(CRDS, WIDGET_CRD).expect(201);
    }

    /** Installs the widgets CRD and creates the small widget {@code a}. */
    private void installWidgetsWithSmallA() {
        installWidgets();
        api.post(WIDGETS, widget("a", "{\"size\":\"small\"}")).expect(201);
    }

    private static String widget(String name, String spec) {
        return "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"" + name
                + "\"},\"spec\":" + spec + "}";
    }

    private static List<String> causes(JsonNode status) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : status.path("details").path("causes")) {
            out.add(c.path("field").asString() + ": " + c.path("message").asString());
        }
        return out;
    }

    // ---------------------------------------------------------------- the CRD resource

    @Test
    void customResourceDefinitionsAreServedClusterScopedWithShortNamesAndCategory() {
        JsonNode list = api.get("/apis/apiextensions.k8s.io/v1").expect(200);
        JsonNode crds = null;
        for (JsonNode r : list.path("resources")) {
            if (r.path("name").asString().equals("customresourcedefinitions")) {
                crds = r;
            }
        }
        assertTrue(crds != null, list::toString);
        assertFalse(crds.path("namespaced").asBoolean());
        assertEquals("[\"crd\",\"crds\"]", crds.path("shortNames").toString());
        assertEquals("[\"api-extensions\"]", crds.path("categories").toString());
        assertTrue(list.toString().contains("customresourcedefinitions/status"));
    }

    @Test
    void createdCrdIsEstablishedWithAcceptedNamesAndStoredVersions() {
        JsonNode crd = installWidgets();
        JsonNode status = crd.path("status");
        assertEquals(
                "NamesAccepted", status.path("conditions").get(0).path("type").asString());
        assertEquals("True", status.path("conditions").get(0).path("status").asString());
        assertEquals(
                "Established", status.path("conditions").get(1).path("type").asString());
        assertEquals("True", status.path("conditions").get(1).path("status").asString());
        assertEquals("widgets", status.path("acceptedNames").path("plural").asString());
        assertEquals("WidgetList", status.path("acceptedNames").path("listKind").asString());
        assertEquals("[\"v1\"]", status.path("storedVersions").toString());
        assertEquals(crd, api.get(CRDS + "/widgets.example.com").expect(200));
    }

    @Test
    void invalidCrdIsRefusedWith422AndKubeFieldPaths() {
        String bad =
                """
                {"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
                 "metadata":{"name":"gadgets.example.com"},
                 "spec":{"group":"example","scope":"Global",
                   "names":{"plural":"widgets","kind":"Widget"},
                   "versions":[{"name":"v1","served":true,"storage":false,
                                "schema":{"openAPIV3Schema":{"type":"object"}}},
                               {"name":"v1","served":true,"storage":false}]}}
                """;
        TestApi.Response r = api.post(CRDS, bad);
        JsonNode status = r.expect(422);
        assertEquals("Invalid", status.path("reason").asString());
        assertTrue(
                status.path("message")
                        .asString()
                        .startsWith("CustomResourceDefinition.apiextensions.k8s.io"
                                + " \"gadgets.example.com\" is invalid: "),
                status::toString);
        List<String> causes = causes(status);
        assertTrue(
                causes.contains("metadata.name: Invalid value: \"gadgets.example.com\": must be"
                        + " spec.names.plural+\".\"+spec.group"),
                causes::toString);
        assertTrue(
                causes.contains("spec.group: Invalid value: \"example\": should be a domain with at least one dot"),
                causes::toString);
        assertTrue(
                causes.contains(
                        "spec.scope: Unsupported value: \"Global\": supported values: \"Cluster\", \"Namespaced\""),
                causes::toString);
        assertTrue(causes.contains("spec.versions[1].name: Duplicate value: \"v1\""), causes::toString);
        assertTrue(
                causes.contains("spec.versions[1].schema.openAPIV3Schema: Required value: schemas are required"),
                causes::toString);
        assertTrue(
                causes.contains(
                        "spec.versions: Invalid value: [v1 v1]: must have exactly one version marked as storage version"),
                causes::toString);
        assertEquals(404, api.get("/apis/example/v1/widgets").status());
    }

    // ---------------------------------------------------------------- serving

    @Test
    void applyingCrdServesItsResourceInDiscoveryAndEveryVerb() {
        assertEquals(404, api.get(WIDGETS).status());
        installWidgets();

        JsonNode groups = api.get("/apis").expect(200);
        assertTrue(groups.toString().contains("\"name\":\"example.com\""), groups::toString);
        JsonNode resources = api.get("/apis/example.com/v1").expect(200);
        JsonNode widgets = resources.path("resources").get(0);
        assertEquals("widgets", widgets.path("name").asString());
        assertEquals("Widget", widgets.path("kind").asString());
        assertTrue(widgets.path("namespaced").asBoolean());
        assertEquals("[\"wg\"]", widgets.path("shortNames").toString());
        assertEquals("[\"all\",\"toys\"]", widgets.path("categories").toString());
        assertTrue(resources.toString().contains("\"name\":\"widgets/status\""));
        assertTrue(resources.toString().contains("\"name\":\"widgets/scale\""));

        api.post(WIDGETS, widget("a", "{\"size\":\"small\"}")).expect(201);
        api.post(WIDGETS, widget("b", "{\"size\":\"large\"}")).expect(201);
        api.mergePatch(WIDGETS + "/a", "{\"metadata\":{\"labels\":{\"team\":\"x\"}}}")
                .expect(200);
        JsonNode page = api.get(WIDGETS + "?limit=1").expect(200);
        assertEquals("WidgetList", page.path("kind").asString());
        assertEquals(1, page.path("items").size());
        assertFalse(page.path("metadata").path("continue").asString().isEmpty());
        JsonNode selected =
                api.get("/apis/example.com/v1/widgets?labelSelector=team%3Dx").expect(200);
        assertEquals(1, selected.path("items").size());
        assertEquals(
                "a", selected.path("items").get(0).path("metadata").path("name").asString());
        api.delete(WIDGETS + "/b").expect(200);
        assertEquals(404, api.get(WIDGETS + "/b").status());
        assertTrue(server.get("widgets", "default", "a").isPresent(), "direct access resolves CRD resources");
        assertTrue(server.resources().stream().anyMatch(d -> d.qualifiedName().equals("widgets.example.com")));
    }

    @Test
    void watchersOfCustomResourcesSeeEvents() {
        installWidgets();
        try (WatchStream w = api.watch(WIDGETS + "?resourceVersion=0")) {
            api.post(WIDGETS, widget("a", "{\"size\":\"small\"}")).expect(201);
            w.expect("ADDED", "a");
        }
    }

    // ---------------------------------------------------------------- schema

    @Test
    void schemaViolationsAnswer422WithKubeMessages() {
        installWidgets();
        JsonNode status = api.post(
                        WIDGETS,
                        widget("a", "{\"size\":\"medium\",\"replicas\":-1,\"name\":\"ABCDEFG\",\"tags\":[\"x\",3]}"))
                .expect(422);
        List<String> causes = causes(status);
        assertTrue(
                status.path("message").asString().startsWith("Widget.example.com \"a\" is invalid: ["),
                status::toString);
        assertTrue(
                causes.contains("spec.size: Unsupported value: \"medium\": supported values: \"small\", \"large\""),
                causes::toString);
        assertTrue(
                causes.contains("spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or"
                        + " equal to 0"),
                causes::toString);
        assertTrue(causes.contains("spec.name: Too long: may not be more than 5 bytes"), causes::toString);
        assertTrue(
                causes.contains("spec.name: Invalid value: \"ABCDEFG\": spec.name in body should match '^[a-z]+$'"),
                causes::toString);
        assertTrue(
                causes.contains("spec.tags[1]: Invalid value: 3: spec.tags[1] in body must be of type string:"
                        + " \"integer\""),
                causes::toString);

        List<String> missing = causes(api.post(WIDGETS, widget("b", "{}")).expect(422));
        assertEquals(List.of("spec.size: Required value"), missing);
        List<String> tooMany = causes(api.post(WIDGETS, widget("c", "{\"size\":\"small\",\"replicas\":11}"))
                .expect(422));
        assertEquals(
                List.of("spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10"),
                tooMany);
        List<String> wrongType = causes(api.post(WIDGETS, widget("d", "{\"size\":\"small\",\"replicas\":\"two\"}"))
                .expect(422));
        assertEquals(
                List.of("spec.replicas: Invalid value: \"two\": spec.replicas in body must be of type integer:"
                        + " \"string\""),
                wrongType);
    }

    @Test
    void updatesAreValidatedToo() {
        installWidgetsWithSmallA();
        JsonNode status =
                api.mergePatch(WIDGETS + "/a", "{\"spec\":{\"size\":\"huge\"}}").expect(422);
        assertEquals(
                List.of("spec.size: Unsupported value: \"huge\": supported values: \"small\", \"large\""),
                causes(status));
    }

    @Test
    void unknownFieldsArePrunedUnlessPreservedAndDefaultsApplied() {
        installWidgets();
        JsonNode created = api.post(
                        WIDGETS,
                        widget("a", "{\"size\":\"small\",\"color\":\"red\",\"extra\":{\"anything\":{\"goes\":1}}}"))
                .expect(201);
        JsonNode spec = created.path("spec");
        assertFalse(spec.has("color"), spec::toString);
        assertEquals(1, spec.path("extra").path("anything").path("goes").asInt());
        assertEquals(1, spec.path("replicas").asInt(), "the default replicas");
        assertEquals(created, api.get(WIDGETS + "/a").expect(200));
    }

    @Test
    void unknownFieldsWarnByDefaultAndFailWithStrictFieldValidation() {
        installWidgets();
        String body = widget("a", "{\"size\":\"small\",\"color\":\"red\",\"extra\":{\"kept\":true}}");
        JsonNode strict = api.post(WIDGETS + "?fieldValidation=Strict", body).expect(400);
        assertEquals("BadRequest", strict.path("reason").asString());
        assertEquals(
                "Widget in version \"v1\" cannot be handled as a Widget: strict decoding error: unknown field"
                        + " \"spec.color\"",
                strict.path("message").asString());
        assertEquals(404, api.get(WIDGETS + "/a").status());

        TestApi.Response warned = api.post(WIDGETS, body);
        warned.expect(201);
        assertEquals(
                List.of("299 - \"unknown field \\\"spec.color\\\"\""),
                warned.headers().allValues("Warning"));
        TestApi.Response ignored = api.post(WIDGETS + "?fieldValidation=Ignore", body.replace("\"a\"", "\"b\""));
        ignored.expect(201);
        assertEquals(List.of(), ignored.headers().allValues("Warning"));

        JsonNode patched = api.mergePatch(WIDGETS + "/a?fieldValidation=Strict", "{\"spec\":{\"shape\":\"round\"}}")
                .expect(400);
        assertTrue(patched.path("message").asString().endsWith("unknown field \"spec.shape\""), patched::toString);
    }

    @Test
    void celRulesAndConversionWebhooksInstallWithWarnings() {
        String crd = WIDGET_CRD
                .replace(
                        "\"status\":{\"type\":\"object\"",
                        "\"status\":{\"type\":\"object\",\"x-kubernetes-validations\":[{\"rule\":\"true\"}]")
                .replace(
                        "\"scope\":\"Namespaced\",",
                        "\"scope\":\"Namespaced\",\"conversion\":{\"strategy\":\"Webhook\",\"webhook\":"
                                + "{\"conversionReviewVersions\":[\"v1\"],\"clientConfig\":{\"url\":\"https://x\"}}},");
        TestApi.Response r = api.post(CRDS, crd);
        r.expect(201);
        List<String> warnings = r.headers().allValues("Warning");
        assertTrue(
                warnings.stream().anyMatch(w -> w.startsWith("299 - \"") && w.contains("x-kubernetes-validations")),
                warnings::toString);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("conversion webhook")), warnings::toString);
        api.post(WIDGETS, widget("a", "{\"size\":\"small\"}")).expect(201);
    }

    // ---------------------------------------------------------------- subresources and patches

    @Test
    void statusSubresourceSplitsSpecAndStatus() {
        installWidgetsWithSmallA();
        JsonNode afterMain =
                api.mergePatch(WIDGETS + "/a", "{\"status\":{\"replicas\":5}}").expect(200);
        assertFalse(afterMain.has("status"), afterMain::toString);
        JsonNode afterStatus = api.mergePatch(WIDGETS + "/a/status", "{\"status\":{\"replicas\":5}}")
                .expect(200);
        assertEquals(5, afterStatus.path("status").path("replicas").asInt());
    }

    @Test
    void scaleSubresourceReadsAndWritesTheDeclaredReplicaPaths() {
        installWidgets();
        api.post(WIDGETS, widget("a", "{\"size\":\"small\",\"replicas\":2}")).expect(201);
        JsonNode scale = api.get(WIDGETS + "/a/scale").expect(200);
        assertEquals("Scale", scale.path("kind").asString());
        assertEquals("autoscaling/v1", scale.path("apiVersion").asString());
        assertEquals(2, scale.path("spec").path("replicas").asInt());
        JsonNode patched = api.mergePatch(WIDGETS + "/a/scale", "{\"spec\":{\"replicas\":4}}")
                .expect(200);
        assertEquals(4, patched.path("spec").path("replicas").asInt());
        assertEquals(
                4,
                api.get(WIDGETS + "/a")
                        .expect(200)
                        .path("spec")
                        .path("replicas")
                        .asInt());
        JsonNode tooMany = api.mergePatch(WIDGETS + "/a/scale", "{\"spec\":{\"replicas\":40}}")
                .expect(422);
        assertTrue(tooMany.path("message").asString().contains("spec.replicas"), tooMany::toString);
        assertEquals(404, api.get("/api/v1/namespaces/default/pods/x/scale").status());
    }

    @Test
    void strategicMergePatchOfCustomResourceAnswers415LikeKube() {
        installWidgetsWithSmallA();
        JsonNode status = api.patch(
                        WIDGETS + "/a", "application/strategic-merge-patch+json", "{\"spec\":{\"size\":\"large\"}}")
                .expect(415);
        assertEquals("UnsupportedMediaType", status.path("reason").asString());
        assertEquals(
                "the body of the request was in an unknown format - accepted media types include:"
                        + " application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
                status.path("message").asString());
        api.patch(
                        WIDGETS + "/a",
                        "application/json-patch+json",
                        "[{\"op\":\"replace\",\"path\":\"/spec/size\"," + "\"value\":\"large\"}]")
                .expect(200);
        JsonNode applied = api.patch(
                        // forced: the JSON patch above made another manager own .spec.size (409 without)
                        WIDGETS + "/a?fieldManager=test&force=true",
                        "application/apply-patch+yaml",
                        widget("a", "{\"size\":\"small\"}"))
                .expect(200);
        assertEquals("small", applied.path("spec").path("size").asString());
    }

    @Test
    void strategicMergePatchOfCustomResourceRegisteredAtBuildAlsoAnswers415() {
        try (EmbeddedApiServer s = EmbeddedApiServer.builder()
                .register(ResourceDefinition.custom("example.com", "v1", "gadgets", "Gadget", true))
                .start()) {
            TestApi a = new TestApi(s);
            String path = "/apis/example.com/v1/namespaces/default/gadgets";
            a.post(path, "{\"metadata\":{\"name\":\"g\"}}").expect(201);
            a.patch(path + "/g", "application/strategic-merge-patch+json", "{\"spec\":{}}")
                    .expect(415);
            a.patch("/api/v1/namespaces/default/configmaps/none", "application/strategic-merge-patch+json", "{}")
                    .expect(404);
        }
    }

    // ---------------------------------------------------------------- update and delete

    @Test
    void updatingCrdWithANewVersionServesIt() {
        JsonNode crd = installWidgets();
        assertEquals(
                404, api.get("/apis/example.com/v2/namespaces/default/widgets").status());
        String v2 = crd.toString()
                .replace(
                        "\"versions\":[",
                        "\"versions\":[{\"name\":\"v2\",\"served\":true,\"storage\":false,\"schema\":"
                                + "{\"openAPIV3Schema\":{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}}},");
        TestApi.Response r = api.put(CRDS + "/widgets.example.com", v2);
        r.expect(200);
        api.get("/apis/example.com/v2/namespaces/default/widgets").expect(200);
        JsonNode group = api.get("/apis/example.com").expect(200);
        assertEquals("v2", group.path("preferredVersion").path("version").asString(), group::toString);
        assertTrue(r.headers().allValues("Warning").stream().anyMatch(w -> w.contains("no conversion")));
    }

    @Test
    void changingScopeIsRefused() {
        JsonNode crd = installWidgets();
        String cluster = crd.toString().replace("\"Namespaced\"", "\"Cluster\"");
        List<String> causes =
                causes(api.put(CRDS + "/widgets.example.com", cluster).expect(422));
        assertEquals(List.of("spec.scope: Invalid value: \"Cluster\": field is immutable"), causes);
    }

    @Test
    void deletingCrdDeletesItsObjectsEndsWatchesAndLeavesDiscovery() {
        installWidgetsWithSmallA();
        api.post(WIDGETS, widget("b", "{\"size\":\"small\"}")).expect(201);
        try (WatchStream w = api.watch(WIDGETS + "?resourceVersion=" + server.resourceVersion())) {
            api.delete(CRDS + "/widgets.example.com").expect(200);
            assertEquals("a", w.expect("DELETED").path("metadata").path("name").asString());
            assertEquals("b", w.expect("DELETED").path("metadata").path("name").asString());
            assertTrue(w.awaitEnd().clean());
        }
        assertEquals(404, api.get(WIDGETS).status());
        assertEquals(404, api.get("/apis/example.com/v1").status());
        assertFalse(api.get("/apis").expect(200).toString().contains("example.com"));
        assertFalse(api.get("/openapi/v3").expect(200).toString().contains("example.com"));

        installWidgets();
        assertEquals(0, api.get(WIDGETS).expect(200).path("items").size(), "a new CRD starts empty");
    }

    @Test
    void directAccessInstallsCrdsAndReachesTheirObjects() {
        server.create("crd", null, WIDGET_CRD);
        server.create("widgets", "default", widget("a", "{\"size\":\"large\"}"));
        JsonNode a = TestApi.JSON.readTree(server.get("wg", "default", "a").orElseThrow());
        assertEquals(1, a.path("spec").path("replicas").asInt(), "defaulted through direct access too");
        ApiStatusException invalid = org.junit.jupiter.api.Assertions.assertThrows(
                ApiStatusException.class, () -> server.create("widgets", "default", widget("b", "{}")));
        assertEquals(422, invalid.code());
        server.delete("crd", null, "widgets.example.com");
        assertTrue(server.resources().stream().noneMatch(d -> d.group().equals("example.com")));
    }

    @Test
    void requestsDuringCrdChurnAnswerOkOrNotFoundNeverAnError() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.ConcurrentLinkedQueue<String> bad = new java.util.concurrent.ConcurrentLinkedQueue<>();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Thread reader = new Thread(
                () -> {
                    started.countDown();
                    while (!done.get()) {
                        for (String path : List.of(
                                "/apis",
                                "/apis/example.com",
                                "/apis/example.com/v1",
                                WIDGETS,
                                "/openapi/v3",
                                "/openapi/v3/apis/example.com/v1")) {
                            int code = api.get(path).status();
                            if (code != 200 && code != 404) {
                                bad.add(path + " -> " + code);
                            }
                        }
                    }
                },
                "crd-churn-reader");
        reader.start();
        assertTrue(started.await(10, java.util.concurrent.TimeUnit.SECONDS));
        try {
            for (int i = 0; i < 20; i++) {
                installWidgets();
                api.post(WIDGETS, widget("w" + i, "{\"size\":\"small\"}")).expect(201);
                api.delete(CRDS + "/widgets.example.com").expect(200);
            }
        } finally {
            done.set(true);
            reader.join(30_000);
        }
        assertTrue(bad.isEmpty(), bad::toString);
    }

    @Test
    void openApiCarriesTheCrdSchemaForKubectlExplain() {
        installWidgets();
        String root = api.get("/openapi/v3").expect(200).toString();
        assertTrue(root.contains("/openapi/v3/apis/example.com/v1?hash="), root);
        JsonNode doc = api.get("/openapi/v3/apis/example.com/v1").expect(200);
        JsonNode schema = doc.path("components").path("schemas").path("com.example.v1.Widget");
        assertEquals(
                "Widget",
                schema.path("x-kubernetes-group-version-kind")
                        .get(0)
                        .path("kind")
                        .asString());
        assertEquals(
                "integer",
                schema.path("properties")
                        .path("spec")
                        .path("properties")
                        .path("replicas")
                        .path("type")
                        .asString());
        assertEquals(
                "object",
                schema.path("properties").path("metadata").path("type").asString());
    }
}
