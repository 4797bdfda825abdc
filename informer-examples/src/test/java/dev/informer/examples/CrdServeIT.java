package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
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
            metadata:
              name: gizmos.example.com
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

    private Path kubectl;
    private Path kubeconfig;

    @Test
    void kubectlInstallsACrdOnServeAndManagesItsCustomResources() throws Exception {
        kubectl = kubectlOnPath();
        kubeconfig = dir.resolve("kubeconfig");
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
        Process watch = process("get", "gizmos", "--watch", "--no-headers")
                .redirectErrorStream(true)
                .start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(watch.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        lines.add("READ FAILED: " + e);
                    }
                },
                "kubectl-watch-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            // The watch lists first: g1 printed means it is past its list and watching.
            awaitLine(lines, l -> l.startsWith("g1 "), "g1 from the initial list");
            kubectl("apply", "-f", write("g2.yaml", GIZMO.replace("g1", "g2")));
            awaitLine(lines, l -> l.startsWith("g2 "), "g2 from the watch");
        } finally {
            watch.destroy();
            if (!watch.waitFor(10, TimeUnit.SECONDS)) {
                watch.destroyForcibly();
            }
        }
    }

    private static void awaitLine(BlockingQueue<String> lines, java.util.function.Predicate<String> want, String what)
            throws InterruptedException {
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            String line = lines.poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
            if (line == null) {
                fail("kubectl get --watch did not print " + what + "; it printed " + seen);
            }
            seen.add(line);
            if (want.test(line)) {
                return;
            }
        }
    }

    private String write(String name, String yaml) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, yaml);
        return f.toString();
    }

    private ProcessBuilder process(String... args) {
        List<String> command = new ArrayList<>(List.of(
                kubectl.toString(),
                "--kubeconfig",
                kubeconfig.toString(),
                "--cache-dir",
                dir.resolve("cache").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("HOME", dir.toString());
        return pb;
    }

    private String kubectl(String... args) throws IOException, InterruptedException {
        Process process = process(args).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("kubectl " + String.join(" ", args) + " did not finish within " + WAIT.toSeconds() + " s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "kubectl " + String.join(" ", args) + ":\n" + output);
        return output;
    }

    /** kubectl from PATH; skips the test without it, except on CI (env CI set), where it fails. */
    private static Path kubectlOnPath() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator)) {
                Path candidate = Path.of(entry, "kubectl");
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        if (System.getenv("CI") != null) {
            fail("kubectl must be on PATH on CI (the serve command is tested with the real kubectl)");
        }
        Assumptions.assumeTrue(false, "kubectl is not on PATH");
        return null;
    }
}
