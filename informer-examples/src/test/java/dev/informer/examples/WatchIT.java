package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.GenericObject;
import dev.informer.examples.demo.SamplePods;
import dev.informer.examples.watch.WatchLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code java -jar informer-examples.jar watch} as a real process against an embedded API server. */
class WatchIT extends EmbeddedServerTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern CONTRACT_LINE = Pattern.compile(
            "\\{\"event\":\"(ADD|UPDATE|DELETE|STORE)\",\"key\":\"[^\"]*\",\"resourceVersion\":\"[^\"]*\"}"
                    + "|\\{\"event\":\"SYNCED\"}|\\{\"event\":\"END\",\"count\":\\d+}");

    WatchIT() {
        super(3);
    }

    private String createPod(String namespace, String name) {
        SamplePods.create(server, SamplePods.pod(namespace, name, "web", null), false);
        return resourceVersion(namespace, name);
    }

    private String resourceVersion(String namespace, String name) {
        return ApiJson.readValue(server.get("pods", namespace, name).orElseThrow(), GenericObject.class)
                .resourceVersion();
    }

    private static void assertOnlyContractLinesOnStdout(JarProcess watch) {
        for (String line : watch.stdout()) {
            assertTrue(CONTRACT_LINE.matcher(line).matches(), "not a contract line: '" + line + "'" + watch.describe());
        }
        for (String line : watch.stderr()) {
            assertTrue(!line.startsWith("{\"event\""), "a contract line on stderr: " + line);
        }
    }

    @Test
    void printsNotificationsAndOnEndOfInputTheStoreThenEndAndExitsZero() throws Exception {
        String rvA = createPod("default", "a");
        String rvB = createPod("kube-system", "b");
        try (JarProcess watch = JarProcess.start("watch", "--server", server.url())) {
            watch.awaitLine(WatchLine.synced()::equals, WAIT, "SYNCED");
            List<String> initial = watch.stdout();
            assertEquals(3, initial.size(), watch.describe());
            assertTrue(
                    initial.containsAll(List.of(
                            WatchLine.object("ADD", "default/a", rvA), WatchLine.object("ADD", "kube-system/b", rvB))),
                    watch.describe());

            String rvC = createPod("default", "c");
            watch.awaitLine(WatchLine.object("ADD", "default/c", rvC)::equals, WAIT, "ADD of default/c");
            SamplePods.setApp(server, "default", "a", "api");
            String rvA2 = resourceVersion("default", "a");
            watch.awaitLine(WatchLine.object("UPDATE", "default/a", rvA2)::equals, WAIT, "UPDATE of default/a");
            server.delete("pods", "default", "c");
            watch.awaitLine(
                    line -> line.startsWith("{\"event\":\"DELETE\",\"key\":\"default/c\","),
                    WAIT,
                    "DELETE of default/c");

            int before = watch.stdout().size();
            watch.closeStdin();
            watch.awaitLine(line -> line.startsWith("{\"event\":\"END\""), WAIT, "END");
            assertEquals(0, watch.awaitExit(WAIT), watch.describe());
            List<String> all = watch.stdout();
            assertEquals(
                    List.of(
                            WatchLine.object("STORE", "default/a", rvA2),
                            WatchLine.object("STORE", "kube-system/b", rvB),
                            WatchLine.end(2)),
                    all.subList(before, all.size()),
                    watch.describe());
            assertEquals(1, all.stream().filter(WatchLine.synced()::equals).count(), "SYNCED once" + watch.describe());
            assertOnlyContractLinesOnStdout(watch);
        }
    }

    @Test
    void sigtermPrintsTheStoreThenEndAndExitsZero() throws Exception {
        String rv = createPod("blog", "x");
        createPod("default", "not-watched");
        try (JarProcess watch = JarProcess.start(
                "watch", "--server", server.url(), "--resource", "pods", "--namespace", "blog", "--resync", "1s")) {
            watch.awaitLine(WatchLine.synced()::equals, WAIT, "SYNCED");
            // A resync re-delivers the cached object unchanged: an UPDATE with the same resource version.
            watch.awaitLine(WatchLine.object("UPDATE", "blog/x", rv)::equals, WAIT, "a resync UPDATE of blog/x");

            watch.sigterm();
            watch.awaitLine(line -> line.startsWith("{\"event\":\"END\""), WAIT, "END");
            assertEquals(0, watch.awaitExit(WAIT), "exit code after SIGTERM" + watch.describe());
            List<String> all = watch.stdout();
            assertEquals(
                    List.of(WatchLine.object("STORE", "blog/x", rv), WatchLine.end(1)),
                    all.subList(all.size() - 2, all.size()),
                    watch.describe());
            assertTrue(all.stream().noneMatch(line -> line.contains("default/not-watched")), watch.describe());
            assertOnlyContractLinesOnStdout(watch);
        }
    }

    @Test
    void processDestroyWithOutputToAFileEndsWithTheStoreAndExitZero(@TempDir Path dir) throws Exception {
        String rv = createPod("default", "a");
        Path output = dir.resolve("watch.out");
        Process process = watchWritingTo(output).start();
        try {
            awaitSynced(output);
            assertSigtermExitsZero(process);
            assertEquals(
                    List.of(
                            WatchLine.object("ADD", "default/a", rv),
                            WatchLine.synced(),
                            WatchLine.object("STORE", "default/a", rv),
                            WatchLine.end(1)),
                    readLines(output));
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void standardInputFromDevNullKeepsWatchingUntilSigterm(@TempDir Path dir) throws Exception {
        String rvA = createPod("default", "a");
        Path output = dir.resolve("watch.out");
        Process process = watchWritingTo(output)
                .redirectInput(new java.io.File("/dev/null"))
                .start();
        try {
            awaitSynced(output);
            // Still watching: /dev/null is no input channel, so its immediate end of file ends nothing.
            String rvB = createPod("default", "b");
            Await.until("ADD of default/b in " + output, () -> readLines(output)
                    .contains(WatchLine.object("ADD", "default/b", rvB)));
            assertTrue(process.isAlive(), "still running with standard input from /dev/null");
            assertSigtermExitsZero(process);
            assertEquals(
                    List.of(
                            WatchLine.object("ADD", "default/a", rvA),
                            WatchLine.synced(),
                            WatchLine.object("ADD", "default/b", rvB),
                            WatchLine.object("STORE", "default/a", rvA),
                            WatchLine.object("STORE", "default/b", rvB),
                            WatchLine.end(2)),
                    readLines(output));
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * {@code watch} on the server as a plain process (not a {@link JarProcess}): standard output to
     * {@code output}, standard error to {@code watch.err} beside it.
     */
    private static void awaitSynced(Path output) {
        Await.until("SYNCED in " + output, () -> readLines(output).contains(WatchLine.synced()));
    }

    /** Sends SIGTERM (on Unix) and asserts that {@code process} exits 0 within {@link #WAIT}. */
    private static void assertSigtermExitsZero(Process process) throws InterruptedException {
        process.destroy();
        assertTrue(process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "exits after SIGTERM");
        assertEquals(0, process.exitValue());
    }

    private ProcessBuilder watchWritingTo(Path output) {
        return new ProcessBuilder(JarProcess.jarCommand("watch", "--server", server.url()))
                .redirectOutput(output.toFile())
                .redirectError(output.resolveSibling("watch.err").toFile());
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void watchesOtherResourcesToo() throws Exception {
        server.create("configmaps", "default", "{\"metadata\":{\"name\":\"settings\"},\"data\":{\"a\":\"b\"}}");
        String rv = ApiJson.readValue(
                        server.get("configmaps", "default", "settings").orElseThrow(), GenericObject.class)
                .resourceVersion();
        try (JarProcess watch = JarProcess.start("watch", "--server", server.url(), "--resource", "cm")) {
            watch.awaitLine(WatchLine.object("ADD", "default/settings", rv)::equals, WAIT, "ADD of the ConfigMap");
            watch.awaitLine(WatchLine.synced()::equals, WAIT, "SYNCED");
            watch.closeStdin();
            watch.awaitLine(WatchLine.end(1)::equals, WAIT, "END with count 1");
            assertEquals(0, watch.awaitExit(WAIT), watch.describe());
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Starts a watch against a port nobody listens on and waits until it has failed to list there. */
    private static JarProcess watchUnreachableServer() throws Exception {
        String address = "127.0.0.1:" + closedPort();
        JarProcess watch = JarProcess.start("watch", "--server", "http://" + address);
        // The informer runs (and keeps retrying, as client-go's reflector does) once it logs the failure.
        Await.until(
                "a failed list of " + address + " on stderr",
                () -> watch.stderr().stream().anyMatch(line -> line.contains(address)),
                watch::describe);
        return watch;
    }

    @Test
    void unreachableServerPrintsNothingThenOnSigtermOnlyEndZeroAndExitsZero() throws Exception {
        try (JarProcess watch = watchUnreachableServer()) {
            assertEquals(List.of(), watch.stdout(), "nothing but contract lines on stdout" + watch.describe());
            watch.sigterm();
            assertEquals(0, watch.awaitExit(WAIT), "exit code after SIGTERM" + watch.describe());
            assertEquals(List.of(WatchLine.end(0)), watch.stdout(), watch.describe());
        }
    }

    @Test
    void unreachableServerOnEndOfInputPrintsOnlyEndZeroAndExitsZero() throws Exception {
        try (JarProcess watch = watchUnreachableServer()) {
            watch.closeStdin();
            assertEquals(0, watch.awaitExit(WAIT), "exit code after end of input" + watch.describe());
            assertEquals(List.of(WatchLine.end(0)), watch.stdout(), watch.describe());
            assertOnlyContractLinesOnStdout(watch);
        }
    }
}
