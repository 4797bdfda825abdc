package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResourceTypeTest {

    @Test
    void coreGroupPathsUseApiPrefix() {
        assertEquals("/api/v1/namespaces/shop/pods", ResourceType.PODS.path("shop"));
        assertEquals("/api/v1/namespaces/shop/pods/web", ResourceType.PODS.path("shop", "web"));
    }

    @Test
    void namespacedResourceWithoutNamespaceListsAllNamespaces() {
        assertEquals("/api/v1/pods", ResourceType.PODS.path(null));
        assertEquals("/api/v1/pods", ResourceType.PODS.path(""));
    }

    @Test
    void namedGroupPathsUseApisPrefix() {
        assertEquals(
                "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/leader",
                ResourceType.LEASES.path("kube-system", "leader"));
    }

    @Test
    void clusterScopedPathsHaveNoNamespace() {
        assertEquals("/api/v1/nodes", ResourceType.NODES.path(null));
        assertEquals("/api/v1/nodes/node-a", ResourceType.NODES.path(null, "node-a"));
        assertEquals("/api/v1/namespaces/shop", ResourceType.NAMESPACES.path("", "shop"));
    }

    @Test
    void namespaceOnClusterScopedResourceIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResourceType.NODES.path("ns"));
        assertTrue(e.getMessage().contains("cluster-scoped"), e.getMessage());
    }

    @Test
    void objectPathOfNamespacedResourceNeedsANamespace() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ResourceType.PODS.path(null, "web"));
        assertTrue(e.getMessage().contains("namespaced"), e.getMessage());
    }

    @Test
    void invalidPathSegmentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ResourceType.PODS.path("a/b"));
        assertThrows(IllegalArgumentException.class, () -> ResourceType.PODS.path("ns", ".."));
        assertThrows(IllegalArgumentException.class, () -> ResourceType.PODS.path("ns", "50%"));
        assertThrows(IllegalArgumentException.class, () -> ResourceType.PODS.path("ns", ""));
        assertThrows(
                IllegalArgumentException.class, () -> ResourceType.generic("example.com", "v1", "", "Thing", true));
        assertThrows(
                IllegalArgumentException.class, () -> ResourceType.generic("example.com", "v1", "things", "", true));
        assertThrows(NullPointerException.class, () -> ResourceType.generic(null, "v1", "things", "Thing", true));
    }

    @Test
    void identityOfBuiltIns() {
        assertEquals("v1", ResourceType.PODS.apiVersion());
        assertEquals("coordination.k8s.io/v1", ResourceType.LEASES.apiVersion());
        assertEquals("PodList", ResourceType.PODS.listKind());
        assertEquals(new GroupVersionResource("", "v1", "events"), ResourceType.EVENTS.groupVersionResource());
        assertEquals(new GroupVersionKind("", "v1", "Event"), ResourceType.EVENTS.groupVersionKind());
        assertSame(CoreEvent.class, ResourceType.EVENTS.type());
        assertTrue(ResourceType.CONFIGMAPS.namespaced());
        assertFalse(ResourceType.NAMESPACES.namespaced());
        assertSame(Secret.class, ResourceType.SECRETS.type());
    }

    @Test
    void genericResourceServesCustomResources() {
        ResourceType<GenericObject> crontabs =
                ResourceType.generic("stable.example.com", "v1", "crontabs", "CronTab", true);

        assertEquals("/apis/stable.example.com/v1/namespaces/batch/crontabs", crontabs.path("batch"));
        assertEquals("stable.example.com/v1", crontabs.apiVersion());
        assertSame(GenericObject.class, crontabs.type());
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);
        assertEquals("nightly", crontabs.metadataOf(crontab).name());
    }

    @Test
    void equalityCoversIdentityAndClass() {
        ResourceType<GenericObject> a = ResourceType.generic("", "v1", "pods", "Pod", true);
        ResourceType<GenericObject> b = ResourceType.generic("", "v1", "pods", "Pod", true);

        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, ResourceType.PODS);
        assertNotEquals(a, ResourceType.generic("", "v1", "pods", "Pod", false));
        assertTrue(ResourceType.PODS.toString().contains("pods.v1"), ResourceType.PODS.toString());
    }

    @Test
    void groupVersionKindParsesApiVersion() {
        assertEquals(new GroupVersionKind("apps", "v1", "Deployment"), GroupVersionKind.of("apps/v1", "Deployment"));
        assertEquals(new GroupVersionKind("", "v1", "Pod"), GroupVersionKind.of("v1", "Pod"));
        assertEquals("apps/v1", GroupVersionKind.of("apps/v1", "Deployment").apiVersion());
        assertThrows(IllegalArgumentException.class, () -> GroupVersionKind.of("a/b/c", "X"));
        assertThrows(IllegalArgumentException.class, () -> new GroupVersionKind("", "", "X"));
        assertEquals("deployments.v1.apps", new GroupVersionResource("apps", "v1", "deployments").toString());
        assertEquals("apps/v1", new GroupVersionResource("apps", "v1", "deployments").groupVersion());
        assertThrows(IllegalArgumentException.class, () -> new GroupVersionResource("", "v1", ""));
    }
}
