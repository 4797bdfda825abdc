package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CustomResourceDefinition against {@code java -jar informer-examples.jar serve}, driven by the
 * real kubectl: apply the CRD, {@code get crd}, apply/get/patch (also {@code --subresource=status})
 * and scale a custom resource, {@code explain} its kind, watch it briefly, delete it and the CRD.
 */
class CrdServeIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static final String CRD =
            """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {name: gizmos.example.com}
            spec:
              group: example.com
              scope: Namespaced
              names: {plural: gizmos, singular: gizmo, kind: Gizmo, shortNames: [gz]}
              versions:
              - name: v1
                served: true
                storage: true
                subresources:
                  status: {}
                  scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
                schema:
                  openAPIV3Schema:
                    type: object
                    properties:
                      spec:
                        type: object
                        description: The desired gizmo.
                        properties:
                          color: {type: string, description: The gizmo's color., enum: [red, blue]}
                          replicas: {type: integer, minimum: 0}
                      status:
                        type: object
                        properties:
                          ready: {type: boolean}
            """;

    private static final String GIZMO =
            """
            apiVersion: example.com/v1
            kind: Gizmo
            metadata: {name: g1}
            spec: {color: red, replicas: 1}
            """;

    @TempDir
    Path dir;

    private Kubectl kubectl;

    @Test
    void kubectlInstallsACrdOnServeAndManagesItsCustomResources() throws Exception {
        Path kubeconfig = dir.resolve("kubeconfig");
        kubectl = KubectlOnPath.require(kubeconfig, dir, "the serve command");
        try (JarProcess serve = JarProcess.start("serve", "--port", "0", "--kubeconfig", kubeconfig.toString())) {
            serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line");

            assertTrue(kubectl("apply", "-f", write("crd.yaml", CRD)).contains("gizmos.example.com created"));
            assertTrue(kubectl("get", "crd").contains("gizmos.example.com"));
            assertTrue(kubectl("apply", "-f", write("g1.yaml", GIZMO)).contains("gizmo.example.com/g1 created"));
            assertTrue(kubectl("get", "gizmos").contains("g1"));

            kubectl("patch", "gizmo", "g1", "--type=merge", "-p", "{\"spec\":{\"color\":\"blue\"}}");
            kubectl(
                    "patch",
                    "gizmo",
                    "g1",
                    "--subresource=status",
                    "--type=merge",
                    "-p",
                    "{\"status\":{\"ready\":true}}");
            kubectl("scale", "gizmo", "g1", "--replicas=3");
            assertEquals(
                    "blue true 3",
                    kubectl("get", "gz", "g1", "-o", "jsonpath={.spec.color} {.status.ready} {.spec.replicas}"));

            String explained = kubectl("explain", "gizmo.spec");
            assertTrue(explained.contains("color") && explained.contains("The gizmo's color."), explained);

            watchSeesANewGizmo();

            assertTrue(kubectl("delete", "gizmo", "g1").contains("\"g1\" deleted"));
            assertTrue(kubectl("delete", "crd", "gizmos.example.com").contains("deleted"));
            assertTrue(kubectl("get", "crd").isBlank() || !kubectl("get", "crd").contains("gizmos"));

            serve.sigterm();
            serve.awaitExit(WAIT);
        }
    }

    /** {@code kubectl get gizmos -w} shows a gizmo created while it watches; then it is stopped. */
    private void watchSeesANewGizmo() throws Exception {
        try (Kubectl.Lines lines = kubectl.start("get", "gizmos", "--watch", "--no-headers")) {
            // The watch lists first: g1 printed means it is past its list and watching.
            lines.await(l -> l.startsWith("g1 "), "g1 from the initial list", WAIT);
            kubectl("apply", "-f", write("g2.yaml", GIZMO.replace("g1", "g2")));
            lines.await(l -> l.startsWith("g2 "), "g2 from the watch", WAIT);
        }
    }

    private String write(String name, String yaml) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, yaml);
        return f.toString();
    }

    private String kubectl(String... args) throws IOException, InterruptedException {
        return KubectlOnPath.ok(kubectl, WAIT, args);
    }
}
