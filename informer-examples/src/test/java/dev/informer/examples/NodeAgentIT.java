package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar informer-examples.jar node-agent} as a real process, with a manifest directory. */
class NodeAgentIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path manifests;

    @Test
    void nodeAgentPicksUpAManifestDroppedIntoTheDirectory() throws Exception {
        try (JarProcess agent =
                JarProcess.start("node-agent", "--node", "n1", "--manifest-dir", manifests.toString())) {
            agent.awaitLine(l -> l.startsWith("node agent for node n1"), WAIT, "the start line");
            agent.awaitLine(
                    l -> l.startsWith("pod update: ADD source=api ") && l.contains("default/web-n1"),
                    WAIT,
                    "the API server's pods bound to n1");

            // Written aside and moved in, so the agent never reads a half-written file.
            Path staged = manifests.resolve(".static-web.yaml.tmp");
            Files.writeString(
                    staged,
                    """
                    apiVersion: v1
                    kind: Pod
                    metadata:
                      name: static-web
                    spec:
                      containers:
                      - name: nginx
                        image: nginx:1.27
                    """);
            Files.move(staged, manifests.resolve("static-web.yaml"), StandardCopyOption.ATOMIC_MOVE);
            agent.awaitLine(
                    l -> l.equals("pod update: ADD source=file pods=[default/static-web-n1]"),
                    WAIT,
                    "the static pod from the new manifest");
            // As a kubelet, the agent makes the static pod visible on the API server as a mirror pod.
            agent.awaitLine(
                    l -> l.startsWith("pod update: ADD source=api ") && l.contains("default/static-web-n1"),
                    WAIT,
                    "the mirror pod coming back through the API source");

            Files.delete(manifests.resolve("static-web.yaml"));
            agent.awaitLine(
                    l -> l.equals("pod update: REMOVE source=file pods=[default/static-web-n1]"),
                    WAIT,
                    "the static pod's removal");
            agent.sigterm();
            agent.awaitExit(WAIT);
            assertTrue(agent.stdout().stream().noneMatch(l -> l.contains("Exception")), agent.describe());
        }
    }
}
