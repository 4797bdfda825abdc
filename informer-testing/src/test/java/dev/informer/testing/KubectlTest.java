package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The real kubectl (found on PATH) against the server, as separate processes. Without kubectl
 * the tests are skipped, except in CI (env CI set), where they fail.
 */
class KubectlTest extends KubectlTestBase {
    @Override
    protected EmbeddedApiServer.Builder configure(EmbeddedApiServer.Builder builder) {
        return builder.register(ResourceDefinition.custom("example.com", "v1", "widgets", "Widget", true)
                .withShortNames("wg"));
    }

    private static final String POD_YAML =
            """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels:
          app: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
      """;

    @Test
    void applyCreatesThenPatchesWithTheLastAppliedAnnotation() throws Exception {
        Path f = manifest("pod.yaml", POD_YAML);
        assertTrue(run("apply", "-f", f.toString()).ok().out().contains("pod/web created"));
        JsonNode created =
                TestApi.JSON.readTree(server.get("pods", "default", "web").orElseThrow());
        assertFalse(created.path("metadata")
                .path("annotations")
                .path("kubectl.kubernetes.io/last-applied-configuration")
                .isMissingNode());
        Path changed = manifest("pod2.yaml", POD_YAML.replace("app: web", "app: web\n    tier: fe"));
        assertTrue(run("apply", "-f", changed.toString()).ok().out().contains("pod/web configured"));
        JsonNode patched =
                TestApi.JSON.readTree(server.get("pods", "default", "web").orElseThrow());
        assertEquals("fe", patched.path("metadata").path("labels").path("tier").asString());
        assertEquals(
                created.path("metadata").path("uid"), patched.path("metadata").path("uid"));
        assertTrue(server.requestCount("patch", "pods") >= 1, "the second apply is a PATCH");
        assertTrue(run("apply", "-f", changed.toString()).ok().out().contains("pod/web unchanged"));
    }

    @Test
    void getPodsInAllNamespacesAsJson() throws Exception {
        server.create("pods", "default", TestObjects.pod("a"));
        server.create("pods", "other", TestObjects.pod("b"));
        JsonNode list = TestApi.JSON.readTree(
                run("get", "pods", "-A", "-o", "json").ok().out());
        List<String> names = new ArrayList<>();
        list.path("items")
                .forEach(i -> names.add(i.path("metadata").path("namespace").asString() + "/"
                        + i.path("metadata").path("name").asString()));
        assertEquals(List.of("default/a", "other/b"), names);
    }

    @Test
    void getPodsPrintsATable() throws Exception {
        server.create("pods", "default", TestObjects.pod("tabled"));
        String out = run("get", "pods").ok().out();
        assertTrue(out.startsWith("NAME"), out);
        assertTrue(out.contains("tabled") && out.contains("Pending"), out);
    }

    @Test
    void getWatchSeesAnUpdateMadeThroughTheApi() throws Exception {
        server.create("pods", "default", TestObjects.pod("w"));
        try (Kubectl.Lines lines = start("get", "pods", "--watch", "--show-labels", "--no-headers")) {
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(30)), "kubectl opened no watch");
            new TestApi(server)
                    .mergePatch(
                            "/api/v1/namespaces/default/pods/w", "{\"metadata\":{\"labels\":{\"version\":\"two\"}}}")
                    .expect(200);
            lines.await(
                    line -> line.startsWith("w ") && line.contains("version=two"),
                    "the update (w with version=two)",
                    Duration.ofSeconds(30));
        }
    }

    @Test
    void patchStatusSubresource() throws Exception {
        server.create("pods", "default", TestObjects.pod("s"));
        run(
                        "patch",
                        "pod",
                        "s",
                        "--subresource=status",
                        "--type=merge",
                        "-p",
                        "{\"status\":{\"phase\":\"Running\",\"podIP\":\"10.1.2.3\"}}")
                .ok();
        JsonNode pod = TestApi.JSON.readTree(server.get("pods", "default", "s").orElseThrow());
        assertEquals("Running", pod.path("status").path("phase").asString());
        assertEquals("10.1.2.3", pod.path("status").path("podIP").asString());
        // Through the main resource the same patch changes nothing.
        run("patch", "pod", "s", "--type=merge", "-p", "{\"status\":{\"phase\":\"Failed\"}}")
                .ok();
        pod = TestApi.JSON.readTree(server.get("pods", "default", "s").orElseThrow());
        assertEquals("Running", pod.path("status").path("phase").asString());
    }

    @Test
    void deleteRemovesTheObject() throws Exception {
        server.create("pods", "default", TestObjects.pod("gone"));
        assertTrue(run("delete", "pod", "gone").ok().out().contains("pod \"gone\" deleted"));
        assertTrue(server.get("pods", "default", "gone").isEmpty());
        Kubectl.Result missing = run("delete", "pod", "gone");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("NotFound") || missing.err().contains("not found"), missing.err());
    }

    @Test
    void rawListPaginatesWithContinueTokens() throws Exception {
        for (String n : List.of("p1", "p2", "p3")) {
            server.create("pods", "default", TestObjects.pod(n));
        }
        JsonNode first = TestApi.JSON.readTree(
                run("get", "--raw", "/api/v1/pods?limit=1").ok().out());
        assertEquals(1, first.path("items").size());
        String cont = first.path("metadata").path("continue").asString();
        assertFalse(cont.isEmpty());
        JsonNode rest = TestApi.JSON.readTree(run("get", "--raw", "/api/v1/pods?limit=5&continue=" + TestApi.enc(cont))
                .ok()
                .out());
        assertEquals(
                List.of("p2", "p3"),
                List.of(
                        rest.path("items").get(0).path("metadata").path("name").asString(),
                        rest.path("items").get(1).path("metadata").path("name").asString()));
        // kubectl's own chunked list follows the tokens too.
        assertEquals(
                3,
                TestApi.JSON
                        .readTree(run("get", "pods", "--chunk-size=1", "-o", "json")
                                .ok()
                                .out())
                        .path("items")
                        .size());
    }

    @Test
    void apiResourcesListsBuiltInsAndTheRegisteredResource() throws Exception {
        String out = run("api-resources").ok().out();
        for (String r :
                List.of("pods", "nodes", "namespaces", "configmaps", "secrets", "events", "leases", "widgets")) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith(r + " ")), r + " missing in:\n" + out);
        }
        assertTrue(
                out.lines()
                        .anyMatch(l -> l.startsWith("widgets")
                                && l.contains("wg")
                                && l.contains("example.com/v1")
                                && l.contains("Widget")),
                out);
    }

    @Test
    void customResourcesWorkThroughKubectl() throws Exception {
        Path f = manifest(
                "widget.yaml",
                """
        apiVersion: example.com/v1
        kind: Widget
        metadata:
          name: w1
        spec:
          size: 3
        """);
        run("apply", "-f", f.toString()).ok();
        run(
                        "apply",
                        "-f",
                        manifest("widget2.yaml", Files.readString(f).replace("size: 3", "size: 4"))
                                .toString())
                .ok();
        assertTrue(run("get", "wg").ok().out().contains("w1"));
        JsonNode w = TestApi.JSON.readTree(
                run("get", "widget", "w1", "-o", "json").ok().out());
        assertEquals(4, w.path("spec").path("size").asInt());
    }
}
