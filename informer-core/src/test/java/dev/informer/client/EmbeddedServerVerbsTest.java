package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.GenericObject;
import dev.informer.api.ObjectList;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testing.ResourceDefinition;
import dev.informer.testsupport.ServerAndClient;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every verb against the embedded API server, configured through the kubeconfig it writes. */
class EmbeddedServerVerbsTest {

    private static final ResourceDefinition WIDGET_DEFINITION = ResourceDefinition.custom(
                    "example.dev", "v1", "widgets", "Widget", true)
            .withStatusSubresource();
    private static final ResourceType<GenericObject> WIDGETS =
            ResourceType.generic("example.dev", "v1", "widgets", "Widget", true);

    @TempDir
    static Path dir;

    @AutoClose
    private static ServerAndClient api;

    @BeforeAll
    static void start() {
        api = ServerAndClient.startThroughKubeconfig(
                EmbeddedApiServer.builder().register(WIDGET_DEFINITION).historyLimit(200), dir);
    }

    private static ConfigMap configMap(String namespace, String name, Map<String, String> data) {
        return ConfigMap.builder()
                .metadata(ObjectMeta.builder().name(name).namespace(namespace).build())
                .data(data)
                .build();
    }

    private static ResourceClient<ConfigMap> configMaps(String namespace) {
        return api.client().resource(ResourceType.CONFIGMAPS).inNamespace(namespace);
    }

    @Test
    void createGetUpdateAndDelete() {
        ResourceClient<ConfigMap> cms = configMaps("default");
        ConfigMap created = cms.create(configMap(null, "crud", Map.of("a", "1")));
        assertNotNull(created.metadata().uid());
        assertNotNull(created.metadata().resourceVersion());
        assertEquals("default", created.metadata().namespace());

        ConfigMap fetched = cms.get("crud");
        assertEquals(created.metadata().resourceVersion(), fetched.metadata().resourceVersion());

        ConfigMap updated = cms.update(fetched.toBuilder().data("a", "2").build());
        assertEquals("2", updated.data().get("a"));
        assertNotEquals(fetched.metadata().resourceVersion(), updated.metadata().resourceVersion());

        StatusException stale = assertThrows(
                StatusException.class,
                () -> cms.update(fetched.toBuilder().data("a", "3").build()));
        assertTrue(stale.isConflict(), stale.status().toString());

        StatusException duplicate =
                assertThrows(StatusException.class, () -> cms.create(configMap(null, "crud", Map.of())));
        assertTrue(duplicate.isAlreadyExists(), duplicate.status().toString());

        StatusException wrongUid = assertThrows(
                StatusException.class, () -> cms.delete("crud", DeleteOptions.preconditions("not-the-uid", null)));
        assertTrue(wrongUid.isConflict(), wrongUid.status().toString());

        cms.delete(
                "crud",
                new DeleteOptions(
                        DeleteOptions.PropagationPolicy.Background,
                        created.metadata().uid(),
                        updated.metadata().resourceVersion(),
                        null,
                        false));
        StatusException gone = assertThrows(StatusException.class, () -> cms.get("crud"));
        assertTrue(gone.isNotFound(), gone.status().toString());
        assertTrue(assertThrows(StatusException.class, () -> cms.delete("crud")).isNotFound());
    }

    @Test
    void everyPatchTypeAndServerSideApply() {
        ResourceClient<ConfigMap> cms = configMaps("default");
        cms.create(configMap(null, "patched", Map.of("a", "1", "b", "1")));

        assertEquals(
                Map.of("a", "2", "b", "1"),
                cms.patch("patched", PatchType.MERGE, "{\"data\":{\"a\":\"2\"}}")
                        .data());
        assertEquals(
                Map.of("a", "2", "b", "3"),
                cms.patch("patched", PatchType.STRATEGIC_MERGE, "{\"data\":{\"b\":\"3\"}}")
                        .data());
        assertEquals(
                Map.of("b", "3"),
                cms.patch("patched", PatchType.JSON, "[{\"op\":\"remove\",\"path\":\"/data/a\"}]")
                        .data());
        ConfigMap applied = cms.apply(configMap("default", "patched", Map.of("c", "4")), "verbs-test", true);
        assertEquals("4", applied.data().get("c"));
        ConfigMap fromYaml = cms.apply(
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  x: y\n", "verbs-test", false);
        assertEquals(Map.of("x", "y"), fromYaml.data());

        StatusException badPatch = assertThrows(
                StatusException.class, () -> cms.patch("patched", PatchType.JSON, "[{\"op\":\"explode\"}]"));
        assertTrue(
                badPatch.code() == 400 || badPatch.code() == 422,
                badPatch.status().toString());
        assertTrue(assertThrows(StatusException.class, () -> cms.patch("absent", PatchType.MERGE, "{}"))
                .isNotFound());
    }

    @Test
    void statusSubresourceOfACustomResourceWithGenericObjects() {
        ResourceClient<GenericObject> widgets = api.client().resource(WIDGETS).inNamespace("default");
        GenericObject widget = widgets.create(GenericObject.parse(
                "{\"apiVersion\":\"example.dev/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w1\"},"
                        + "\"spec\":{\"size\":3},\"status\":{\"phase\":\"ignored-on-create\"}}"));
        assertEquals(3L, widget.getLong("spec", "size"));

        GenericObject withStatus = widgets.updateStatus(GenericObject.parse(
                "{\"apiVersion\":\"example.dev/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w1\",\"resourceVersion\":\""
                        + widget.metadata().resourceVersion()
                        + "\"},\"spec\":{\"size\":99},\"status\":{\"phase\":\"Ready\"}}"));
        assertEquals("Ready", withStatus.getString("status", "phase"));
        assertEquals(3L, withStatus.getLong("spec", "size"), "a status update leaves the spec alone");

        GenericObject patched = widgets.patchStatus("w1", PatchType.MERGE, "{\"status\":{\"phase\":\"Done\"}}");
        assertEquals("Done", patched.getString("status", "phase"));
        assertEquals("Done", widgets.get("w1").getString("status", "phase"));
    }

    @Test
    void listsWithSelectorsAcrossNamespacesAndInPages() {
        for (int i = 0; i < 25; i++) {
            configMaps(i % 2 == 0 ? "kube-system" : "kube-public")
                    .create(ConfigMap.builder()
                            .metadata(ObjectMeta.builder()
                                    .name("paged-" + i)
                                    .label("set", "paged")
                                    .label("parity", i % 2 == 0 ? "even" : "odd")
                                    .build())
                            .build());
        }
        ResourceClient<ConfigMap> all =
                api.client().resource(ResourceType.CONFIGMAPS).inAnyNamespace();
        ListOptions paged = ListOptions.builder().labelSelector("set=paged").build();
        assertEquals(25, all.list(paged).items().size());
        assertEquals(
                13,
                all.list(ListOptions.builder()
                                .labelSelector("set=paged,parity=even")
                                .build())
                        .items()
                        .size());
        assertEquals(12, configMaps("kube-public").list(paged).items().size());
        assertEquals(
                1,
                all.list(ListOptions.builder()
                                .fieldSelector("metadata.name=paged-3")
                                .build())
                        .items()
                        .size());

        ObjectList<ConfigMap> firstPage = all.list(paged.toBuilder().limit(10).build());
        assertEquals(10, firstPage.items().size());
        assertNotNull(firstPage.continueToken());

        ListPager.Result<ConfigMap> result = ListPager.of(all::list, 10).list(paged);
        assertEquals(25, result.list().items().size());
        assertTrue(result.paginated());
        assertFalse(result.fellBackToFullList());
    }

    @Test
    void pagerFallsBackToAFullListWhenTheContinueTokenIsCompactedAway() {
        for (int i = 0; i < 6; i++) {
            configMaps("kube-node-lease").create(configMap(null, "compact-" + i, Map.of()));
        }
        ResourceClient<ConfigMap> cms = configMaps("kube-node-lease");
        List<ListOptions> asked = new ArrayList<>();
        ListPager.Result<ConfigMap> result = ListPager.<ConfigMap>of(
                        options -> {
                            asked.add(options);
                            ObjectList<ConfigMap> page = cms.list(options);
                            if (asked.size() == 1) {
                                // History moves on: the version the continue token encodes is compacted away.
                                cms.create(configMap(null, "compact-late", Map.of()));
                                api.server().faults().compactNow();
                            }
                            return page;
                        },
                        2)
                .list(ListOptions.NONE);

        assertTrue(result.fellBackToFullList(), "asked: " + asked);
        assertEquals(7, result.list().items().size());
        assertEquals(3, asked.size());
    }

    @Test
    void watchDeliversChangesFromAResourceVersionAndStops() throws Exception {
        ResourceClient<ConfigMap> cms = configMaps("default");
        String from = cms.list().resourceVersion();
        try (Watch<ConfigMap> watch = cms.watch(ListOptions.builder()
                .resourceVersion(from)
                .fieldSelector("metadata.name=watched")
                .timeoutSeconds(60)
                .build())) {
            ConfigMap created = cms.create(configMap(null, "watched", Map.of("v", "1")));
            cms.update(created.toBuilder().data("v", "2").build());
            cms.delete("watched");

            Event<ConfigMap> added = watch.next();
            assertEquals(EventType.ADDED, added.type());
            assertEquals("1", added.typedObject().data().get("v"));
            Event<ConfigMap> modified = watch.next();
            assertEquals(EventType.MODIFIED, modified.type());
            assertEquals("2", modified.typedObject().data().get("v"));
            assertEquals(EventType.DELETED, watch.next().type());
            watch.stop();
            assertEquals(null, watch.next());
        }
    }

    @Test
    void watchFromACompactedVersionReportsExpired() throws Exception {
        ResourceClient<ConfigMap> cms = configMaps("default");
        String old =
                cms.create(configMap(null, "expiring", Map.of())).metadata().resourceVersion();
        cms.delete("expiring");
        api.server().faults().compactNow();
        try (Watch<ConfigMap> watch =
                cms.watch(ListOptions.builder().resourceVersion(old).build())) {
            Event<ConfigMap> event = watch.next();
            assertEquals(EventType.ERROR, event.type());
            StatusException expired = StatusException.of((Status) event.status());
            assertEquals(410, expired.code());
            assertTrue(expired.isExpiredOrGone(), expired.status().toString());
        } catch (StatusException refusedUpFront) {
            assertTrue(refusedUpFront.isExpiredOrGone(), refusedUpFront.status().toString());
        }
    }

    @Test
    void injectedTooManyRequestsCarriesRetryAfter() {
        api.server().faults().failNext(1, "get", "configmaps", 429, Duration.ofSeconds(4));
        StatusException e =
                assertThrows(StatusException.class, () -> configMaps("default").get("anything"));
        assertTrue(e.isTooManyRequests(), e.status().toString());
        assertEquals(Duration.ofSeconds(4), e.retryAfter().orElseThrow());
    }

    @Test
    void clusterScopedResources() {
        assertTrue(api.client().resource(ResourceType.NAMESPACES).list().items().stream()
                .anyMatch(ns -> ns.metadata().name().equals("kube-system")));
        assertEquals(
                "default",
                api.client()
                        .resource(ResourceType.NAMESPACES)
                        .get("default")
                        .metadata()
                        .name());
    }
}
