package dev.informer.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.api.ApiJson;
import dev.informer.api.ConfigMap;
import dev.informer.api.Lease;
import dev.informer.examples.controller.AppPodsReconciler;
import dev.informer.examples.demo.SamplePods;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code java -jar informer-examples.jar controller --server URL} as a real process against an embedded API server. */
class ControllerIT extends EmbeddedServerTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    ControllerIT() {
        super(5);
    }

    private String readyPods(String namespace, String name) {
        return server.get("configmaps", namespace, name)
                .map(json -> ApiJson.readValue(json, ConfigMap.class).data().get(AppPodsReconciler.READY_PODS_KEY))
                .orElse(null);
    }

    private void awaitReadyPods(JarProcess controller, String namespace, String name, String expected) {
        Await.until(
                namespace + "/" + name + " lists [" + expected + "]",
                () -> expected.equals(readyPods(namespace, name)),
                controller::describe);
    }

    @Test
    void controllerCreatesUpdatesAndDeletesTheConfigMapsAsPodsChange() throws Exception {
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
        try (JarProcess controller = JarProcess.start("controller", "--server", server.url(), "--workers", "2")) {
            controller.awaitLine(l -> l.contains("caches synced"), WAIT, "the synced line");
            awaitReadyPods(controller, "shop", "web-pods", "web-1");

            SamplePods.create(server, SamplePods.pod("shop", "web-2", "web", null), false);
            SamplePods.create(server, SamplePods.pod("blog", "api-1", "api", null), true);
            awaitReadyPods(controller, "blog", "api-pods", "api-1");
            SamplePods.setReady(server, "shop", "web-2", true);
            awaitReadyPods(controller, "shop", "web-pods", "web-1\nweb-2");

            server.delete("pods", "shop", "web-1");
            awaitReadyPods(controller, "shop", "web-pods", "web-2");
            server.delete("pods", "shop", "web-2");
            Await.until(
                    "shop/web-pods is deleted",
                    () -> server.get("configmaps", "shop", "web-pods").isEmpty(),
                    controller::describe);
            controller.sigterm();
            controller.awaitExit(WAIT);
        }
    }

    @Test
    void leaderElectedControllerTakesTheLeaseAndReconciles() throws Exception {
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", null), true);
        try (JarProcess controller = JarProcess.leaderElectedController(server.url(), "it-lease", "candidate-1")) {
            controller.awaitLine(l -> l.contains("became the leader"), WAIT, "leadership");
            awaitReadyPods(controller, "shop", "web-pods", "web-1");
            Optional<String> lease = server.get("leases", "default", "it-lease");
            assertEquals(
                    "candidate-1",
                    ApiJson.readValue(lease.orElseThrow(), Lease.class).spec().holderIdentity());
            controller.sigterm();
            controller.awaitExit(WAIT);
        }
    }
}
