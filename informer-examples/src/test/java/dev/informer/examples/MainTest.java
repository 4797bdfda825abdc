package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line in-process: help, exit codes and messages for bad usage and failures. */
class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertBadUsage(String expectedInMessage, String... args) {
        assertEquals(2, run(args), "exit code of " + List.of(args) + "; stderr: " + err);
        assertTrue(err.toString().startsWith("error: "), err.toString());
        assertTrue(
                err.toString().contains(expectedInMessage),
                "stderr should mention '" + expectedInMessage + "': " + err);
        assertEquals("", out.toString(), "nothing on stdout");
    }

    @Test
    void everyCommandHasHelpThatExitsZero() {
        for (String command : List.of("demo", "controller", "watch", "serve", "node-agent")) {
            StringWriter text = new StringWriter();
            int code = Main.execute(
                    new String[] {command, "--help"}, new PrintWriter(text, true), new PrintWriter(err, true));
            assertEquals(0, code, command + " --help");
            assertTrue(text.toString().contains("Usage: informer-examples " + command), text.toString());
        }
        assertEquals(0, run("--help"));
        for (String command : List.of("demo", "controller", "watch", "serve", "node-agent")) {
            assertTrue(out.toString().contains(command), "top-level help lists " + command + ": " + out);
        }
    }

    @Test
    void versionExitsZero() {
        assertEquals(0, run("--version"));
        assertTrue(out.toString().startsWith("informer-examples "), out.toString());
    }

    @Test
    void unknownCommandIsBadUsage() {
        assertBadUsage("'frobnicate'", "frobnicate");
    }

    @Test
    void unknownOptionIsBadUsage() {
        assertBadUsage("--no-such-option", "demo", "--no-such-option");
    }

    @Test
    void watchWithServerAndContextIsBadUsage() {
        assertBadUsage("--server cannot be combined", "watch", "--server", "http://127.0.0.1:1", "--context", "dev");
    }

    @Test
    void syncTimeoutBelowOneSecondIsBadUsage() {
        assertBadUsage(
                "--sync-timeout must be at least 1s",
                "controller",
                "--server",
                "http://127.0.0.1:1",
                "--sync-timeout",
                "500ms");
        assertBadUsage(
                "--sync-timeout must be at least 1s",
                "watch",
                "--server",
                "http://127.0.0.1:1",
                "--sync-timeout",
                "500ms");
    }

    @Test
    void watchWithMalformedServerIsBadUsage() {
        assertBadUsage("ftp://example", "watch", "--server", "ftp://example");
    }

    @Test
    void watchOfUnknownResourceIsBadUsageListingTheKnownOnes() {
        assertBadUsage(
                "unknown --resource 'widgets'", "watch", "--server", "http://127.0.0.1:1", "--resource", "widgets");
        assertTrue(err.toString().contains("configmaps"), err.toString());
    }

    @Test
    void watchOfClusterScopedResourceInANamespaceIsBadUsage() {
        assertBadUsage("cluster-scoped", "watch", "--server", "http://127.0.0.1:1", "--resource", "nodes", "-n", "x");
    }

    @Test
    void malformedDurationIsBadUsage() {
        assertBadUsage("'soon'", "watch", "--server", "http://127.0.0.1:1", "--resync", "soon");
    }

    @Test
    void resyncBelowOneSecondIsBadUsage() {
        assertBadUsage("at least 1s", "watch", "--server", "http://127.0.0.1:1", "--resync", "10ms");
    }

    @Test
    void demoWithImpossibleNumbersIsBadUsage() {
        assertBadUsage("--pods", "demo", "--pods", "0");
        err.getBuffer().setLength(0);
        assertBadUsage("--namespaces", "demo", "--namespaces", "9");
    }

    @Test
    void workersOutsideOneToSixtyFourAreBadUsageInEveryCommandWithWorkers() {
        assertBadUsage("--workers must be 1..64: 0", "demo", "--workers", "0");
        err.getBuffer().setLength(0);
        assertBadUsage(
                "--workers must be 1..64: 65", "controller", "--server", "http://127.0.0.1:1", "--workers", "65");
        err.getBuffer().setLength(0);
        assertBadUsage("--workers must be 1..64: 0", "webapp", "--embedded", "--workers", "0");
    }

    @Test
    void serveWithInvalidPortIsBadUsage() {
        assertBadUsage("--port", "serve", "--port", "70000");
    }

    @Test
    void nodeAgentWithoutNodeIsBadUsage() {
        assertBadUsage("--node", "node-agent");
    }

    @Test
    void nodeAgentWithNonHttpManifestUrlIsBadUsage() {
        assertBadUsage("--manifest-url", "node-agent", "--node", "n1", "--manifest-url", "file:///etc/pods");
    }

    @Test
    void controllerWithServerAndKubeconfigIsBadUsage() {
        assertBadUsage("cannot be combined", "controller", "--server", "http://127.0.0.1:1", "--kubeconfig", "/tmp/x");
    }

    @Test
    void controllerLeaseOptionsWithoutLeaderElectionAreBadUsage() {
        assertBadUsage("--leader-elect", "controller", "--server", "http://127.0.0.1:1", "--identity", "me");
    }

    @Test
    void controllerWithMissingKubeconfigFailsWithAOneLineReason() {
        assertEquals(1, run("controller", "--kubeconfig", "/nonexistent/kubeconfig"));
        String text = err.toString();
        assertTrue(text.startsWith("error: "), text);
        assertTrue(text.contains("/nonexistent/kubeconfig"), "names the file: " + text);
        assertEquals(1, text.strip().lines().count(), "one line: " + text);
    }
}
