package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file source (ported from the kubelet's file_test.go and file_linux_test.go). */
class FileSourceTest {

    private static final String NODE = "Node-1";

    @TempDir
    Path dir;

    private final FakeClock clock = new FakeClock();
    private final RecordingChannel channel = new RecordingChannel(ConfigSources.FILE);
    private PodSource source;

    @AfterEach
    void stop() {
        if (source != null) {
            source.close();
        }
    }

    private static String yamlPod(String name, String image) {
        return """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: %s
                spec:
                  containers:
                  - name: main
                    image: %s
                """.formatted(name, image);
    }

    private static String jsonPod(String name, String namespace) {
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"containers":[{"name":"c","image":"busybox"}]}}
                """.formatted(name, namespace);
    }

    private PodSource start(Path path, boolean watch) {
        source = PodSource.file(path, NODE, channel).clock(clock).watchFileSystem(watch).build();
        source.start();
        return source;
    }

    private void nextPeriod() throws InterruptedException {
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)), "the source waits for its period");
        clock.step(Duration.ofSeconds(20));
    }

    private static List<String> names(PodUpdate update) {
        return update.pods().stream().map(Pod::name).toList();
    }

    @Test
    void everyManifestOfTheDirectoryIsSentAtStartWithTheStaticPodDefaults() throws Exception {
        Files.writeString(dir.resolve("b.json"), jsonPod("api", "kube-system"));
        Files.writeString(dir.resolve("a.yaml"), yamlPod("web", "nginx"));
        start(dir, false);

        PodUpdate update = channel.next();
        assertEquals(PodOperation.SET, update.operation());
        assertEquals(ConfigSources.FILE, update.source());
        assertEquals(List.of("web-node-1", "api-node-1"), names(update), "sorted by file name, suffixed, lower case");

        Pod web = update.pods().get(0);
        assertEquals("default", web.namespace());
        assertEquals("kube-system", update.pods().get(1).namespace());
        assertEquals(NODE, web.spec().nodeName());
        assertEquals(32, web.uid().length(), "an MD5 hex UID");
        assertEquals(web.uid(), web.metadata().annotations().get(ConfigAnnotations.HASH));
        assertEquals(ConfigSources.FILE, web.metadata().annotations().get(ConfigAnnotations.SOURCE));
        assertEquals("Pending", web.status().phase());
        assertEquals("[{\"operator\":\"Exists\",\"effect\":\"NoExecute\"}]",
                web.spec().unknownFields().get("tolerations").toString());
        assertTrue(ConfigAnnotations.isStaticPod(web));
    }

    @Test
    void theUidDependsOnContentNodeAndFileButNotOnFieldOrder() throws Exception {
        Path file = dir.resolve("pod.json");
        Files.writeString(file, jsonPod("web", "ns"));
        start(dir, false);
        String uid = channel.next().pods().get(0).uid();

        Files.writeString(file, """
                {"spec":{"containers":[{"image":"busybox","name":"c"}]},
                 "metadata":{"namespace":"ns","name":"web"},"kind":"Pod","apiVersion":"v1"}
                """);
        nextPeriod();
        assertEquals(uid, channel.next().pods().get(0).uid(), "same content, other order: same UID");

        Files.writeString(file, jsonPod("web", "ns").replace("busybox", "busybox:2"));
        nextPeriod();
        assertNotEquals(uid, channel.next().pods().get(0).uid(), "changed content: new UID");
        source.close();

        RecordingChannel other = new RecordingChannel(ConfigSources.FILE);
        Files.writeString(file, jsonPod("web", "ns"));
        try (PodSource onOtherNode = PodSource.file(dir, "node-2", other).clock(clock).watchFileSystem(false).build()) {
            onOtherNode.start();
            assertNotEquals(uid, other.next().pods().get(0).uid(), "another node: another UID");
        }
    }

    @Test
    void aManifestThatSetsItsUidKeepsIt() throws Exception {
        Files.writeString(dir.resolve("p.yaml"), yamlPod("web", "nginx").replace("  name: web", "  name: web\n  uid: fixed"));
        start(dir, false);
        Pod pod = channel.next().pods().get(0);
        assertEquals("fixed", pod.uid());
        assertEquals("fixed", pod.metadata().annotations().get(ConfigAnnotations.HASH));
    }

    @Test
    void dotfilesAndSubdirectoriesAreIgnored() throws Exception {
        Files.writeString(dir.resolve(".hidden.yaml"), yamlPod("hidden", "x"));
        Files.createDirectory(dir.resolve("sub"));
        Files.writeString(dir.resolve("sub").resolve("nested.yaml"), yamlPod("nested", "x"));
        Files.writeString(dir.resolve("visible.yaml"), yamlPod("visible", "x"));
        start(dir, false);
        assertEquals(List.of("visible-node-1"), names(channel.next()));
    }

    @Test
    void invalidManifestsAreSkippedAndTheOthersSent() throws Exception {
        Files.writeString(dir.resolve("01-not-yaml.yaml"), "this: is: not: yaml: [");
        Files.writeString(dir.resolve("02-wrong-kind.yaml"), yamlPod("svc", "x").replace("kind: Pod", "kind: Service"));
        Files.writeString(dir.resolve("03-no-name.yaml"), yamlPod("", "x").replace("  name: \n", ""));
        Files.writeString(dir.resolve("04-no-containers.json"),
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"empty\"},\"spec\":{}}");
        Files.writeString(dir.resolve("05-good.yaml"), yamlPod("good", "x"));
        Files.writeString(dir.resolve("06-duplicate.yaml"), yamlPod("good", "other-image"));
        Files.writeString(dir.resolve("07-scalar.yaml"), "42");
        Files.writeString(dir.resolve("08-empty.yaml"), "");
        Files.writeString(dir.resolve("09-no-image.yaml"), yamlPod("noimage", "x").replace("    image: x\n", ""));
        Files.writeString(dir.resolve("10-bad-version.yaml"), yamlPod("v2", "x").replace("apiVersion: v1", "apiVersion: v2"));
        start(dir, false);

        PodUpdate update = channel.next();
        assertEquals(List.of("good-node-1"), names(update));
        assertEquals("x", update.pods().get(0).spec().containers().get(0).image(), "the first definition wins");
    }

    @Test
    void thePathIsReadAgainEveryPeriod() throws Exception {
        Files.writeString(dir.resolve("a.yaml"), yamlPod("a", "x"));
        start(dir, false);
        assertEquals(List.of("a-node-1"), names(channel.next()));

        Files.writeString(dir.resolve("b.yaml"), yamlPod("b", "x"));
        channel.expectNothing(Duration.ofMillis(100));
        nextPeriod();
        assertEquals(List.of("a-node-1", "b-node-1"), names(channel.next()));
    }

    @Test
    void aRemovedFileRemovesItsPodAsSoonAsTheFileSystemReportsIt() throws Exception {
        Files.writeString(dir.resolve("a.yaml"), yamlPod("a", "x"));
        Files.writeString(dir.resolve("b.yaml"), yamlPod("b", "x"));
        start(dir, true);
        assertEquals(List.of("a-node-1", "b-node-1"), names(channel.next()));

        Files.delete(dir.resolve("a.yaml"));
        // No clock step: the change notification alone triggers the read.
        PodUpdate update = channel.next();
        while (update.pods().size() != 1) {
            update = channel.next();
        }
        assertEquals(List.of("b-node-1"), names(update));
    }

    @Test
    void aMissingPathSendsAnEmptySetSoTheSourceCountsAsSeen() throws Exception {
        start(dir.resolve("does-not-exist"), true);
        PodUpdate update = channel.next();
        assertEquals(PodOperation.SET, update.operation());
        assertEquals(List.of(), update.pods());
    }

    @Test
    void anEmptyDirectorySendsAnEmptySet() throws Exception {
        start(dir, false);
        assertEquals(List.of(), channel.next().pods());
    }

    @Test
    void aSingleFileIsReadAndAnInvalidEditKeepsTheLastSet() throws Exception {
        Path file = dir.resolve("pod.yaml");
        Files.writeString(file, yamlPod("solo", "x"));
        start(file, false);
        assertEquals(List.of("solo-node-1"), names(channel.next()));

        Files.writeString(file, "kind: Pod\napiVersion: v1\n");
        nextPeriod();
        channel.expectNothing(Duration.ofMillis(200));

        Files.writeString(file, yamlPod("solo", "y"));
        nextPeriod();
        assertEquals("y", channel.next().pods().get(0).spec().containers().get(0).image());
    }

    @Test
    void startTwiceFailsAndCloseIsIdempotent() throws IOException {
        start(dir, false);
        assertThrows(IllegalStateException.class, source::start);
        source.close();
        source.close();
    }

    @Test
    void builderRejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> PodSource.file(dir, "", channel));
        assertThrows(IllegalArgumentException.class, () -> PodSource.file(dir, NODE, channel).period(Duration.ZERO));
    }
}
