package dev.informer.client;

import static dev.informer.client.MockApi.configMapJson;
import static dev.informer.client.MockApi.json;
import static dev.informer.client.MockApi.query;
import static dev.informer.client.MockApi.take;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.ConfigMap;
import dev.informer.api.Lease;
import dev.informer.api.Node;
import dev.informer.api.ObjectList;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.watch.ListOptions;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The exact requests each verb sends, and how answers are read. */
class ResourceClientRequestTest {

    @StartStop
    private final MockWebServer server = new MockWebServer();

    private KubernetesClient client;

    @BeforeEach
    void start() {
        client = KubernetesClient.create(MockApi.config(server)
                .bearerToken("tok")
                .userAgent("test-agent/1")
                .build());
    }

    @AfterEach
    void stop() {
        client.close();
    }

    private static ConfigMap configMap(String namespace, String name, String resourceVersion) {
        return ConfigMap.builder()
                .metadata(ObjectMeta.builder()
                        .name(name)
                        .namespace(namespace)
                        .resourceVersion(resourceVersion)
                        .build())
                .data("k", "v")
                .build();
    }

    private static JsonNode body(RecordedRequest request) {
        return ApiJson.mapper().readTree(request.getBody().utf8());
    }

    @Test
    void listSendsEveryOptionAsAQueryParameterAndReadsTheList() throws Exception {
        server.enqueue(json(
                200,
                """
                {"apiVersion":"v1","kind":"ConfigMapList","metadata":{"resourceVersion":"42","continue":"next-page"},
                 "items":[%s,%s]}"""
                        .formatted(configMapJson("team", "a", "40"), configMapJson("team", "b", "41"))));

        ObjectList<ConfigMap> list = client.resource(ResourceType.CONFIGMAPS)
                .list(ListOptions.builder()
                        .labelSelector("app=web,tier!=db")
                        .fieldSelector("metadata.name=a")
                        .resourceVersion("7")
                        .resourceVersionMatch(ListOptions.MATCH_NOT_OLDER_THAN)
                        .limit(2)
                        .continueToken("tok+/=")
                        .timeoutSeconds(30)
                        .build());

        assertEquals(2, list.items().size());
        assertEquals("a", list.items().get(0).metadata().name());
        assertEquals("42", list.resourceVersion());
        assertEquals("next-page", list.continueToken());
        RecordedRequest request = take(server);
        assertEquals("GET", request.getMethod());
        assertEquals("/api/v1/namespaces/team/configmaps", request.getUrl().encodedPath());
        assertEquals(
                Map.of(
                        "labelSelector", "app=web,tier!=db",
                        "fieldSelector", "metadata.name=a",
                        "resourceVersion", "7",
                        "resourceVersionMatch", "NotOlderThan",
                        "limit", "2",
                        "continue", "tok+/=",
                        "timeoutSeconds", "30"),
                query(request),
                "every list option, and no watch");
        assertEquals("Bearer tok", request.getHeaders().get("Authorization"));
        assertEquals("test-agent/1", request.getHeaders().get("User-Agent"));
        assertEquals("application/json", request.getHeaders().get("Accept"));
    }

    @Test
    void emptyOptionsSendNoQuery() throws Exception {
        server.enqueue(
                json(
                        200,
                        "{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"1\"},\"items\":[]}"));
        client.resource(ResourceType.CONFIGMAPS).list();
        assertEquals("/api/v1/namespaces/team/configmaps", take(server).getTarget());
    }

    @Test
    void namespacesAndScopesChooseThePath() throws Exception {
        String emptyList = "{\"kind\":\"List\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":[]}";
        for (int i = 0; i < 4; i++) {
            server.enqueue(json(200, emptyList));
        }
        client.resource(ResourceType.CONFIGMAPS).inAnyNamespace().list();
        assertEquals("/api/v1/configmaps", take(server).getUrl().encodedPath());
        client.resource(ResourceType.CONFIGMAPS).inNamespace("other").list();
        assertEquals(
                "/api/v1/namespaces/other/configmaps", take(server).getUrl().encodedPath());
        client.resource(ResourceType.NODES).list();
        assertEquals("/api/v1/nodes", take(server).getUrl().encodedPath());
        client.resource(ResourceType.LEASES).inNamespace("kube-system").list();
        assertEquals(
                "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases",
                take(server).getUrl().encodedPath());

        ResourceClient<Node> nodes = client.resource(ResourceType.NODES);
        assertNull(nodes.namespace());
        assertThrows(IllegalArgumentException.class, () -> nodes.inNamespace("x"));
        assertThrows(IllegalArgumentException.class, () -> client.resource(ResourceType.PODS)
                .inNamespace(""));
        assertEquals("team", client.resource(ResourceType.PODS).namespace());
    }

    @Test
    void getAddressesOneObjectAndNeedsANamespace() throws Exception {
        server.enqueue(json(200, configMapJson("team", "cfg", "9")));
        ConfigMap got = client.resource(ResourceType.CONFIGMAPS).get("cfg");
        assertEquals("9", got.metadata().resourceVersion());
        assertEquals(
                "/api/v1/namespaces/team/configmaps/cfg", take(server).getUrl().encodedPath());

        ResourceClient<ConfigMap> anywhere =
                client.resource(ResourceType.CONFIGMAPS).inAnyNamespace();
        assertTrue(assertThrows(IllegalStateException.class, () -> anywhere.get("cfg"))
                .getMessage()
                .contains("inNamespace"));
        assertThrows(IllegalArgumentException.class, () -> client.resource(ResourceType.CONFIGMAPS)
                .get("a/b"));
        assertEquals(0, server.getRequestCount() - 1, "invalid calls send nothing");
    }

    @Test
    void createPostsTheObjectToItsNamespace() throws Exception {
        server.enqueue(json(201, configMapJson("elsewhere", "new", "5")));
        ConfigMap created =
                client.resource(ResourceType.CONFIGMAPS).inAnyNamespace().create(configMap("elsewhere", "new", null));
        assertEquals("5", created.metadata().resourceVersion());
        RecordedRequest request = take(server);
        assertEquals("POST", request.getMethod());
        assertEquals("/api/v1/namespaces/elsewhere/configmaps", request.getUrl().encodedPath());
        assertTrue(request.getHeaders().get("Content-Type").startsWith("application/json"));
        JsonNode sent = body(request);
        assertEquals("new", sent.path("metadata").path("name").asString());
        assertEquals("v", sent.path("data").path("k").asString());
        assertTrue(sent.path("metadata").path("resourceVersion").isMissingNode(), "nulls are not written");
    }

    @Test
    void namespaceOfObjectAndClientMustAgree() {
        ResourceClient<ConfigMap> team = client.resource(ResourceType.CONFIGMAPS);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> team.create(configMap("other", "x", null)));
        assertTrue(e.getMessage().contains("other") && e.getMessage().contains("team"), e.getMessage());
        ResourceClient<ConfigMap> anywhere = team.inAnyNamespace();
        assertThrows(IllegalStateException.class, () -> anywhere.create(configMap(null, "x", null)));
        assertEquals(0, server.getRequestCount());
    }

    @Test
    void updateAndUpdateStatusPutToTheObjectAndItsStatus() throws Exception {
        server.enqueue(json(200, configMapJson("team", "cfg", "11")));
        server.enqueue(json(200, configMapJson("team", "cfg", "12")));
        ResourceClient<ConfigMap> configMaps = client.resource(ResourceType.CONFIGMAPS);
        assertEquals(
                "11",
                configMaps.update(configMap("team", "cfg", "10")).metadata().resourceVersion());
        assertEquals(
                "12",
                configMaps.updateStatus(configMap(null, "cfg", "11")).metadata().resourceVersion());
        RecordedRequest update = take(server);
        assertEquals("PUT", update.getMethod());
        assertEquals("/api/v1/namespaces/team/configmaps/cfg", update.getUrl().encodedPath());
        assertEquals("10", body(update).path("metadata").path("resourceVersion").asString());
        RecordedRequest status = take(server);
        assertEquals("PUT", status.getMethod());
        assertEquals(
                "/api/v1/namespaces/team/configmaps/cfg/status", status.getUrl().encodedPath());
        assertThrows(IllegalArgumentException.class, () -> configMaps.update(configMap("team", null, "1")));
    }

    @Test
    void eachPatchTypeSendsItsContentType() throws Exception {
        ResourceClient<ConfigMap> configMaps = client.resource(ResourceType.CONFIGMAPS);
        for (PatchType type : PatchType.values()) {
            server.enqueue(json(200, configMapJson("team", "cfg", "3")));
            PatchOptions options = type == PatchType.APPLY ? PatchOptions.fieldManager("me") : PatchOptions.NONE;
            configMaps.patch("cfg", type, "{\"data\":{\"k\":\"w\"}}", options);
            RecordedRequest request = take(server);
            assertEquals("PATCH", request.getMethod());
            assertEquals(
                    "/api/v1/namespaces/team/configmaps/cfg", request.getUrl().encodedPath());
            assertTrue(request.getHeaders().get("Content-Type").startsWith(type.contentType()), type.name());
            assertEquals("{\"data\":{\"k\":\"w\"}}", request.getBody().utf8());
        }
        server.enqueue(json(200, configMapJson("team", "cfg", "4")));
        configMaps.patchStatus("cfg", PatchType.MERGE, "{}", new PatchOptions("mgr", null, true));
        RecordedRequest status = take(server);
        assertEquals(
                "/api/v1/namespaces/team/configmaps/cfg/status", status.getUrl().encodedPath());
        assertEquals("mgr", status.getUrl().queryParameter("fieldManager"));
        assertEquals("All", status.getUrl().queryParameter("dryRun"));
    }

    @Test
    void serverSideApplySendsFieldManagerAndForce() throws Exception {
        server.enqueue(json(200, configMapJson("team", "cfg", "6")));
        server.enqueue(json(200, configMapJson("ops", "from-yaml", "7")));
        ResourceClient<ConfigMap> configMaps = client.resource(ResourceType.CONFIGMAPS);
        configMaps.apply(configMap("team", "cfg", null), "controller", true);
        RecordedRequest typed = take(server);
        assertEquals("PATCH", typed.getMethod());
        assertEquals("/api/v1/namespaces/team/configmaps/cfg", typed.getUrl().encodedPath());
        assertEquals("controller", typed.getUrl().queryParameter("fieldManager"));
        assertEquals("true", typed.getUrl().queryParameter("force"));
        assertTrue(typed.getHeaders().get("Content-Type").startsWith("application/apply-patch+yaml"));
        assertEquals("cfg", body(typed).path("metadata").path("name").asString());

        String yaml =
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\n  namespace: ops\ndata:\n  k: v\n";
        configMaps.inAnyNamespace().apply(yaml, "kubectl", false);
        RecordedRequest manifest = take(server);
        assertEquals(
                "/api/v1/namespaces/ops/configmaps/from-yaml", manifest.getUrl().encodedPath());
        assertNull(manifest.getUrl().queryParameter("force"));
        JsonNode sentManifest = body(manifest);
        assertEquals("from-yaml", sentManifest.path("metadata").path("name").asString());
        assertEquals("v", sentManifest.path("data").path("k").asString(), "the YAML manifest is sent as JSON");

        assertThrows(
                IllegalArgumentException.class, () -> configMaps.apply(configMap("team", "cfg", null), null, false));
        assertThrows(IllegalArgumentException.class, () -> configMaps.apply("metadata: {}", "m", false));
        assertThrows(IllegalArgumentException.class, () -> configMaps.apply("{not: [yaml", "m", false));
        assertThrows(IllegalArgumentException.class, () -> configMaps.patch("cfg", PatchType.APPLY, "{}"));
    }

    @Test
    void deleteSendsPreconditionsAndPropagationPolicy() throws Exception {
        server.enqueue(json(200, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Success\"}"));
        server.enqueue(json(200, configMapJson("team", "b", "2")));
        ResourceClient<Lease> leases = client.resource(ResourceType.LEASES);
        leases.delete("a", new DeleteOptions(DeleteOptions.PropagationPolicy.Foreground, "uid-1", "77", 0L, true));
        RecordedRequest request = take(server);
        assertEquals("DELETE", request.getMethod());
        assertEquals(
                "/apis/coordination.k8s.io/v1/namespaces/team/leases/a",
                request.getUrl().encodedPath());
        JsonNode sent = body(request);
        assertEquals("DeleteOptions", sent.path("kind").asString());
        assertEquals("Foreground", sent.path("propagationPolicy").asString());
        assertEquals("uid-1", sent.path("preconditions").path("uid").asString());
        assertEquals("77", sent.path("preconditions").path("resourceVersion").asString());
        assertEquals(0, sent.path("gracePeriodSeconds").asInt());
        assertEquals("All", sent.path("dryRun").path(0).asString());

        client.resource(ResourceType.CONFIGMAPS).delete("b");
        RecordedRequest plain = take(server);
        assertEquals("DELETE", plain.getMethod());
        assertEquals(0, plain.getBodySize(), "no options, no body");
    }

    @Test
    void serverUrlPathPrefixIsKept() throws Exception {
        try (KubernetesClient prefixed = KubernetesClient.create(ClientConfig.builder()
                .server(server.url("/k8s/clusters/c-1/").toString())
                .build())) {
            server.enqueue(json(200, configMapJson("default", "x", "1")));
            prefixed.resource(ResourceType.CONFIGMAPS).get("x");
            assertEquals(
                    "/k8s/clusters/c-1/api/v1/namespaces/default/configmaps/x",
                    take(server).getUrl().encodedPath());
        }
    }

    @Test
    void basicAuthAndUncompressedResponsesAreRequestedWhenConfigured() throws Exception {
        try (KubernetesClient basic = KubernetesClient.create(MockApi.config(server)
                .basicAuth("ann", "pw")
                .disableCompression(true)
                .build())) {
            server.enqueue(json(200, configMapJson("team", "x", "1")));
            basic.resource(ResourceType.CONFIGMAPS).get("x");
            RecordedRequest request = take(server);
            assertEquals(
                    okhttp3.Credentials.basic("ann", "pw"), request.getHeaders().get("Authorization"));
            assertEquals("identity", request.getHeaders().get("Accept-Encoding"));
        }
    }

    @Test
    void httpProxyIsUsedWithItsCredentials() throws Exception {
        String proxy = "http://proxy%20user:p%40ss@" + server.getHostName() + ":" + server.getPort();
        try (KubernetesClient proxied = KubernetesClient.create(ClientConfig.builder()
                .server("http://kube.invalid:6443")
                .proxy(proxy)
                .build())) {
            server.enqueue(new mockwebserver3.MockResponse.Builder()
                    .code(407)
                    .setHeader("Proxy-Authenticate", "Basic realm=\"proxy\"")
                    .build());
            server.enqueue(json(200, configMapJson("default", "x", "1")));
            proxied.resource(ResourceType.CONFIGMAPS).get("x");
        }
        RecordedRequest challenged = take(server);
        assertEquals("http://kube.invalid:6443/api/v1/namespaces/default/configmaps/x", challenged.getTarget());
        assertNull(challenged.getHeaders().get("Proxy-Authorization"));
        RecordedRequest authorized = take(server);
        assertEquals(
                okhttp3.Credentials.basic("proxy user", "p@ss"),
                authorized.getHeaders().get("Proxy-Authorization"));
    }

    @Test
    void closedClientRefusesCalls() {
        ResourceClient<ConfigMap> configMaps = client.resource(ResourceType.CONFIGMAPS);
        client.close();
        client.close();
        assertTrue(assertThrows(IllegalStateException.class, () -> configMaps.get("x"))
                .getMessage()
                .contains("closed"));
    }
}
