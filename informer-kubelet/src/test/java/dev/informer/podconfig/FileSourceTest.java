package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
                """
                .formatted(name, image);
    }

    private static String jsonPod(String name, String namespace) {
        return """
                {"apiVersion":"v1","kind":"Pod","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"containers":[{"name":"c","image":"busybox"}]}}
                """
                .formatted(name, namespace);
    }

    private PodSource start(Path path, boolean watch) {
        source = FileSource.builder(path, NODE, channel)
                .clock(clock)
                .watchFileSystem(watch)
                .build();
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
        assertEquals(
                "[{\"operator\":\"Exists\",\"effect\":\"NoExecute\"}]",
                web.spec().unknownFields().get("tolerations").toString());
        assertTrue(ConfigAnnotations.isStaticPod(web));
    }

    @Test
    void theUidDependsOnContentNodeAndFileButNotOnFieldOrder() throws Exception {
        Path file = dir.resolve("pod.json");
        Files.writeString(file, jsonPod("web", "ns"));
        start(dir, false);
        String uid = channel.next().pods().get(0).uid();

        Files.writeString(
                file,
                """
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
        try (PodSource onOtherNode = FileSource.builder(dir, "node-2", other)
                .clock(clock)
                .watchFileSystem(false)
                .build()) {
            onOtherNode.start();
            assertNotEquals(uid, other.next().pods().get(0).uid(), "another node: another UID");
        }
    }

    @Test
    void aManifestThatSetsItsUidKeepsIt() throws Exception {
        Files.writeString(
                dir.resolve("p.yaml"), yamlPod("web", "nginx").replace("  name: web", "  name: web\n  uid: fixed"));
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
        Files.writeString(
                dir.resolve("04-no-containers.json"),
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"empty\"},\"spec\":{}}");
        Files.writeString(dir.resolve("05-good.yaml"), yamlPod("good", "x"));
        Files.writeString(dir.resolve("06-duplicate.yaml"), yamlPod("good", "other-image"));
        Files.writeString(dir.resolve("07-scalar.yaml"), "42");
        Files.writeString(dir.resolve("08-empty.yaml"), "");
        Files.writeString(
                dir.resolve("09-no-image.yaml"), yamlPod("noimage", "x").replace("    image: x\n", ""));
        Files.writeString(
                dir.resolve("10-bad-version.yaml"), yamlPod("v2", "x").replace("apiVersion: v1", "apiVersion: v2"));
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
        assertEquals(
                "y", channel.next().pods().get(0).spec().containers().get(0).image());
    }

    // ---- issue 13: one bad manifest never blocks the others ----

    private final List<InvalidManifestException> problems = new java.util.concurrent.CopyOnWriteArrayList<>();

    private PodSource start(FileSource.Builder builder) {
        source = builder.clock(clock).onInvalidManifest(problems::add).build();
        source.start();
        return source;
    }

    private List<String> problemMessages() {
        return problems.stream().map(InvalidManifestException::getMessage).toList();
    }

    @Test
    void aNullContainerIsAValidationErrorNamingFileAndFieldAndTheOtherManifestsStillApply() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(
                bad,
                """
                apiVersion: v1
                kind: Pod
                metadata:
                  name: bad
                spec:
                  containers:
                  -
                """);
        Files.writeString(dir.resolve("good.yaml"), yamlPod("good", "x"));
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(false));

        assertEquals(List.of("good-node-1"), names(channel.next()));
        assertEquals(List.of(bad + ": spec.containers[0]: must not be null"), problemMessages());

        Files.writeString(dir.resolve("later.yaml"), yamlPod("later", "x"));
        nextPeriod();
        assertEquals(List.of("good-node-1", "later-node-1"), names(channel.next()), "a file added later appears");
        nextPeriod();
        channel.next();
        assertEquals(1, problems.size(), "an unchanged bad file is reported once, not every period: " + problems);
    }

    @Test
    void anUnchangedBadFileIsReportedOnceAndAgainOnlyWhenItsContentChanges() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(
                bad,
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"},"
                        + "\"spec\":{\"containers\":[null]}}");
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(false));
        channel.next();
        nextPeriod();
        channel.next();
        assertEquals(1, problems.size());

        Files.writeString(
                bad,
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"b\"},"
                        + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\"}],\"initContainers\":[null]}}");
        nextPeriod();
        channel.next();
        assertEquals(
                List.of(
                        bad + ": spec.containers[0]: must not be null",
                        bad + ": spec.initContainers[0]: must not be null"),
                problemMessages());

        Files.writeString(bad, yamlPod("b", "x"));
        nextPeriod();
        assertEquals(List.of("b-node-1"), names(channel.next()), "fixed, the file applies");
    }

    @Test
    void aSecondFileDefiningTheSamePodIsReportedOnceNotEveryPeriod() throws Exception {
        Files.writeString(dir.resolve("a.yaml"), yamlPod("web", "x"));
        Files.writeString(dir.resolve("b.yaml"), yamlPod("web", "y"));
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(false));
        assertEquals(List.of("web-node-1"), names(channel.next()));
        nextPeriod();
        channel.next();
        nextPeriod();
        channel.next();
        assertEquals(
                List.of(dir.resolve("b.yaml") + ": pod default/web-node-1 is already defined by "
                        + dir.resolve("a.yaml") + "; ignoring this file"),
                problemMessages());
    }

    @Test
    void aManifestAboveTheSizeCapIsRejectedByNameWithoutBeingRead() throws Exception {
        // 3 GiB, sparse: reading it into memory is what used to kill the source with OutOfMemoryError.
        Path huge = dir.resolve("huge.yaml");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(3L << 30);
        }
        Path big = dir.resolve("big.yaml");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(11L << 20);
        }
        Files.writeString(dir.resolve("good.yaml"), yamlPod("good", "x"));
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(false));

        assertEquals(List.of("good-node-1"), names(channel.next()));
        assertEquals(
                List.of(
                        big + ": the manifest is 11534336 bytes, above the cap of 10485760 bytes (10 MiB)",
                        huge + ": the manifest is 3221225472 bytes, above the cap of 10485760 bytes (10 MiB)"),
                problemMessages());

        Files.writeString(dir.resolve("later.yaml"), yamlPod("later", "x"));
        nextPeriod();
        assertEquals(List.of("good-node-1", "later-node-1"), names(channel.next()), "the source goes on");
        assertEquals(2, problems.size(), "reported once each");
    }

    @Test
    void theSizeCapIsConfigurableAndInclusive() throws Exception {
        String pod = yamlPod("fits", "x");
        Files.writeString(dir.resolve("fits.yaml"), pod);
        Files.writeString(dir.resolve("over.yaml"), yamlPod("over", "xy"));
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(false).maxManifestBytes(pod.length()));

        assertEquals(List.of("fits-node-1"), names(channel.next()));
        assertEquals(
                List.of(dir.resolve("over.yaml") + ": the manifest is " + (pod.length() + 1)
                        + " bytes, above the cap of " + pod.length() + " bytes"),
                problemMessages());
        assertThrows(IllegalArgumentException.class, () -> FileSource.builder(dir, NODE, channel)
                .maxManifestBytes(0));
    }

    @Test
    void aSingleManifestFileAboveTheCapKeepsTheLastSet() throws Exception {
        Path file = dir.resolve("pod.yaml");
        Files.writeString(file, yamlPod("solo", "x"));
        start(FileSource.builder(file, NODE, channel).watchFileSystem(false).maxManifestBytes(1000));
        assertEquals(List.of("solo-node-1"), names(channel.next()));

        Files.writeString(file, yamlPod("solo", "x".repeat(1000)));
        nextPeriod();
        channel.expectNothing(Duration.ofMillis(200));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).getMessage().startsWith(file + ": the manifest is "), problems.toString());
    }

    @Test
    void aRoundThatFailsWithAnErrorIsLoggedAndRetriedSoLaterManifestsAppear() throws Exception {
        Files.writeString(dir.resolve("a.yaml"), yamlPod("a", "x"));
        java.util.concurrent.atomic.AtomicInteger sends = new java.util.concurrent.atomic.AtomicInteger();
        SourceChannel<PodUpdate> failingOnce = new SourceChannel<>() {
            @Override
            public String source() {
                return ConfigSources.FILE;
            }

            @Override
            public void send(PodUpdate update) {
                if (sends.incrementAndGet() == 1) {
                    throw new OutOfMemoryError("injected: the first round fails as a whole");
                }
                channel.send(update);
            }

            @Override
            public boolean offer(PodUpdate update, Duration timeout) {
                send(update);
                return true;
            }
        };
        source = FileSource.builder(dir, NODE, failingOnce)
                .clock(clock)
                .watchFileSystem(false)
                .build();
        source.start();

        Files.writeString(dir.resolve("b.yaml"), yamlPod("b", "x"));
        nextPeriod();
        assertEquals(List.of("a-node-1", "b-node-1"), names(channel.next()), "the source's thread survived");
        assertEquals(2, sends.get());
    }

    @Test
    void aWriterRenamingADotFileIntoPlaceIsPickedUpWithoutReadingTheHalfWrittenFile() throws Exception {
        start(FileSource.builder(dir, NODE, channel).watchFileSystem(true));
        assertEquals(List.of(), names(channel.next()));

        Path temp = dir.resolve(".web.yaml.tmp");
        Files.writeString(temp, yamlPod("web", "x").substring(0, 40));
        channel.expectNothing(Duration.ofMillis(300));
        Files.writeString(temp, yamlPod("web", "x"));
        channel.expectNothing(Duration.ofMillis(300));
        assertEquals(List.of(), problems, "the half-written temporary file is never read");

        Files.move(temp, dir.resolve("web.yaml"), StandardCopyOption.ATOMIC_MOVE);
        // No clock step: the rename's notification triggers the read.
        assertEquals(List.of("web-node-1"), names(channel.next()));
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
        assertThrows(IllegalArgumentException.class, () -> FileSource.builder(dir, "", channel));
        assertThrows(IllegalArgumentException.class, () -> FileSource.builder(dir, NODE, channel)
                .period(Duration.ZERO));
    }
}
