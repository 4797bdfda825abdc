package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code node-agent} as a real process with bad manifests in its directory (issue 13): a manifest
 * with a {@code null} container and a 3 GiB one are each reported once, by file and reason, and
 * never keep the good manifests, including ones added later, from running.
 */
class NodeAgentBadManifestIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path manifests;

    private static String pod(String name) {
        return """
                apiVersion: v1
                kind: Pod
                metadata: {name: %s}
                spec: {containers: [{name: main, image: "nginx:1.27"}]}
                """
                .formatted(name);
    }

    @Test
    void badManifestsAreReportedOnceByFileAndTheOthersStillRun() throws Exception {
        Path nullContainer = manifests.resolve("bad.yaml");
        Files.writeString(
                nullContainer,
                """
                apiVersion: v1
                kind: Pod
                metadata: {name: bad}
                spec:
                  containers:
                  -
                """);
        Path huge = manifests.resolve("huge.yaml");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(3L << 30); // sparse: no disk used, and never read
        }
        Files.writeString(manifests.resolve("good.yaml"), pod("good"));

        try (JarProcess agent = JarProcess.start(
                "node-agent", "--node", "n1", "--manifest-dir", manifests.toString(), "--check-period", "1s")) {
            agent.awaitLine(
                    l -> l.equals("pod update: ADD source=file pods=[default/good-n1]"),
                    WAIT,
                    "the good manifest next to the bad ones");

            Path staged = manifests.resolve(".later.yaml.tmp");
            Files.writeString(staged, pod("later"));
            Files.move(staged, manifests.resolve("later.yaml"), StandardCopyOption.ATOMIC_MOVE);
            agent.awaitLine(
                    l -> l.equals("pod update: ADD source=file pods=[default/later-n1]"),
                    WAIT,
                    "a manifest added later");
            // A few more periods re-read the directory with the bad files unchanged.
            agent.awaitLine(
                    l -> l.startsWith("pod update: ADD source=api ") && l.contains("default/later-n1"),
                    WAIT,
                    "the mirror pod of the later manifest");
            agent.sigterm();
            agent.awaitExit(WAIT);

            List<String> stderr = agent.stderr();
            assertEquals(1, count(stderr, nullContainer + ": spec.containers[0]: must not be null"), agent.describe());
            assertEquals(
                    1,
                    count(
                            stderr,
                            huge + ": the manifest is 3221225472 bytes, above the cap of 10485760 bytes" + " (10 MiB)"),
                    agent.describe());
            assertTrue(
                    stderr.stream()
                            .noneMatch(l -> l.startsWith("\tat ")
                                    || l.contains("OutOfMemoryError")
                                    || l.contains("NullPointerException")),
                    agent.describe());
        }
    }

    private static long count(List<String> lines, String text) {
        return lines.stream().filter(l -> l.contains(text)).count();
    }
}
