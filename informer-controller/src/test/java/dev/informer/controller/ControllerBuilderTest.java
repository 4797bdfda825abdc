package dev.informer.controller;

import static dev.informer.controller.Fixture.NS;
import static dev.informer.controller.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.OwnerReference;
import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The builder's wiring against the embedded API server: what each kind of watch enqueues, predicates,
 * selectors, deletes and tombstones. One worker, so a "marker" object reconciled after an event proves
 * the event enqueued nothing (it would have been reconciled first).
 */
class ControllerBuilderTest {

    private final Fixture fx = new Fixture();
    private Manager manager;

    @AfterEach
    void stop() {
        if (manager != null) {
            manager.close();
        }
        fx.close();
    }

    private Manager newManager() {
        manager = Manager.builder(fx.client).syncTimeout(Duration.ofSeconds(20)).build();
        return manager;
    }

    /** Builds one controller configured by {@code watches} on a new manager and starts the manager. */
    private RecordingReconciler started(UnaryOperator<Controller.Builder> watches) throws InterruptedException {
        RecordingReconciler r = new RecordingReconciler();
        watches.apply(newManager().controllerBuilder()).build(r);
        manager.start();
        return r;
    }

    private void awaitReconciled(RecordingReconciler r, String name, int times) {
        Await.until(
                name + " reconciled " + times + " times (calls: " + r.calls + ")",
                () -> r.count(request(name)) >= times);
    }

    @Test
    void forResourceEnqueuesTheObjectOnCreateUpdateAndDelete() throws Exception {
        RecordingReconciler r = new RecordingReconciler();
        Controller c = newManager()
                .controllerBuilder()
                .forResource(ResourceType.CONFIGMAPS)
                .build(r);
        manager.start();
        assertEquals("configmap", c.name(), "the default name is the for-type's kind in lower case");

        ConfigMap created = fx.createConfigMap("a");
        awaitReconciled(r, "a", 1);
        fx.configMaps.update(created.toBuilder().data("k", "v2").build());
        awaitReconciled(r, "a", 2);
        fx.configMaps.delete("a");
        awaitReconciled(r, "a", 3);
    }

    @Test
    void ownsEnqueuesTheControllingOwnerOfTheForType() throws Exception {
        RecordingReconciler r =
                started(b -> b.forResource(ResourceType.CONFIGMAPS).owns(ResourceType.SECRETS));
        ConfigMap owner = fx.createConfigMap("owner");
        awaitReconciled(r, "owner", 1);

        fx.createSecret(
                "owned",
                OwnerReferences.controllerOf(OwnerReferences.setControllerReference(owner, fx.secretTemplate("tmp")))
                        .orElseThrow());
        awaitReconciled(r, "owner", 2);

        // Not a controller reference, or another kind: nothing is enqueued.
        fx.createSecret(
                "plain",
                OwnerReference.builder()
                        .apiVersion("v1")
                        .kind("ConfigMap")
                        .name("owner")
                        .uid(owner.uid())
                        .build());
        fx.createSecret(
                "other-kind",
                OwnerReference.builder()
                        .apiVersion("apps/v1")
                        .kind("Deployment")
                        .name("owner")
                        .uid("u-1")
                        .controller(true)
                        .build());
        fx.createConfigMap("marker");
        awaitReconciled(r, "marker", 1);
        assertEquals(2, r.count(request("owner")), "only the controlled secret enqueued its owner: " + r.calls);
        assertTrue(
                r.calls.stream()
                        .noneMatch(k -> k.name().equals("owned") || k.name().equals("plain")),
                "secrets are never reconciled themselves: " + r.calls);

        fx.secrets.delete("owned");
        awaitReconciled(r, "owner", 3);
    }

    @Test
    void watchesMapsAnyObjectToRequests() throws Exception {
        RecordingReconciler r = started(b -> b.forResource(ResourceType.CONFIGMAPS)
                .watches(ResourceType.SECRETS, s -> List.of(request("app-" + s.name()), request("all"))));
        fx.createSecret("x", null);
        awaitReconciled(r, "app-x", 1);
        awaitReconciled(r, "all", 1);
    }

    @Test
    void predicatesDecideWhichUpdatesEnqueue() throws Exception {
        RecordingReconciler r = started(
                b -> b.forResource(ResourceType.CONFIGMAPS, InformerOptions.ALL, EventPredicate.labelsChanged()));
        ConfigMap a = fx.createConfigMap("a", Map.of("app", "web"));
        awaitReconciled(r, "a", 1);

        a = fx.configMaps.update(a.toBuilder().data("k", "changed").build());
        fx.createConfigMap("marker-1");
        awaitReconciled(r, "marker-1", 1);
        assertEquals(1, r.count(request("a")), "a data-only update is filtered out: " + r.calls);

        fx.configMaps.update(a.toBuilder()
                .metadata(a.metadata().toBuilder().label("app", "api").build())
                .build());
        awaitReconciled(r, "a", 2);
    }

    @Test
    void eventFilterAppliesToEveryWatch() throws Exception {
        RecordingReconciler r = started(b -> b.forResource(ResourceType.CONFIGMAPS)
                .watches(ResourceType.SECRETS, s -> List.of(request("from-" + s.name())))
                .withEventFilter(EventPredicate.of(o -> !o.name().startsWith("ignored"))));
        fx.createConfigMap("ignored-cm");
        fx.createSecret("ignored-secret", null);
        fx.createSecret("kept", null);
        awaitReconciled(r, "from-kept", 1);
        fx.createConfigMap("marker");
        awaitReconciled(r, "marker", 1);
        assertEquals(Set.of(request("from-kept"), request("marker")), Set.copyOf(r.calls));
    }

    @Test
    void labelSelectorPerWatchedTypeNarrowsTheInformer() throws Exception {
        RecordingReconciler r = started(b -> b.forResource(
                ResourceType.CONFIGMAPS, InformerOptions.inNamespace(NS).withLabelSelector("app=web")));
        fx.createConfigMap("unlabelled");
        fx.createConfigMap("web", Map.of("app", "web"));
        awaitReconciled(r, "web", 1);
        fx.createConfigMap("web-2", Map.of("app", "web"));
        awaitReconciled(r, "web-2", 1);
        assertEquals(0, r.count(request("unlabelled")), "outside the selector: " + r.calls);
    }

    @Test
    void aDeleteSeenOnlyAsATombstoneEnqueuesTheLastKnownState() {
        List<Request> enqueued = new ArrayList<>();
        ConfigMap last = ConfigMap.builder()
                .metadata(ObjectMeta.builder().name("gone").namespace(NS).build())
                .build();
        Controller.Builder.EnqueueingHandler<ConfigMap> handler = new Controller.Builder.EnqueueingHandler<>(
                "test", enqueued::add, o -> List.of(Request.of(o)), List.of(), false);

        handler.onDelete(new DeletedFinalStateUnknown<>("default/gone", last));

        assertEquals(List.of(request("gone")), enqueued);
    }

    @Test
    void controllerBuilderRegistersTheControllerWithTheManagerItIsGiven() throws Exception {
        RecordingReconciler r = new RecordingReconciler();
        Controller c = Controller.builder(newManager())
                .forResource(ResourceType.CONFIGMAPS)
                .build(r);
        assertEquals(List.of(c), manager.controllers());
        manager.start();

        fx.createConfigMap("a");
        awaitReconciled(r, "a", 1);
        assertThrows(NullPointerException.class, () -> Controller.builder(null));
    }

    @Test
    void misuseFailsAtBuild() {
        Manager m = newManager();
        assertThrows(
                IllegalStateException.class,
                () -> m.controllerBuilder().build(new RecordingReconciler()),
                "forResource is required");
        assertThrows(
                IllegalStateException.class,
                () -> m.controllerBuilder().forResource(ResourceType.CONFIGMAPS).forResource(ResourceType.SECRETS));
        m.controllerBuilder().forResource(ResourceType.CONFIGMAPS).build(new RecordingReconciler());
        IllegalStateException duplicate = assertThrows(
                IllegalStateException.class,
                () -> m.controllerBuilder().forResource(ResourceType.CONFIGMAPS).build(new RecordingReconciler()));
        assertTrue(duplicate.getMessage().contains("'configmap'"), duplicate.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.controllerBuilder().maxConcurrentReconciles(0));
    }

    @Test
    void settersRefuseBadValuesAtOnceNamingTheSetting() {
        Controller.Builder b = newManager().controllerBuilder();

        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class, () -> b.name(" "));
        assertEquals("a controller name must not be blank", blank.getMessage());
        IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> b.reconcileTimeout(Duration.ZERO));
        assertEquals("reconcileTimeout must be positive: PT0S", zero.getMessage());
        assertEquals(
                "rateLimiter",
                assertThrows(NullPointerException.class, () -> b.rateLimiter(null))
                        .getMessage());
    }

    @Test
    void theBuiltControllerHasTheSettingsOfItsBuilder() {
        Controller c = newManager()
                .controllerBuilder()
                .forResource(ResourceType.CONFIGMAPS)
                .name("maps")
                .maxConcurrentReconciles(3)
                .reconcileTimeout(Duration.ofSeconds(5))
                .build(new RecordingReconciler());

        assertEquals("maps", c.name());
        assertEquals(3, c.maxConcurrentReconciles());
        assertEquals(List.of(c), manager.controllers());
    }
}
