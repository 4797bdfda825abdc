package dev.informer.examples.kinds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.GenericObject;
import dev.informer.api.ResourceType;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.examples.Await;
import dev.informer.testing.BuiltInResources;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testing.ResourceDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The library's own informers sync every built-in kind the embedded server serves, through {@link
 * GenericObject}: one sample object per kind (the manifests of informer-testing's BuiltInKindsTest),
 * listed by an informer of the shared factory, then a second object seen by its watch.
 */
class BuiltInKindsInformerSyncTest {

    private static final Path MANIFESTS = Path.of("../informer-testing/src/test/resources/builtin-kinds");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void everyBuiltInKindSyncsThroughAGenericInformerAndItsWatchSeesChanges() throws Exception {
        assertTrue(Files.isDirectory(MANIFESTS), "no manifest directory " + MANIFESTS.toAbsolutePath());
        try (EmbeddedApiServer server = EmbeddedApiServer.builder().start();
                KubernetesClient client = KubernetesClient.create(
                        ClientConfig.builder().server(server.url()).build())) {
            Map<ResourceDefinition, String> manifests = new LinkedHashMap<>();
            for (ResourceDefinition def : BuiltInResources.all()) {
                Path file = MANIFESTS.resolve(def.plural() + ".json");
                assertTrue(Files.isRegularFile(file), "no sample manifest for " + def.qualifiedName());
                String json = Files.readString(file);
                manifests.put(def, json);
                server.create(def.qualifiedName(), "default", json);
            }
            SharedInformerFactory factory =
                    SharedInformerFactory.builder(client).build();
            Map<ResourceDefinition, SharedIndexInformer<GenericObject>> informers = new LinkedHashMap<>();
            for (ResourceDefinition def : manifests.keySet()) {
                ResourceType<GenericObject> type =
                        ResourceType.generic(def.group(), def.version(), def.plural(), def.kind(), def.namespaced());
                informers.put(def, factory.informerFor(type));
            }
            factory.start();
            try {
                assertTrue(
                        factory.waitForCacheSync(TIMEOUT).values().stream().allMatch(Boolean::booleanValue),
                        "every informer synced");
                List<String> wrong = new ArrayList<>();
                for (var e : informers.entrySet()) {
                    List<GenericObject> items = e.getValue().getStore().list();
                    if (items.size() != 1
                            || !items.get(0).kind().equals(e.getKey().kind())) {
                        wrong.add(e.getKey().qualifiedName() + " -> " + items);
                    }
                }
                assertEquals(List.of(), wrong, "one object of the right kind in every informer");

                for (var e : manifests.entrySet()) {
                    String renamed = e.getValue().replaceFirst("\"name\"\\s*:\\s*\"([^\"]+)\"", "\"name\":\"$1-2\"");
                    server.create(e.getKey().qualifiedName(), "default", renamed);
                }
                for (var e : informers.entrySet()) {
                    SharedIndexInformer<GenericObject> informer = e.getValue();
                    Await.until(
                            "the watch of " + e.getKey().qualifiedName() + " delivers the second object",
                            () -> informer.getStore().list().size() == 2,
                            () -> informer.getStore().list().toString());
                }
                assertEquals(BuiltInResources.all().size(), informers.size());
            } finally {
                factory.shutdown();
            }
        }
    }
}
