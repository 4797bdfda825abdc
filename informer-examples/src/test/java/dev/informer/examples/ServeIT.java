package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar informer-examples.jar serve} as a real process, answered by the real kubectl. */
class ServeIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void serveAnswersKubectl() throws Exception {
        Path kubectl = kubectl();
        Path kubeconfig = dir.resolve("kubeconfig");
        try (JarProcess serve =
                JarProcess.start("serve", "--port", "0", "--sample-pods", "6", "--kubeconfig", kubeconfig.toString())) {
            String url = serve.awaitLine(l -> l.startsWith("url: "), WAIT, "the url line")
                    .substring("url: ".length());
            String printed = serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line")
                    .substring("kubeconfig: ".length());
            assertTrue(url.startsWith("http://127.0.0.1:"), url);
            assertEquals(kubeconfig.toAbsolutePath().toString(), printed);

            String pods = kubectl(kubectl, kubeconfig, "get", "pods", "-A");
            assertTrue(pods.startsWith("NAMESPACE"), pods);
            assertEquals(1 + 6, pods.strip().lines().count(), "a header and 6 pods:\n" + pods);

            Path manifest = dir.resolve("hello.json");
            Files.writeString(
                    manifest,
                    """
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"hello"},"data":{"greeting":"hi"}}
                    """);
            kubectl(kubectl, kubeconfig, "create", "-f", manifest.toString());
            assertEquals(
                    "hi", kubectl(kubectl, kubeconfig, "get", "configmap", "hello", "-o", "jsonpath={.data.greeting}"));

            serve.sigterm();
            serve.awaitExit(WAIT);
        }
    }

    /** kubectl from PATH; skips the test without it, except on CI (env CI set), where it fails. */
    private static Path kubectl() {
        Optional<Path> found = findOnPath("kubectl");
        if (found.isEmpty()) {
            if (System.getenv("CI") != null) {
                fail("kubectl must be on PATH on CI (the serve command is tested with the real kubectl)");
            }
            Assumptions.assumeTrue(false, "kubectl is not on PATH");
        }
        return found.get();
    }

    private static Optional<Path> findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String entry : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(entry, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String kubectl(Path kubectl, Path kubeconfig, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig", kubeconfig.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
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
