package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real kubectl against {@code java -jar informer-examples.jar serve}, for every built-in kind
 * beyond the core seven: apply, get, a brief watch, patch, scale (where Kubernetes has the scale
 * subresource) and delete, one sample manifest per kind (system property {@code builtin.kinds.dir},
 * the manifests of informer-testing's BuiltInKindsTest).
 */
class BuiltInKindsKubectlIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** manifest file name (the plural) -> the name kubectl resolves. */
    private static final Map<String, String> SCALABLE = Map.of(
            "deployments", "deployments.apps",
            "replicasets", "replicasets.apps",
            "statefulsets", "statefulsets.apps",
            "replicationcontrollers", "replicationcontrollers");

    @TempDir
    Path dir;

    @Test
    void kubectlAppliesGetsWatchesPatchesScalesAndDeletesEveryBuiltInKind() throws Exception {
        Path manifests = Path.of(System.getProperty("builtin.kinds.dir", "missing"));
        assertTrue(Files.isDirectory(manifests), "no manifest directory " + manifests);
        List<Path> files;
        try (Stream<Path> s = Files.list(manifests)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(27, files.size(), "one manifest per kind: " + files);
        Path kubeconfig = dir.resolve("kubeconfig");
        Kubectl kubectl = KubectlOnPath.require(kubeconfig, dir, "the built-in kinds");
        try (JarProcess serve = JarProcess.start("serve", "--port", "0", "--kubeconfig", kubeconfig.toString())) {
            serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line");
            for (Path file : files) {
                String plural = file.getFileName().toString().replace(".json", "");
                String resource = resourceName(file);
                String applied = kubectl(kubectl, "apply", "-f", file.toString());
                assertTrue(applied.contains("created"), plural + ": " + applied);
                // A second apply succeeds; kinds whose defaulted fields sit in atomic lists (endpoint
                // ports, network policy ports) report "configured" again, as against kube-apiserver.
                kubectl(kubectl, "apply", "-f", file.toString());
                assertEquals("sample", kubectl(kubectl, "get", resource, "sample", "-o", "jsonpath={.metadata.name}"));
                assertEquals(
                        "sample",
                        kubectl(kubectl, "get", resource, "-l", "suite=kinds", "-o", "name")
                                .strip()
                                .replaceAll(".*/", ""));
                watchSeesSample(kubectl, resource);
                kubectl(
                        kubectl,
                        "patch",
                        resource,
                        "sample",
                        "--type",
                        "merge",
                        "-p",
                        "{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}");
                assertEquals(
                        "yes",
                        kubectl(kubectl, "get", resource, "sample", "-o", "jsonpath={.metadata.labels.patched}"));
                if (SCALABLE.containsKey(plural)) {
                    kubectl(kubectl, "scale", SCALABLE.get(plural), "sample", "--replicas=3");
                    assertEquals("3", kubectl(kubectl, "get", resource, "sample", "-o", "jsonpath={.spec.replicas}"));
                }
                String deleted = kubectl(kubectl, "delete", "-f", file.toString());
                assertTrue(deleted.contains("deleted"), plural + ": " + deleted);
            }
            String explained = kubectl(kubectl, "explain", "deployment.spec.replicas");
            assertTrue(explained.contains("FIELD: replicas <integer>"), explained);
            serve.sigterm();
            serve.awaitExit(WAIT);
        }
    }

    /** {@code plural.group} of the manifest's kind, as kubectl resolves it. */
    private static String resourceName(Path file) throws IOException {
        String plural = file.getFileName().toString().replace(".json", "");
        String content = Files.readString(file);
        int at = content.indexOf("\"apiVersion\": \"");
        String apiVersion = content.substring(at + 15, content.indexOf('"', at + 15));
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? plural : plural + "." + apiVersion.substring(0, slash);
    }

    /** {@code kubectl get <resource> --watch}: its first line names the sample; then it is stopped. */
    private static void watchSeesSample(Kubectl kubectl, String resource) throws IOException, InterruptedException {
        try (Kubectl.Lines lines = kubectl.start("get", resource, "--watch", "-o", "name")) {
            String first = lines.next(WAIT).orElse(null);
            assertTrue(first != null && first.endsWith("/sample"), resource + " --watch printed: " + first);
            assertTrue(lines.isAlive(), resource + " --watch keeps watching");
        }
    }

    private static String kubectl(Kubectl kubectl, String... args) throws IOException, InterruptedException {
        return KubectlOnPath.ok(kubectl, WAIT, args);
    }
}
