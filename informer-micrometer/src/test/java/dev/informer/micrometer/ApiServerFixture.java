package dev.informer.micrometer;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.EmbeddedApiServer;

/** An embedded API server and a client on it, closed together, and a helper to write ConfigMaps in "default". */
final class ApiServerFixture implements AutoCloseable {

    final EmbeddedApiServer server = EmbeddedApiServer.builder().start();
    final KubernetesClient client =
            KubernetesClient.create(ClientConfig.builder().server(server.url()).build());

    void createConfigMap(String name) {
        client.resource(ResourceType.CONFIGMAPS)
                .inNamespace("default")
                .create(ConfigMap.builder()
                        .metadata(ObjectMeta.builder()
                                .name(name)
                                .namespace("default")
                                .build())
                        .build());
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
