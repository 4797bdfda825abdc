package dev.informer.controller;

import dev.informer.api.ConfigMap;
import dev.informer.api.ObjectMeta;
import dev.informer.api.OwnerReference;
import dev.informer.api.ResourceType;
import dev.informer.api.Secret;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.testing.EmbeddedApiServer;
import java.util.Map;

/** An embedded API server, a client on it, and helpers to write ConfigMaps and Secrets in "default". */
final class Fixture implements AutoCloseable {

    static final String NS = "default";

    final EmbeddedApiServer server = EmbeddedApiServer.builder().start();
    final KubernetesClient client =
            KubernetesClient.create(ClientConfig.builder().server(server.url()).build());
    final ResourceClient<ConfigMap> configMaps =
            client.resource(ResourceType.CONFIGMAPS).inNamespace(NS);
    final ResourceClient<Secret> secrets = client.resource(ResourceType.SECRETS).inNamespace(NS);

    ConfigMap createConfigMap(String name, Map<String, String> labels) {
        return configMaps.create(ConfigMap.builder()
                .metadata(ObjectMeta.builder()
                        .name(name)
                        .namespace(NS)
                        .labels(labels)
                        .build())
                .data("k", "v")
                .build());
    }

    ConfigMap createConfigMap(String name) {
        return createConfigMap(name, Map.of());
    }

    Secret createSecret(String name, OwnerReference owner) {
        ObjectMeta.Builder meta = ObjectMeta.builder().name(name).namespace(NS);
        if (owner != null) {
            meta.addOwnerReference(owner);
        }
        return secrets.create(Secret.builder().metadata(meta.build()).build());
    }

    /** A secret not yet written, to set owner references on. */
    Secret secretTemplate(String name) {
        return Secret.builder()
                .metadata(ObjectMeta.builder().name(name).namespace(NS).build())
                .build();
    }

    static Request request(String name) {
        return new Request(NS, name);
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
