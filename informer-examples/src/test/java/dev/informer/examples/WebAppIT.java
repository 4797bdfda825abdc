package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.EmbeddedApiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code java -jar informer-examples.jar webapp} as a real process. */
class WebAppIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void webappInstallsTheCrdAndGivesAWebAppItsDeploymentAndService() throws Exception {
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start();
                JarProcess webapp = JarProcess.start("webapp", "--server", server.url())) {
            webapp.awaitLine(
                    l -> l.equals("installed CustomResourceDefinition webapps.example.dev"), WAIT, "the CRD line");
            webapp.awaitLine(l -> l.startsWith("caches synced; reconciling WebApps"), WAIT, "the synced line");
            server.create(
                    "webapps",
                    "default",
                    "{\"apiVersion\":\"example.dev/v1\",\"kind\":\"WebApp\",\"metadata\":{\"name\":\"blog\"},"
                            + "\"spec\":{\"image\":\"ghost:5\",\"replicas\":1,\"port\":2368}}");
            Await.until(
                    "the Deployment and Service default/blog",
                    () -> server.get("deployments", "default", "blog").isPresent()
                            && server.get("services", "default", "blog").isPresent(),
                    webapp::describe);
            assertTrue(server.get("services", "default", "blog").orElseThrow().contains("2368"));
            webapp.sigterm();
            assertEquals(0, webapp.awaitExit(WAIT), webapp.describe());
        }
    }

    @Test
    void webappEmbeddedStartsItsOwnServer() throws Exception {
        try (JarProcess webapp = JarProcess.start("webapp", "--embedded")) {
            String line = webapp.awaitLine(l -> l.startsWith("embedded API server: http"), WAIT, "the server line");
            webapp.awaitLine(
                    l -> l.equals("installed CustomResourceDefinition webapps.example.dev"), WAIT, "the CRD line");
            webapp.awaitLine(l -> l.startsWith("caches synced; reconciling WebApps"), WAIT, "the synced line");
            assertTrue(line.length() > "embedded API server: ".length());
            webapp.sigterm();
            assertEquals(0, webapp.awaitExit(WAIT), webapp.describe());
        }
    }

    @Test
    void embeddedWithAConnectionOptionIsBadUsage() throws Exception {
        try (JarProcess webapp = JarProcess.start("webapp", "--embedded", "--server", "http://127.0.0.1:1")) {
            assertEquals(2, webapp.awaitExit(WAIT), webapp.describe());
            assertTrue(String.join("\n", webapp.stderr()).contains("--embedded takes no --server"), webapp.describe());
        }
    }

    @Test
    void theCrdInTheJarIsTheOneUnderInformerExamples() throws Exception {
        String shipped = Files.readString(Path.of("crds/webapp-crd.yaml"));
        assertEquals(shipped, dev.informer.examples.webapp.WebApps.crdYaml());
    }
}
