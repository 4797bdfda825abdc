package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceDefinitionTest {
    @Test
    void builtInsAreTheCoreSevenThenTheWorkloadNetworkingAndAccessKindsThenCrds() {
        List<String> plurals = ResourceDefinition.builtIns().stream()
                .map(ResourceDefinition::qualifiedName)
                .toList();
        assertEquals(
                List.of("pods", "nodes", "namespaces", "configmaps", "secrets", "events", "leases.coordination.k8s.io"),
                plurals.subList(0, 7));
        assertEquals(
                BuiltInResources.all().stream()
                        .map(ResourceDefinition::qualifiedName)
                        .toList(),
                plurals.subList(7, plurals.size() - 1));
        assertEquals("customresourcedefinitions.apiextensions.k8s.io", plurals.get(plurals.size() - 1));
        assertTrue(plurals.contains("deployments.apps"));
        assertTrue(plurals.contains("events.events.k8s.io"));
        assertTrue(BuiltInResources.DEPLOYMENTS.hasScaleSubresource());
        assertFalse(BuiltInResources.DAEMON_SETS.hasScaleSubresource());
        assertEquals("coordination.k8s.io/v1", ResourceDefinition.LEASES.apiVersion());
        assertEquals("v1", ResourceDefinition.PODS.apiVersion());
        assertEquals("PodList", ResourceDefinition.PODS.listKind());
        assertTrue(ResourceDefinition.PODS.hasStatusSubresource());
        assertFalse(ResourceDefinition.CONFIGMAPS.hasStatusSubresource());
        assertEquals("leases.coordination.k8s.io", ResourceDefinition.LEASES.qualifiedName());
    }

    @Test
    void customDefaultsToEveryVerbAndNoSubresource() {
        ResourceDefinition d = ResourceDefinition.custom("example.com", "v1alpha1", "widgets", "Widget", true);
        assertEquals("widget", d.singular());
        assertEquals(ResourceDefinition.ALL_VERBS, d.verbs());
        assertEquals(List.of(), d.subresources());
        assertEquals(List.of("status"), d.withStatusSubresource().subresources());
        assertEquals(List.of("wg"), d.withShortNames("wg").shortNames());
    }

    @Test
    void invalidDefinitionsAreRejectedWithTheField() {
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> ResourceDefinition.custom("example.com", "v1", "Widgets", "Widget", true))
                .getMessage()
                .startsWith("plural"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> ResourceDefinition.custom("Example.com", "v1", "widgets", "Widget", true))
                .getMessage()
                .startsWith("group"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> ResourceDefinition.custom("example.com", "v1", "widgets", "widget", true))
                .getMessage()
                .startsWith("kind"));
        assertThrows(
                IllegalArgumentException.class,
                () -> new ResourceDefinition(
                        "", "v1", "xs", "x", "X", true, List.of(), List.of("exec"), ResourceDefinition.ALL_VERBS));
        assertThrows(
                IllegalArgumentException.class,
                () -> new ResourceDefinition("", "v1", "xs", "x", "X", true, List.of(), List.of(), List.of("explode")));
        assertThrows(
                IllegalArgumentException.class,
                () -> new ResourceDefinition("", "v1", "xs", "x", "X", true, List.of(), List.of(), List.of()));
        assertThrows(
                NullPointerException.class,
                () -> new ResourceDefinition(null, "v1", "xs", "x", "X", true, List.of(), List.of(), List.of("get")));
    }

    @Test
    void verbsOutsideTheDefinitionAreMethodNotAllowed() {
        ResourceDefinition readOnly = new ResourceDefinition(
                "example.com",
                "v1",
                "readonlies",
                "readonly",
                "ReadOnly",
                true,
                List.of(),
                List.of(),
                List.of("get", "list", "watch"));
        try (EmbeddedApiServer server =
                EmbeddedApiServer.builder().register(readOnly).start()) {
            TestApi api = new TestApi(server);
            String path = "/apis/example.com/v1/namespaces/default/readonlies";
            api.get(path).expect(200);
            assertEquals(405, api.post(path, "{\"metadata\":{\"name\":\"x\"}}").status());
        }
    }
}
