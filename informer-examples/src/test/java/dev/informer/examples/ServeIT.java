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

/** {@code java -jar informer-examples.jar serve} as a real process, answered by the real kubectl. */
class ServeIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void serveAnswersKubectl() throws Exception {
        Path kubeconfig = dir.resolve("kubeconfig");
        Kubectl kubectl = KubectlOnPath.require(kubeconfig, dir, "the serve command");
        try (JarProcess serve =
                JarProcess.start("serve", "--port", "0", "--sample-pods", "6", "--kubeconfig", kubeconfig.toString())) {
            String url = serve.awaitLine(l -> l.startsWith("url: "), WAIT, "the url line")
                    .substring("url: ".length());
            String printed = serve.awaitLine(l -> l.startsWith("kubeconfig: "), WAIT, "the kubeconfig line")
                    .substring("kubeconfig: ".length());
            assertTrue(url.startsWith("http://127.0.0.1:"), url);
            assertEquals(kubeconfig.toAbsolutePath().toString(), printed);

            String pods = kubectl(kubectl, "get", "pods", "-A");
            assertTrue(pods.startsWith("NAMESPACE"), pods);
            assertEquals(1 + 6, pods.strip().lines().count(), "a header and 6 pods:\n" + pods);

            Path manifest = dir.resolve("hello.json");
            Files.writeString(
                    manifest,
                    """
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"hello"},"data":{"greeting":"hi"}}
                    """);
            kubectl(kubectl, "create", "-f", manifest.toString());
            assertEquals("hi", kubectl(kubectl, "get", "configmap", "hello", "-o", "jsonpath={.data.greeting}"));

            serve.sigterm();
            serve.awaitExit(WAIT);
        }
    }

    private static String kubectl(Kubectl kubectl, String... args) throws IOException, InterruptedException {
        return KubectlOnPath.ok(kubectl, WAIT, args);
    }
}
