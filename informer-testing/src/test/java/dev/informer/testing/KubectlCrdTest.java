package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A CustomResourceDefinition driven by the real kubectl (on PATH): apply the CRD, then its custom
 * resources through every verb kubectl uses, explain, watch, and delete the CRD. Skipped without
 * kubectl, except in CI (env CI set), where it fails.
 */
class KubectlCrdTest extends KubectlTestBase {
    static final String CRD_YAML =
            """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata:
              name: widgets.example.com
            spec:
              group: example.com
              scope: Namespaced
              names:
                plural: widgets
                singular: widget
                kind: Widget
                shortNames: [wg]
              versions:
              - name: v1
                served: true
                storage: true
                subresources:
                  status: {}
                  scale:
                    specReplicasPath: .spec.replicas
                    statusReplicasPath: .status.replicas
                schema:
                  openAPIV3Schema:
                    type: object
                    description: A widget of the example group.
                    properties:
                      spec:
                        type: object
                        description: What the widget should be.
                        required: [size]
                        properties:
                          size:
                            type: string
                            description: How big the widget is.
                            enum: [small, large]
                          replicas:
                            type: integer
                            minimum: 0
                            default: 1
                      status:
                        type: object
                        properties:
                          replicas:
                            type: integer
            """;

    static final String WIDGET_YAML =
            """
            apiVersion: example.com/v1
            kind: Widget
            metadata:
              name: w1
            spec:
              size: small
            """;

    @Test
    void kubectlInstallsACrdAndManagesItsCustomResources() throws Exception {
        Kubectl.Result applied =
                run("apply", "-f", manifest("crd.yaml", CRD_YAML).toString()).ok();
        assertTrue(
                applied.out().contains("customresourcedefinition.apiextensions.k8s.io/widgets.example.com created"),
                applied.out());
        assertTrue(run("get", "crd").ok().out().contains("widgets.example.com"));

        Path widget = manifest("widget.yaml", WIDGET_YAML);
        assertTrue(run("apply", "-f", widget.toString()).ok().out().contains("widget.example.com/w1 created"));
        assertTrue(run(
                        "apply",
                        "-f",
                        manifest("widget2.yaml", WIDGET_YAML.replace("small", "large"))
                                .toString())
                .ok()
                .out()
                .contains("widget.example.com/w1 configured"));
        assertTrue(run("get", "widgets").ok().out().contains("w1"));
        assertEquals(
                "large",
                run("get", "wg", "w1", "-o", "jsonpath={.spec.size}").ok().out());
        assertEquals(
                "1",
                run("get", "wg", "w1", "-o", "jsonpath={.spec.replicas}").ok().out(),
                "defaulted");

        Kubectl.Result invalid = run(
                "apply",
                "-f",
                manifest("bad.yaml", WIDGET_YAML.replace("small", "medium")).toString());
        assertEquals(1, invalid.exit());
        assertTrue(invalid.err().contains("Unsupported value: \"medium\""), invalid.err());

        Kubectl.Result unknown = run(
                "apply",
                "-f",
                manifest("unknown.yaml", WIDGET_YAML.replace("  size: small", "  size: small\n  color: red"))
                        .toString());
        assertEquals(1, unknown.exit(), "kubectl validates strictly by default");
        assertTrue(unknown.err().contains("strict decoding error: unknown field \"spec.color\""), unknown.err());

        run("patch", "widget", "w1", "--type=merge", "-p", "{\"spec\":{\"size\":\"small\"}}")
                .ok();
        run("patch", "widget", "w1", "--subresource=status", "--type=merge", "-p", "{\"status\":{\"replicas\":2}}")
                .ok();
        JsonNode w = TestApi.JSON.readTree(
                run("get", "widget", "w1", "-o", "json").ok().out());
        assertEquals("small", w.path("spec").path("size").asString());
        assertEquals(2, w.path("status").path("replicas").asInt());
        Kubectl.Result strategic = run("patch", "widget", "w1", "-p", "{\"spec\":{\"size\":\"large\"}}");
        assertEquals(1, strategic.exit());
        assertTrue(
                strategic.err().contains("application/strategic-merge-patch+json is not supported"), strategic.err());

        run("scale", "widget", "w1", "--replicas=3").ok();
        assertEquals(
                "3",
                run("get", "wg", "w1", "-o", "jsonpath={.spec.replicas}").ok().out());

        String explained = run("explain", "widget.spec").ok().out();
        assertTrue(explained.contains("size") && explained.contains("How big the widget is."), explained);

        watchSeesANewWidget();

        assertTrue(run("delete", "widget", "w1").ok().out().contains("widget.example.com \"w1\" deleted"));
        run("delete", "crd", "widgets.example.com").ok();
        Kubectl.Result gone = run("get", "widgets");
        assertEquals(1, gone.exit());
        // kubectl answers from its cached discovery (a 404 on the list) or from fresh discovery.
        assertTrue(
                gone.err().contains("the server could not find the requested resource")
                        || gone.err().contains("the server doesn't have a resource type \"widgets\""),
                gone.err());
    }

    private void watchSeesANewWidget() throws Exception {
        try (Kubectl.Lines lines = start("get", "widgets", "--watch", "--no-headers")) {
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(30)), "kubectl opened no watch");
            run(
                            "apply",
                            "-f",
                            manifest("w2.yaml", WIDGET_YAML.replace("w1", "w2")).toString())
                    .ok();
            lines.await(line -> line.startsWith("w2 "), "w2", Duration.ofSeconds(30));
        }
    }
}
