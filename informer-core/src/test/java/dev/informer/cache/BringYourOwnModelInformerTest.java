package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.api.ResourceType;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.ServerAndClient;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Every model {@code ResourceType.of} accepts works in every list mode: the one metadata adapter
 * reads keys, resource versions and the streaming list's end bookmark for a plain record, a JSON
 * tree and a map, through list + watch and through a streaming list.
 */
class BringYourOwnModelInformerTest {

    /** A user's own model: plain records, metadata nested, no library type implemented. */
    record Meta(
            String name,
            String namespace,
            String resourceVersion,
            String uid,
            Map<String, String> labels,
            Map<String, String> annotations) {}

    record MyConfigMap(String apiVersion, String kind, Meta metadata, Map<String, String> data) {}

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();
    private SharedIndexInformer<?> informer;

    @BeforeEach
    void start() {
        create("a");
        create("b");
    }

    @AfterEach
    void stop() {
        if (informer != null) {
            informer.close();
        }
    }

    private void create(String name) {
        server.create(
                "configmaps",
                "default",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                        + "\",\"namespace\":\"default\",\"labels\":{\"app\":\"x\"}},\"data\":{\"k\":\"" + name
                        + "\"}}");
    }

    private <T> void syncsAndWatches(Class<T> type, boolean useWatchList, Function<T, String> nameOf) {
        ResourceType<T> resource = ResourceType.of(type, "", "v1", "configmaps", "ConfigMap", true);
        SharedIndexInformer<T> built = Informers.builder(client.resource(resource))
                .name("own-model-" + type.getSimpleName())
                .reflectorOptions(ReflectorOptions.builder()
                        .useWatchList(useWatchList)
                        .watchListConsistencyCheck(false) // it lists; this test counts lists
                        .backoff(BackoffPolicy.constant(Duration.ofMillis(20)))
                        .build())
                .build();
        informer = built;
        built.start();
        Await.until(type.getSimpleName() + " synced", built::hasSynced, Await.LONG_TIMEOUT);
        create("c");
        Await.until("c watched", () -> built.getStore().getByKey("default/c").isPresent(), Await.LONG_TIMEOUT);

        Set<String> names = built.getStore().list().stream().map(nameOf).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("a", "b", "c"), names);
        assertEquals(
                useWatchList ? 0 : 1,
                server.requestCount("list", "configmaps"),
                useWatchList ? "a streaming list, not a LIST" : "one LIST");
        // The version is recorded just after the store call.
        String current = String.valueOf(server.resourceVersion());
        Await.until("version " + current, () -> current.equals(built.lastSyncResourceVersion()), Await.LONG_TIMEOUT);
    }

    @ParameterizedTest(name = "useWatchList={0}")
    @ValueSource(booleans = {false, true})
    void plainRecordModel(boolean useWatchList) {
        syncsAndWatches(MyConfigMap.class, useWatchList, cm -> cm.metadata().name());
    }

    @ParameterizedTest(name = "useWatchList={0}")
    @ValueSource(booleans = {false, true})
    void jsonTreeModel(boolean useWatchList) {
        syncsAndWatches(JsonNode.class, useWatchList, tree -> tree.get("metadata")
                .get("name")
                .asString());
    }

    @ParameterizedTest(name = "useWatchList={0}")
    @ValueSource(booleans = {false, true})
    @SuppressWarnings({"unchecked", "rawtypes"})
    void mapModel(boolean useWatchList) {
        syncsAndWatches((Class<Map>) (Class) Map.class, useWatchList, map ->
                (String) ((Map<String, Object>) map.get("metadata")).get("name"));
    }
}
