package dev.informer.examples.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.ConfigMap;
import dev.informer.api.OwnerReference;
import dev.informer.api.Pod;
import dev.informer.examples.Await;
import dev.informer.examples.EmbeddedServerTest;
import dev.informer.examples.demo.SamplePods;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The example controller end to end against the embedded API server, in-process. */
class AppPodsControllerTest extends EmbeddedServerTest {

    private static final Duration SYNC = Duration.ofSeconds(20);

    private AppPodsController controller;

    private final RecordingReconcileListener recorder = new RecordingReconcileListener();

    AppPodsControllerTest() {
        super(1);
    }

    @AfterEach
    void stopWhatTheTestStarted() {
        if (controller != null) {
            controller.close();
        }
    }

    private AppPodsController.Builder controllerBuilder() {
        return AppPodsController.builder(client()).workers(2).listener(recorder);
    }

    private void startController() throws InterruptedException {
        controller = controllerBuilder().build();
        controller.start(SYNC);
    }

    private void createPod(String namespace, String name, String app, boolean ready) {
        SamplePods.create(server, SamplePods.pod(namespace, name, app, null), ready);
    }

    private Optional<ConfigMap> configMap(String namespace, String name) {
        return server.get("configmaps", namespace, name).map(json -> ApiJson.readValue(json, ConfigMap.class));
    }

    private String readyPods(String namespace, String name) {
        return configMap(namespace, name)
                .map(cm -> cm.data().get(AppPodsReconciler.READY_PODS_KEY))
                .orElse(null);
    }

    private void awaitReadyPods(String namespace, String configMap, String expected) {
        Await.until(
                namespace + "/" + configMap + " lists [" + expected + "]",
                () -> expected.equals(readyPods(namespace, configMap)),
                () -> "; it has " + configMap(namespace, configMap) + ", failures " + recorder.failures);
    }

    @Test
    void createsConfigMapListingOnlyTheReadyPodsOfTheAppWithOwnerReferences() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("shop", "web-2", "web", false);
        createPod("shop", "web-3", "web", true);
        createPod("shop", "api-1", "api", true);
        startController();

        awaitReadyPods("shop", "web-pods", "web-1\nweb-3");
        ConfigMap web = configMap("shop", "web-pods").orElseThrow();
        assertEquals("2", web.data().get(AppPodsReconciler.READY_COUNT_KEY));
        assertEquals("web", web.labels().get(AppPodsReconciler.APP_LABEL));
        assertEquals(AppPodsReconciler.MANAGER, web.labels().get(AppPodsReconciler.MANAGED_BY_LABEL));
        List<OwnerReference> owners = web.metadata().ownerReferences();
        assertEquals(
                List.of("web-1", "web-2", "web-3"),
                owners.stream().map(OwnerReference::name).toList());
        for (OwnerReference owner : owners) {
            Pod pod = ApiJson.readValue(server.get("pods", "shop", owner.name()).orElseThrow(), Pod.class);
            assertEquals(pod.uid(), owner.uid(), "owner reference of " + owner.name() + " carries the pod's uid");
            assertEquals("Pod", owner.kind());
            assertEquals("v1", owner.apiVersion());
        }
        awaitReadyPods("shop", "api-pods", "api-1");
    }

    @Test
    void readinessChangesUpdateTheList() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("shop", "web-2", "web", false);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1");

        SamplePods.setReady(server, "shop", "web-2", true);
        awaitReadyPods("shop", "web-pods", "web-1\nweb-2");
        SamplePods.setReady(server, "shop", "web-1", false);
        awaitReadyPods("shop", "web-pods", "web-2");
    }

    @Test
    void appWithPodsButNoneReadyKeepsAnEmptyList() throws InterruptedException {
        createPod("shop", "web-1", "web", false);
        startController();
        awaitReadyPods("shop", "web-pods", "");
        assertEquals("0", configMap("shop", "web-pods").orElseThrow().data().get(AppPodsReconciler.READY_COUNT_KEY));
    }

    @Test
    void deletingTheLastPodOfAnAppDeletesItsConfigMap() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("shop", "web-2", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1\nweb-2");

        server.delete("pods", "shop", "web-1");
        awaitReadyPods("shop", "web-pods", "web-2");
        server.delete("pods", "shop", "web-2");
        Await.until(
                "shop/web-pods is deleted", () -> configMap("shop", "web-pods").isEmpty());
        // The server deletes before the worker reports the reconcile: wait for the report too. The
        // ConfigMap's owners are the pods, so the server's garbage collector may delete it first,
        // as in a cluster; then the controller finds nothing left to delete.
        Await.until(
                "the reconcile of the empty app is reported",
                () -> recorder.reconciled.stream()
                        .anyMatch(r -> r.totalPods() == 0
                                && (r.action() == ReconcileResult.Action.DELETED
                                        || r.action() == ReconcileResult.Action.UNCHANGED)),
                () -> recorder.reconciled.toString());
    }

    @Test
    void terminatingPodLeavesTheReadyListButStillOwnsTheConfigMap() throws InterruptedException {
        // Bound to a node, so the server only marks them for deletion (no kubelet confirms it).
        SamplePods.create(server, SamplePods.pod("shop", "web-1", "web", "node-1"), true);
        SamplePods.create(server, SamplePods.pod("shop", "web-2", "web", "node-1"), true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1\nweb-2");

        server.delete("pods", "shop", "web-1");
        awaitReadyPods("shop", "web-pods", "web-2");
        assertEquals(
                List.of("web-1", "web-2"),
                configMap("shop", "web-pods").orElseThrow().metadata().ownerReferences().stream()
                        .map(OwnerReference::name)
                        .toList());
    }

    @Test
    void relabellingAPodMovesItFromOneAppToTheOther() throws InterruptedException {
        createPod("shop", "p-1", "web", true);
        createPod("shop", "p-2", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "p-1\np-2");

        SamplePods.setApp(server, "shop", "p-2", "api");
        awaitReadyPods("shop", "api-pods", "p-2");
        awaitReadyPods("shop", "web-pods", "p-1");
    }

    @Test
    void podsWithoutAppLabelGetNoConfigMap() throws InterruptedException {
        createPod("shop", "lonely", null, true);
        createPod("shop", "web-1", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1");
        assertEquals(
                List.of("shop/web-pods"),
                server.list("configmaps", "shop").stream()
                        .map(json -> ApiJson.readValue(json, ConfigMap.class))
                        .map(cm -> cm.namespace() + "/" + cm.name())
                        .toList());
    }

    @Test
    void appsInDifferentNamespacesGetSeparateConfigMaps() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("blog", "web-9", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1");
        awaitReadyPods("blog", "web-pods", "web-9");
    }

    @Test
    void configMapOfTheSameNameNotManagedByTheControllerIsLeftAlone() throws InterruptedException {
        server.create(
                "configmaps", "shop", "{\"metadata\":{\"name\":\"web-pods\"},\"data\":{\"owner\":\"someone else\"}}");
        createPod("shop", "web-1", "web", true);
        startController();

        Await.until("the web app was reconciled", () -> recorder.reconciled.stream()
                .anyMatch(r -> r.key().equals(new AppKey("shop", "web"))));
        assertEquals(
                ReconcileResult.Action.SKIPPED,
                recorder.reconciled.stream()
                        .filter(r -> r.key().equals(new AppKey("shop", "web")))
                        .findFirst()
                        .orElseThrow()
                        .action());
        assertEquals(
                java.util.Map.of("owner", "someone else"),
                configMap("shop", "web-pods").orElseThrow().data());
    }

    @Test
    void managedConfigMapDeletedBySomeoneIsRecreated() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1");
        String firstUid = configMap("shop", "web-pods").orElseThrow().uid();

        server.delete("configmaps", "shop", "web-pods");
        Await.until("shop/web-pods is recreated", () -> configMap("shop", "web-pods")
                .filter(cm -> !cm.uid().equals(firstUid))
                .isPresent());
        awaitReadyPods("shop", "web-pods", "web-1");
    }

    @Test
    void managedConfigMapEditedBySomeoneIsRepaired() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1");

        server.mergePatch("configmaps", "shop", "web-pods", "{\"data\":{\"readyPods\":\"tampered\"}}");
        awaitReadyPods("shop", "web-pods", "web-1");
    }

    @Test
    void leftoverManagedConfigMapWithoutPodsIsDeletedAtStart() throws InterruptedException {
        server.create(
                "configmaps",
                "shop",
                "{\"metadata\":{\"name\":\"gone-pods\",\"labels\":{\"app\":\"gone\","
                        + "\"app.kubernetes.io/managed-by\":\"informer-examples\"}},\"data\":{\"readyPods\":\"old\"}}");
        startController();
        Await.until("shop/gone-pods is deleted", () -> configMap("shop", "gone-pods")
                .isEmpty());
    }

    @Test
    void conflictingWritesAreRetriedThroughTheRateLimitedQueue() throws InterruptedException {
        server.faults().failNext(3, "create", "configmaps", 409);
        createPod("shop", "web-1", "web", true);
        startController();

        awaitReadyPods("shop", "web-pods", "web-1");
        ControllerStats stats = controller.stats();
        assertEquals(3, stats.failures(), recorder.failures.toString());
        assertEquals(3, stats.retries());
        assertEquals(
                List.of("shop/web attempt 1 retry", "shop/web attempt 2 retry", "shop/web attempt 3 retry"),
                recorder.failures);
    }

    @Test
    void keyIsDroppedAfterMaxRetriesAndPickedUpAgainByItsNextEvent() throws InterruptedException {
        server.faults().failNext(2, "create", "configmaps", 500);
        createPod("shop", "web-1", "web", true);
        controller = controllerBuilder().maxRetries(1).build();
        controller.start(SYNC);

        // The listener hears of the drop after the stats count it: wait for what is asserted.
        Await.until(
                "the key is dropped",
                () -> controller.stats().droppedKeys() == 1 && recorder.failures.size() == 2,
                () -> recorder.failures.toString());
        assertEquals(List.of("shop/web attempt 1 retry", "shop/web attempt 2 dropped"), recorder.failures);
        assertTrue(configMap("shop", "web-pods").isEmpty());

        createPod("shop", "web-2", "web", true);
        awaitReadyPods("shop", "web-pods", "web-1\nweb-2");
    }

    @Test
    void namespaceOptionLimitsTheControllerToThatNamespace() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("blog", "web-2", "web", true);
        controller = controllerBuilder().namespace("blog").build();
        controller.start(SYNC);

        awaitReadyPods("blog", "web-pods", "web-2");
        Await.until("the controller is idle", controller::isIdle);
        assertTrue(configMap("shop", "web-pods").isEmpty());
        assertFalse(
                recorder.reconciled.stream().anyMatch(r -> r.key().namespace().equals("shop")),
                recorder.reconciled.toString());
    }

    @Test
    void statsCountEventsAndReconciles() throws InterruptedException {
        createPod("shop", "web-1", "web", true);
        createPod("shop", "web-2", "web", true);
        startController();
        awaitReadyPods("shop", "web-pods", "web-1\nweb-2");
        Await.until(
                "the controller counted the reconcile", () -> controller.stats().created() == 1);
        ControllerStats stats = controller.stats();
        assertTrue(stats.podEvents() >= 2, stats.toString());
        assertTrue(stats.reconciles() >= 1, stats.toString());
        assertEquals(stats.podEvents() + stats.configMapEvents(), stats.events());
    }

    @Test
    void misconfigurationAndMisuseFailFast() throws InterruptedException {
        assertThrows(IllegalArgumentException.class, () -> AppPodsController.builder(client())
                .workers(0));
        assertThrows(IllegalArgumentException.class, () -> AppPodsController.builder(client())
                .maxRetries(-1));
        assertThrows(NullPointerException.class, () -> AppPodsController.builder(null));
        startController();
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> controller.start(SYNC));
        assertTrue(twice.getMessage().contains("started once"), twice.getMessage());
        controller.close();
        controller.close(); // idempotent
    }

    @Test
    void appKeyRejectsEmptyParts() {
        assertThrows(IllegalArgumentException.class, () -> new AppKey("", "web"));
        assertThrows(IllegalArgumentException.class, () -> new AppKey("shop", ""));
        assertEquals("shop/web", new AppKey("shop", "web").toString());
        assertEquals("web-pods", new AppKey("shop", "web").configMapName());
    }
}
