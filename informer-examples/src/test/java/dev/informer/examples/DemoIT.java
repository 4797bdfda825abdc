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
            // The WebApp part comes after today's summary.
            int summary = text.indexOf("ConfigMaps all match their pods");
            for (String line : List.of(
                    "webapp: a custom resource controller on the same API server",
                    "  installed CustomResourceDefinition webapps.example.dev",
                    "  created WebApp default/storefront (image nginx:1.27, 2 replicas",
                    "  the controller created Deployment default/storefront (2 replicas) and Service default/storefront"
                            + " (port 8080)",
                    "WebApp status: readyReplicas 2, Ready True",
                    "  scaled WebApp default/storefront to 4 replicas: Deployment default/storefront has 4 replicas;"
                            + " WebApp Ready False (2/4 replicas ready)",
                    "  deleted WebApp default/storefront: the finalizer's cleanup deleted its Deployment and Service",
                    "  events on WebApp default/storefront: ")) {
                assertTrue(text.indexOf(line) > summary, "the WebApp line '" + line + "'" + demo.describe());
            }
            for (String reason : List.of("Created", "Scaled", "CleanedUp")) {
                assertTrue(
                        out.stream().anyMatch(l -> l.startsWith("    Normal") && l.contains(" " + reason + " ")),
                        "the WebApp's " + reason + " Event" + demo.describe());
            }
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
