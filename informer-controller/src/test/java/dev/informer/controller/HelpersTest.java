package dev.informer.controller;

import static dev.informer.controller.Fixture.NS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.OwnerReference;
import dev.informer.api.RawJson;
import dev.informer.api.Secret;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** retryOnConflict, the finalizer and owner-reference helpers and server-side apply, on the embedded server. */
class HelpersTest {

    private static final Retry.Backoff FAST = new Retry.Backoff(Duration.ofMillis(1), 1.0, 0.0, 3);

    private final Fixture fx = new Fixture();

    @AfterEach
    void stop() {
        fx.close();
    }

    private static ConfigMap withData(ConfigMap cm, String key, String value) {
        return cm.toBuilder().data(key, value).build();
    }

    @Test
    void retryOnConflictRunsAStaleUpdateAgainUntilItWins() throws Exception {
        fx.createConfigMap("shared");
        AtomicInteger attempts = new AtomicInteger();

        ConfigMap result = Retry.retryOnConflict(Retry.DEFAULT_RETRY, () -> {
            ConfigMap current = fx.configMaps.get("shared");
            if (attempts.incrementAndGet() == 1) {
                fx.configMaps.update(withData(current, "other", "writer")); // someone else wins the race
            }
            return fx.configMaps.update(withData(current, "mine", "yes"));
        });

        assertEquals(2, attempts.get());
        assertEquals("yes", result.data().get("mine"));
        assertEquals("writer", result.data().get("other"), "the retry started from the newest state");
    }

    @Test
    void retryOnConflictGivesUpAfterItsStepsWithTheLastConflict() {
        ConfigMap stale = fx.createConfigMap("contended");
        fx.configMaps.update(withData(stale, "k", "newer"));
        AtomicInteger attempts = new AtomicInteger();

        StatusException e = assertThrows(
                StatusException.class,
                () -> Retry.retryOnConflict(FAST, Clock.system(), () -> {
                    attempts.incrementAndGet();
                    return fx.configMaps.update(withData(stale, "k", "mine"));
                }));

        assertTrue(e.isConflict());
        assertEquals(3, attempts.get());
    }

    @Test
    void retryOnConflictDoesNotRetryOtherErrors() {
        AtomicInteger attempts = new AtomicInteger();
        StatusException e = assertThrows(
                StatusException.class,
                () -> Retry.retryOnConflict(FAST, () -> {
                    attempts.incrementAndGet();
                    return fx.configMaps.get("missing");
                }));
        assertEquals(404, e.code());
        assertEquals(1, attempts.get());
    }

    @Test
    void clientGoDefaultsForRetryAndBackoff() {
        assertEquals(new Retry.Backoff(Duration.ofMillis(10), 1.0, 0.1, 5), Retry.DEFAULT_RETRY);
        assertEquals(new Retry.Backoff(Duration.ofMillis(10), 5.0, 0.1, 4), Retry.DEFAULT_BACKOFF);
    }

    @Test
    void aFinalizerHoldsTheDeletionUntilItIsRemoved() {
        String finalizer = "example.dev/cleanup";
        ConfigMap created = fx.createConfigMap("guarded");
        ConfigMap guarded = fx.configMaps.update(Finalizers.add(created, finalizer));
        assertTrue(Finalizers.has(guarded, finalizer));
        assertSame(guarded, Finalizers.add(guarded, finalizer), "adding twice changes nothing");

        fx.configMaps.delete("guarded");
        ConfigMap deleting = fx.configMaps.get("guarded");
        assertTrue(Finalizers.isBeingDeleted(deleting));

        ConfigMap released = Finalizers.remove(deleting, finalizer);
        assertFalse(Finalizers.has(released, finalizer));
        assertSame(released, Finalizers.remove(released, finalizer), "removing an absent finalizer changes nothing");
        fx.configMaps.update(released);
        StatusException gone = assertThrows(StatusException.class, () -> fx.configMaps.get("guarded"));
        assertEquals(404, gone.code());
    }

    @Test
    void setControllerReferenceMakesTheOwnerTheControllerOnce() {
        ConfigMap owner = fx.createConfigMap("owner");
        Secret owned = OwnerReferences.setControllerReference(owner, fx.secretTemplate("owned"));

        OwnerReference ref = OwnerReferences.controllerOf(owned).orElseThrow();
        assertEquals(
                List.of("v1", "ConfigMap", "owner", owner.uid()),
                List.of(ref.apiVersion(), ref.kind(), ref.name(), ref.uid()));
        assertEquals(Boolean.TRUE, ref.blockOwnerDeletion());
        Secret again = OwnerReferences.setControllerReference(owner, owned);
        assertEquals(1, again.metadata().ownerReferences().size(), "the same owner is replaced, not added");
        assertNotNull(fx.secrets.create(again).uid());
    }

    @Test
    void setControllerReferenceRefusesASecondControllerAndCrossNamespaceOwners() {
        ConfigMap first = fx.createConfigMap("first");
        ConfigMap second = fx.createConfigMap("second");
        Secret owned = OwnerReferences.setControllerReference(first, fx.secretTemplate("owned"));

        AlreadyOwnedException e =
                assertThrows(AlreadyOwnedException.class, () -> OwnerReferences.setControllerReference(second, owned));
        assertEquals("first", e.existing().name());
        assertEquals(
                "object default/owned is already owned by another ConfigMap controller first (uid " + first.uid() + ")",
                e.getMessage());

        Secret elsewhere = Secret.builder()
                .metadata(
                        ObjectMeta.builder().name("x").namespace("kube-system").build())
                .build();
        IllegalArgumentException cross = assertThrows(
                IllegalArgumentException.class, () -> OwnerReferences.setControllerReference(first, elsewhere));
        assertTrue(
                cross.getMessage().startsWith("cross-namespace owner references are disallowed"), cross.getMessage());

        ConfigMap unsaved = ConfigMap.builder()
                .apiVersion("v1")
                .kind("ConfigMap")
                .metadata(ObjectMeta.builder().name("unsaved").namespace(NS).build())
                .build();
        IllegalArgumentException noUid = assertThrows(
                IllegalArgumentException.class,
                () -> OwnerReferences.setControllerReference(unsaved, fx.secretTemplate("y")));
        assertEquals("the owner has no metadata.uid; read it from the server first", noUid.getMessage());
    }

    @Test
    void serverSideApplyCreatesAndUpdatesAsTheFieldManager() {
        ConfigMap intent = ConfigMap.builder()
                .apiVersion("v1")
                .kind("ConfigMap")
                .metadata(ObjectMeta.builder()
                        .name("applied")
                        .namespace(NS)
                        .managedFields(RawJson.parse("[{\"manager\":\"someone\"}]"))
                        .build())
                .data(Map.of("color", "blue"))
                .build();

        ConfigMap created = ServerSideApply.apply(fx.configMaps, intent, "webapp-controller");
        assertEquals("blue", created.data().get("color"));
        ConfigMap updated =
                ServerSideApply.apply(fx.configMaps, withData(intent, "color", "green"), "webapp-controller");
        assertEquals("green", updated.data().get("color"));
        assertEquals(created.uid(), updated.uid());
        assertThrows(IllegalArgumentException.class, () -> ServerSideApply.apply(fx.configMaps, intent, " "));
    }
}
