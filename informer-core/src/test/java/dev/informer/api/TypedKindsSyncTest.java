package dev.informer.api;

import static dev.informer.api.Fixtures.kind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.cache.Lister;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testing.ResourceDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The new typed records work end to end through their {@link ResourceType} constants: created with
 * the client, listed and watched by informers of the embedded API server.
 */
class TypedKindsSyncTest {

    private static final List<ResourceType<?>> TYPES = List.of(
            ResourceType.DEPLOYMENTS,
            ResourceType.REPLICASETS,
            ResourceType.STATEFULSETS,
            ResourceType.DAEMONSETS,
            ResourceType.SERVICES,
            ResourceType.ENDPOINTSLICES,
            ResourceType.JOBS,
            ResourceType.CUSTOMRESOURCEDEFINITIONS);

    private EmbeddedApiServer server;
    private KubernetesClient client;
    private SharedInformerFactory factory;

    @BeforeEach
    void start() {
        EmbeddedApiServer.Builder builder = EmbeddedApiServer.builder();
        for (ResourceType<?> type : TYPES) {
            // Serves the kinds the embedded server does not serve as built-ins (yet).
            boolean builtIn = ResourceDefinition.builtIns().stream()
                    .anyMatch(d -> d.group().equals(type.group()) && d.plural().equals(type.plural()));
            if (!builtIn) {
                builder.register(ResourceDefinition.custom(
                        type.group(), type.version(), type.plural(), type.kind(), type.namespaced()));
            }
        }
        server = builder.start();
        client = KubernetesClient.create(
                ClientConfig.builder().server(server.url()).build());
        factory = SharedInformerFactory.builder(client).build();
    }

    @AfterEach
    void stop() {
        factory.shutdown();
        client.close();
        server.close();
    }

    /** Creates the object of the test resource {@code file}, as new: in "default", no status. */
    private <T> void create(String file, ResourceType<T> type) {
        GenericObject object = GenericObject.parse(kind(file));
        ObjectMeta meta = ObjectMeta.builder()
                .name(object.name())
                .namespace(type.namespaced() ? "default" : null)
                .labels(object.labels())
                .build();
        byte[] json = ApiJson.write(
                object.withMetadata(meta).toBuilder().remove("status").build());
        if (type == ResourceType.JOBS) {
            // A Job read back from a server carries its generated selector; creating it again needs
            // manualSelector, as against kube-apiserver ("`selector` will be auto-generated").
            tools.jackson.databind.node.ObjectNode tree = (tools.jackson.databind.node.ObjectNode)
                    tools.jackson.databind.json.JsonMapper.builder().build().readTree(json);
            ((tools.jackson.databind.node.ObjectNode) tree.get("spec")).put("manualSelector", true);
            json = tree.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        T fresh = ApiJson.readObject(json, type);
        ResourceClient<T> resource = client.resource(type);
        (type.namespaced() ? resource.inNamespace("default") : resource).create(fresh);
    }

    @Test
    void informersSyncEveryNewTypedKind() throws InterruptedException {
        create("deployment.json", ResourceType.DEPLOYMENTS);
        create("replicaset.json", ResourceType.REPLICASETS);
        create("statefulset.json", ResourceType.STATEFULSETS);
        create("daemonset.json", ResourceType.DAEMONSETS);
        create("service.json", ResourceType.SERVICES);
        create("endpointslice.json", ResourceType.ENDPOINTSLICES);
        create("job.json", ResourceType.JOBS);
        create("customresourcedefinition.json", ResourceType.CUSTOMRESOURCEDEFINITIONS);

        Lister<Deployment> deployments = factory.listerFor(ResourceType.DEPLOYMENTS);
        Lister<ReplicaSet> replicaSets = factory.listerFor(ResourceType.REPLICASETS);
        Lister<StatefulSet> statefulSets = factory.listerFor(ResourceType.STATEFULSETS);
        Lister<DaemonSet> daemonSets = factory.listerFor(ResourceType.DAEMONSETS);
        Lister<Service> services = factory.listerFor(ResourceType.SERVICES);
        Lister<EndpointSlice> slices = factory.listerFor(ResourceType.ENDPOINTSLICES);
        Lister<Job> jobs = factory.listerFor(ResourceType.JOBS);
        Lister<CustomResourceDefinition> crds = factory.listerFor(ResourceType.CUSTOMRESOURCEDEFINITIONS);
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(Duration.ofSeconds(20));

        assertEquals(TYPES.size(), synced.size());
        assertTrue(synced.values().stream().allMatch(Boolean::booleanValue), synced.toString());
        assertEquals(3, deployments.get("default/web").orElseThrow().spec().replicas());
        assertEquals(
                "7d4b9c",
                replicaSets
                        .get("default/web-7d4b9c")
                        .orElseThrow()
                        .spec()
                        .selector()
                        .matchLabels()
                        .get("pod-template-hash"));
        assertEquals("db", statefulSets.get("default/db").orElseThrow().spec().serviceName());
        assertEquals(
                "node-exporter",
                daemonSets.get("default/node-exporter").orElseThrow().metadata().name());
        assertEquals(
                80,
                services.get("default/web").orElseThrow().spec().ports().get(0).port());
        assertEquals("IPv4", slices.get("default/web-k8f2p").orElseThrow().addressType());
        assertEquals(6, jobs.get("default/report").orElseThrow().spec().backoffLimit());
        assertEquals(
                "crontabs",
                crds.get("crontabs.stable.example.com")
                        .orElseThrow()
                        .spec()
                        .names()
                        .plural());
    }
}
