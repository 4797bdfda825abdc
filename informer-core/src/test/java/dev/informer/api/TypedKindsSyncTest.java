package dev.informer.api;

import static dev.informer.api.Fixtures.kind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.cache.Lister;
import dev.informer.cache.SharedInformerFactory;
import dev.informer.client.ClientConfig;
import dev.informer.client.KubernetesClient;
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

    private static ObjectMeta fresh(ObjectMeta meta, String namespace) {
        return ObjectMeta.builder()
                .name(meta.name())
                .namespace(namespace)
                .labels(meta.labels())
                .build();
    }

    private static <T> T read(String file, ResourceType<T> type) {
        return ApiJson.readObject(kind(file), type);
    }

    @Test
    void informersSyncEveryNewTypedKind() throws InterruptedException {
        Deployment deployment = read("deployment.json", ResourceType.DEPLOYMENTS);
        client.resource(ResourceType.DEPLOYMENTS)
                .inNamespace("default")
                .create(deployment.toBuilder()
                        .metadata(fresh(deployment.metadata(), "default"))
                        .build());
        ReplicaSet replicaSet = read("replicaset.json", ResourceType.REPLICASETS);
        client.resource(ResourceType.REPLICASETS)
                .inNamespace("default")
                .create(replicaSet.toBuilder()
                        .metadata(fresh(replicaSet.metadata(), "default"))
                        .build());
        StatefulSet statefulSet = read("statefulset.json", ResourceType.STATEFULSETS);
        client.resource(ResourceType.STATEFULSETS)
                .inNamespace("default")
                .create(statefulSet.toBuilder()
                        .metadata(fresh(statefulSet.metadata(), "default"))
                        .build());
        DaemonSet daemonSet = read("daemonset.json", ResourceType.DAEMONSETS);
        client.resource(ResourceType.DAEMONSETS)
                .inNamespace("default")
                .create(daemonSet.toBuilder()
                        .metadata(fresh(daemonSet.metadata(), "default"))
                        .build());
        Service service = read("service.json", ResourceType.SERVICES);
        client.resource(ResourceType.SERVICES)
                .inNamespace("default")
                .create(service.toBuilder()
                        .metadata(fresh(service.metadata(), "default"))
                        .status(null)
                        .build());
        EndpointSlice slice = read("endpointslice.json", ResourceType.ENDPOINTSLICES);
        client.resource(ResourceType.ENDPOINTSLICES)
                .inNamespace("default")
                .create(slice.toBuilder()
                        .metadata(fresh(slice.metadata(), "default"))
                        .build());
        Job job = read("job.json", ResourceType.JOBS);
        client.resource(ResourceType.JOBS)
                .inNamespace("default")
                .create(job.toBuilder()
                        .metadata(fresh(job.metadata(), "default"))
                        .build());
        CustomResourceDefinition crd = read("customresourcedefinition.json", ResourceType.CUSTOMRESOURCEDEFINITIONS);
        client.resource(ResourceType.CUSTOMRESOURCEDEFINITIONS)
                .create(crd.toBuilder().metadata(fresh(crd.metadata(), null)).build());

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
