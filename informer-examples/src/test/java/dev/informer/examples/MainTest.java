package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

    /** One bad command line: what it shows, the text its error line must contain, and the arguments. */
    private static Arguments usage(String behaviour, String expectedInMessage, String... args) {
        return Arguments.of(behaviour, expectedInMessage, args);
    }

    static Stream<Arguments> badUsages() {
        String server = "http://127.0.0.1:1";
        return Stream.of(
                usage("unknown command", "'frobnicate'", "frobnicate"),
                usage("unknown option", "--no-such-option", "demo", "--no-such-option"),
                usage(
                        "watch with --server and --context",
                        "--server cannot be combined",
                        "watch",
                        "--server",
                        server,
                        "--context",
                        "dev"),
                usage(
                        "controller with --sync-timeout below 1s",
                        "--sync-timeout must be at least 1s",
                        "controller",
                        "--server",
                        server,
                        "--sync-timeout",
                        "500ms"),
                usage(
                        "watch with --sync-timeout below 1s",
                        "--sync-timeout must be at least 1s",
                        "watch",
                        "--server",
                        server,
                        "--sync-timeout",
                        "500ms"),
                usage("watch with a malformed --server", "ftp://example", "watch", "--server", "ftp://example"),
                usage(
                        "watch of a cluster-scoped resource in a namespace",
                        "cluster-scoped",
                        "watch",
                        "--server",
                        server,
                        "--resource",
                        "nodes",
                        "-n",
                        "x"),
                usage("malformed duration", "'soon'", "watch", "--server", server, "--resync", "soon"),
                usage("--resync below 1s", "at least 1s", "watch", "--server", server, "--resync", "10ms"),
                usage("demo with --pods 0", "--pods", "demo", "--pods", "0"),
                usage("demo with more namespaces than it has", "--namespaces", "demo", "--namespaces", "9"),
                usage("demo with --workers 0", "--workers must be 1..64: 0", "demo", "--workers", "0"),
                usage(
                        "controller with --workers 65",
                        "--workers must be 1..64: 65",
                        "controller",
                        "--server",
                        server,
                        "--workers",
                        "65"),
                usage(
                        "webapp with --workers 0",
                        "--workers must be 1..64: 0",
                        "webapp",
                        "--embedded",
                        "--workers",
                        "0"),
                usage("serve with an invalid --port", "--port", "serve", "--port", "70000"),
                usage("node-agent without --node", "--node", "node-agent"),
                usage(
                        "node-agent with a non-HTTP --manifest-url",
                        "--manifest-url",
                        "node-agent",
                        "--node",
                        "n1",
                        "--manifest-url",
                        "file:///etc/pods"),
                usage(
                        "controller with --server and --kubeconfig",
                        "cannot be combined",
                        "controller",
                        "--server",
                        server,
                        "--kubeconfig",
                        "/tmp/x"),
                usage(
                        "controller lease options without --leader-elect",
                        "--leader-elect",
                        "controller",
                        "--server",
                        server,
                        "--identity",
                        "me"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badUsages")
    void badUsageExitsTwoWithOneErrorLineNamingTheProblem(String behaviour, String expectedInMessage, String[] args) {
        assertBadUsage(expectedInMessage, args);
    }

    @Test
    void watchOfUnknownResourceIsBadUsageListingTheKnownOnes() {
        assertBadUsage(
                "unknown --resource 'widgets'", "watch", "--server", "http://127.0.0.1:1", "--resource", "widgets");
        assertTrue(err.toString().contains("configmaps"), err.toString());
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
