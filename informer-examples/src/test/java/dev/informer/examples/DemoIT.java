package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code java -jar informer-examples.jar demo} as a real process. */
class DemoIT {

    @Test
    void demoRunsTheControllerAndPrintsItsSummaryThenExitsZero() throws Exception {
        try (JarProcess demo =
                JarProcess.start("demo", "--duration", "3s", "--pods", "80", "--change-interval", "50ms")) {
            assertEquals(0, demo.awaitExit(Duration.ofSeconds(120)), demo.describe());
            List<String> out = demo.stdout();
            String text = String.join("\n", out);
            assertTrue(out.stream().anyMatch(l -> l.startsWith("synced: 80 pods")), "a sync line" + demo.describe());
            assertTrue(
                    out.stream().anyMatch(l -> l.contains("reconcile ") && l.contains(" created ")),
                    "reconcile lines" + demo.describe());
            for (String field :
                    List.of("summary", "  time to sync ", "  events seen ", "  reconciles ", "  queue retries ")) {
                assertTrue(text.contains(field), "summary field '" + field + "'" + demo.describe());
            }
            assertTrue(text.contains("ConfigMaps all match their pods"), demo.describe());
        }
    }

    @Test
    void noCommandRunsTheDemo() throws Exception {
        try (JarProcess demo = JarProcess.start("--help")) {
            assertEquals(0, demo.awaitExit(Duration.ofSeconds(60)), demo.describe());
            assertTrue(
                    demo.stdout().stream().anyMatch(l -> l.contains("Without a command, runs the demo")),
                    demo.describe());
        }
    }
}
