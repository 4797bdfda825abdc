package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
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
        Path kubectl = kubectl();
        Path manifests = Path.of(System.getProperty("builtin.kinds.dir", "missing"));
        assertTrue(Files.isDirectory(manifests), "no manifest directory " + manifests);
        List<Path> files;
        try (Stream<Path> s = Files.list(manifests)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertEquals(27, files.size(), "one manifest per kind: " + files);
        Path kubeconfig = dir.resolve("kubeconfig");
        try (JarProcess serve = JarProcess.start("serve", "--port", "0", "--kubeconfig", kubeconfig.toString())) {
            serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line");
            for (Path file : files) {
                String plural = file.getFileName().toString().replace(".json", "");
                String resource = resourceName(file);
                String applied = kubectl(kubectl, kubeconfig, "apply", "-f", file.toString());
                assertTrue(applied.contains("created"), plural + ": " + applied);
                // A second apply succeeds; kinds whose defaulted fields sit in atomic lists (endpoint
                // ports, network policy ports) report "configured" again, as against kube-apiserver.
                kubectl(kubectl, kubeconfig, "apply", "-f", file.toString());
                assertEquals(
                        "sample",
                        kubectl(kubectl, kubeconfig, "get", resource, "sample", "-o", "jsonpath={.metadata.name}"));
                assertEquals(
                        "sample",
                        kubectl(kubectl, kubeconfig, "get", resource, "-l", "suite=kinds", "-o", "name")
                                .strip()
                                .replaceAll(".*/", ""));
                watchSeesSample(kubectl, kubeconfig, resource);
                kubectl(
                        kubectl,
                        kubeconfig,
                        "patch",
                        resource,
                        "sample",
                        "--type",
                        "merge",
                        "-p",
                        "{\"metadata\":{\"labels\":{\"patched\":\"yes\"}}}");
                assertEquals(
                        "yes",
                        kubectl(
                                kubectl,
                                kubeconfig,
                                "get",
                                resource,
                                "sample",
                                "-o",
                                "jsonpath={.metadata.labels.patched}"));
                if (SCALABLE.containsKey(plural)) {
                    kubectl(kubectl, kubeconfig, "scale", SCALABLE.get(plural), "sample", "--replicas=3");
                    assertEquals(
                            "3",
                            kubectl(kubectl, kubeconfig, "get", resource, "sample", "-o", "jsonpath={.spec.replicas}"));
                }
                String deleted = kubectl(kubectl, kubeconfig, "delete", "-f", file.toString());
                assertTrue(deleted.contains("deleted"), plural + ": " + deleted);
            }
            String explained = kubectl(kubectl, kubeconfig, "explain", "deployment.spec.replicas");
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
    private static void watchSeesSample(Path kubectl, Path kubeconfig, String resource)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                        kubectl.toString(),
                        "--kubeconfig",
                        kubeconfig.toString(),
                        "get",
                        resource,
                        "--watch",
                        "-o",
                        "name")
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        lines.add("read failed: " + e.getMessage());
                    }
                },
                "kubectl-watch-reader");
        reader.setDaemon(true);
        reader.start();
        try {
            String first = lines.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertTrue(first != null && first.endsWith("/sample"), resource + " --watch printed: " + first);
            assertTrue(process.isAlive(), resource + " --watch keeps watching");
        } finally {
            process.destroy();
            if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            reader.join(WAIT.toMillis());
        }
    }

    /** kubectl from PATH; skips the test without it, except on CI (env CI set), where it fails. */
    private static Path kubectl() {
        Optional<Path> found = Optional.empty();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(entry, "kubectl");
                if (Files.isExecutable(candidate)) {
                    found = Optional.of(candidate);
                    break;
                }
            }
        }
        if (found.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail("kubectl must be on PATH on CI (the built-in kinds are tested with the real kubectl)");
            }
            Assumptions.assumeTrue(false, "kubectl is not on PATH");
        }
        return found.get();
    }

    private static String kubectl(Path kubectl, Path kubeconfig, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig", kubeconfig.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("kubectl " + String.join(" ", args) + " did not finish within " + WAIT.toSeconds() + " s");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "kubectl " + String.join(" ", args) + ":\n" + output);
        return output;
    }
}
