package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Exit codes of the real process: 2 for bad usage with a message, 1 for a failure with a one-line reason. */
class BadUsageIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void missingRequiredOptionExitsTwoWithAMessage() throws Exception {
        try (JarProcess p = JarProcess.start("node-agent")) {
            assertEquals(2, p.awaitExit(WAIT), p.describe());
            assertTrue(String.join("\n", p.stderr()).contains("Missing required option: '--node=NAME'"), p.describe());
            assertTrue(p.stdout().isEmpty(), p.describe());
        }
    }

    @Test
    void unknownCommandExitsTwoWithAMessage() throws Exception {
        try (JarProcess p = JarProcess.start("frobnicate")) {
            assertEquals(2, p.awaitExit(WAIT), p.describe());
            assertTrue(
                    p.stderr().get(0).startsWith("error: ") && p.stderr().get(0).contains("frobnicate"), p.describe());
        }
    }

    @Test
    void failureExitsOneWithAOneLineReason() throws Exception {
        try (JarProcess p = JarProcess.start("controller", "--kubeconfig", "/nonexistent/kubeconfig")) {
            assertEquals(1, p.awaitExit(WAIT), p.describe());
            assertEquals(1, p.stderr().size(), "one line" + p.describe());
            assertTrue(
                    p.stderr().get(0).startsWith("error: ") && p.stderr().get(0).contains("/nonexistent/kubeconfig"),
                    p.describe());
        }
    }
}
