package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.informer.testing.Kubectl;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official Kubernetes Python client ({@code kubernetes} package) lists and watches through its
 * {@code AppsV1Api}, {@code BatchV1Api} and {@code CustomObjectsApi} against {@code serve}, with the
 * shipped WebApp CRD installed by kubectl.
 *
 * <p>Runs where a {@code python3} that can import {@code kubernetes} is on the machine (Debian's
 * {@code python3-kubernetes}, or {@code pip install kubernetes}); elsewhere it is skipped with the
 * reason, because the build may only fetch from Maven Central.
 */
class OfficialPythonClientIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static final String OBJECTS =
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: default, labels: {app: web}}
            spec:
              selector: {matchLabels: {app: web}}
              template:
                metadata: {labels: {app: web}}
                spec: {containers: [{name: c, image: nginx}]}
            ---
            apiVersion: batch/v1
            kind: Job
            metadata: {name: once, namespace: default}
            spec:
              template:
                spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
            ---
            apiVersion: batch/v1
            kind: CronJob
            metadata: {name: nightly, namespace: default}
            spec:
              schedule: "0 0 * * *"
              jobTemplate:
                spec:
                  template:
                    spec: {restartPolicy: Never, containers: [{name: c, image: busybox}]}
            ---
            apiVersion: example.dev/v1
            kind: WebApp
            metadata: {name: first, namespace: default}
            spec: {image: nginx, replicas: 1}
            """;

    @TempDir
    Path dir;

    @Test
    void officialPythonClientListsAndWatchesWorkloadsJobsAndCustomObjects() throws Exception {
        Optional<String> python = pythonWithKubernetesClient();
        assumeTrue(python.isPresent(), "no python3 on this machine can import the official kubernetes client");
        Path kubeconfig = dir.resolve("kubeconfig");
        Kubectl kubectl = KubectlOnPath.require(kubeconfig, dir, "the serve command");
        Path script = dir.resolve("official_client_check.py");
        try (InputStream in = Objects.requireNonNull(
                OfficialPythonClientIT.class.getResourceAsStream("/python/official_client_check.py"))) {
            Files.copy(in, script);
        }
        Path objects = dir.resolve("objects.yaml");
        Files.writeString(objects, OBJECTS);

        try (JarProcess serve = JarProcess.start("serve", "--port", "0", "--kubeconfig", kubeconfig.toString())) {
            serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line");
            KubectlOnPath.ok(
                    kubectl,
                    WAIT,
                    "apply",
                    "-f",
                    Path.of("crds/webapp-crd.yaml").toAbsolutePath().toString());
            KubectlOnPath.ok(kubectl, WAIT, "apply", "-f", objects.toString());

            Process process = new ProcessBuilder(python.get(), script.toString(), kubeconfig.toString())
                    .redirectErrorStream(true)
                    .start();
            String output;
            try (InputStream out = process.getInputStream()) {
                output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the Python check did not end");
            assertEquals(0, process.exitValue(), output);
            List<String> lines = output.lines().toList();
            assertEquals(
                    List.of(
                            "deployments: web/1/RollingUpdate",
                            "deployments in all namespaces: 1",
                            "jobs: once/6",
                            "cronjobs: nightly/0 0 * * *",
                            "webapps: first",
                            "deployments watch: ADDED web,ADDED web2",
                            "jobs watch: ADDED once,ADDED once2",
                            "webapps watch: ADDED first,ADDED shop",
                            "OK"),
                    lines,
                    output);
            serve.sigterm();
            serve.awaitExit(WAIT);
        }
    }

    private static Optional<String> pythonWithKubernetesClient() {
        for (String python : List.of("python3", "/usr/bin/python3")) {
            try {
                Process probe = new ProcessBuilder(python, "-c", "import kubernetes")
                        .redirectErrorStream(true)
                        .start();
                probe.getInputStream().readAllBytes();
                if (probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0) {
                    return Optional.of(python);
                }
                probe.destroyForcibly();
            } catch (IOException e) {
                // this python is not there; try the next
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
