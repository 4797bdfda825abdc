package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.ServerAndClient;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class InformersTest {

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();

    @Test
    void anInformerOverAResourceClientIsNamedAfterItsResourceAndNamespace() {
        assertEquals(
                "configmaps",
                Informers.builder(client.resource(ResourceType.CONFIGMAPS))
                        .build()
                        .name());
        assertEquals(
                "configmaps@team-a",
                Informers.builder(client.resource(ResourceType.CONFIGMAPS), InformerOptions.inNamespace("team-a"))
                        .build()
                        .name());
    }

    @Test
    void anInformerOverAResourceClientCachesOnlyTheObjectsItsOptionsSelect() {
        createConfigMap("team-a", "web", "web");
        createConfigMap("team-a", "db", "db");
        createConfigMap("team-b", "web", "web");
        SharedIndexInformer<ConfigMap> informer = Informers.builder(
                        client.resource(ResourceType.CONFIGMAPS),
                        InformerOptions.inNamespace("team-a").withLabelSelector("app=web"))
                .build();
        informer.start();
        try {
            Await.until("synced", informer::hasSynced, Await.LONG_TIMEOUT);
            assertEquals(List.of("team-a/web"), informer.getStore().listKeys());
        } finally {
            informer.close();
        }
    }

    @Test
    void aNamespaceForAClusterScopedResourceIsRejectedNamingTheResource() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Informers.builder(
                        client.resource(ResourceType.NAMESPACES), InformerOptions.inNamespace("team-a")));
        assertTrue(e.getMessage().contains("namespaces are cluster-scoped"), e.getMessage());
    }

    private void createConfigMap(String namespace, String name, String app) {
        server.create(
                "configmaps",
                namespace,
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\""
                        + namespace + "\",\"labels\":{\"app\":\"" + app + "\"}}}");
    }
}
