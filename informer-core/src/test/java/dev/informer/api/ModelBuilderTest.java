package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.store.ObjectMetaAccessor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Builders, toBuilder, immutability and the metadata accessor of the typed model. */
class ModelBuilderTest {

    @Test
    void builderPresetsApiVersionAndKindOfTopLevelTypes() {
        Map<ResourceType<?>, KubernetesObject> built = Map.ofEntries(
                Map.entry(ResourceType.PODS, Pod.builder().build()),
                Map.entry(ResourceType.NODES, Node.builder().build()),
                Map.entry(ResourceType.NAMESPACES, Namespace.builder().build()),
                Map.entry(ResourceType.CONFIGMAPS, ConfigMap.builder().build()),
                Map.entry(ResourceType.SECRETS, Secret.builder().build()),
                Map.entry(ResourceType.EVENTS, CoreEvent.builder().build()),
                Map.entry(ResourceType.LEASES, Lease.builder().build()),
                Map.entry(ResourceType.SERVICES, Service.builder().build()),
                Map.entry(ResourceType.DEPLOYMENTS, Deployment.builder().build()),
                Map.entry(ResourceType.REPLICASETS, ReplicaSet.builder().build()),
                Map.entry(ResourceType.STATEFULSETS, StatefulSet.builder().build()),
                Map.entry(ResourceType.DAEMONSETS, DaemonSet.builder().build()),
                Map.entry(ResourceType.JOBS, Job.builder().build()),
                Map.entry(ResourceType.ENDPOINTSLICES, EndpointSlice.builder().build()),
                Map.entry(
                        ResourceType.CUSTOMRESOURCEDEFINITIONS,
                        CustomResourceDefinition.builder().build()));

        built.forEach((type, object) -> {
            assertEquals(type.apiVersion(), object.apiVersion(), type.toString());
            assertEquals(type.kind(), object.kind(), type.toString());
        });
        assertEquals("coordination.k8s.io/v1", Lease.builder().build().apiVersion());
        assertEquals("Event", CoreEvent.builder().build().kind());
    }

    @Test
    void toBuilderThenBuildGivesAnEqualObjectForEveryType() {
        Pod pod = ApiJson.readValue(Fixtures.POD, Pod.class);
        assertEquals(pod, pod.toBuilder().build());
        assertEquals(
                pod.spec().containers().get(0),
                pod.spec().containers().get(0).toBuilder().build());
        assertEquals(pod.status(), pod.status().toBuilder().build());
        Node node = ApiJson.readValue(Fixtures.NODE, Node.class);
        assertEquals(node, node.toBuilder().build());
        Lease lease = ApiJson.readValue(Fixtures.LEASE, Lease.class);
        assertEquals(lease, lease.toBuilder().build());
        CoreEvent event = ApiJson.readValue(Fixtures.EVENT, CoreEvent.class);
        assertEquals(event, event.toBuilder().build());
    }

    @Test
    void toBuilderChangeLeavesTheOriginalAlone() {
        Pod pod = ApiJson.readValue(Fixtures.POD, Pod.class);

        Pod relabelled = pod.toBuilder()
                .metadata(pod.metadata().toBuilder()
                        .label("tier", "front")
                        .resourceVersion(null)
                        .build())
                .build();

        assertEquals("front", relabelled.labels().get("tier"));
        assertNull(relabelled.resourceVersion());
        assertEquals(2, pod.labels().size());
        assertEquals("482913", pod.resourceVersion());
        assertEquals(pod.spec(), relabelled.spec());
        assertNotEquals(pod, relabelled);
    }

    @Test
    void collectionsAreUnmodifiableAndNeverNull() {
        ObjectMeta empty = ObjectMeta.builder().build();
        assertEquals(Map.of(), empty.labels());
        assertEquals(Map.of(), empty.annotations());
        assertEquals(List.of(), empty.finalizers());
        assertEquals(List.of(), empty.ownerReferences());
        assertEquals(Map.of(), empty.unknownFields());

        Pod pod = ApiJson.readValue(Fixtures.POD, Pod.class);
        assertThrows(UnsupportedOperationException.class, () -> pod.labels().put("x", "y"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> pod.spec().containers().clear());
        assertThrows(
                UnsupportedOperationException.class,
                () -> pod.metadata().unknownFields().clear());
    }

    @Test
    void constructorCopiesCollectionsSoCallersCannotChangeTheObject() {
        Map<String, String> labels = new HashMap<>(Map.of("app", "web"));
        List<String> finalizers = new ArrayList<>(List.of("a"));
        ObjectMeta meta =
                ObjectMeta.builder().labels(labels).finalizers(finalizers).build();

        labels.put("app", "changed");
        finalizers.add("b");

        assertEquals("web", meta.labels().get("app"));
        assertEquals(List.of("a"), meta.finalizers());
    }

    @Test
    void builderDeepCopiesJsonNodesItIsGiven() {
        ObjectNode extra = JsonNodeFactory.instance.objectNode().put("x", 1);
        ObjectNode volumes = JsonNodeFactory.instance.objectNode().put("v", 1);
        PodSpec spec = PodSpec.builder()
                .unknownField("future", extra)
                .volumes(RawJson.of(volumes))
                .build();

        extra.put("x", 2);
        volumes.put("v", 2);

        assertEquals(1, spec.unknownFields().get("future").get("x").intValue());
        assertEquals(1, spec.volumes().node().get("v").intValue());
    }

    @Test
    void nullElementsOfAJsonListAreKept() {
        ObjectMeta meta = ApiJson.readValue("{\"finalizers\":[\"a\",null]}", ObjectMeta.class);

        assertEquals(2, meta.finalizers().size());
        assertNull(meta.finalizers().get(1));
        assertThrows(
                UnsupportedOperationException.class, () -> meta.finalizers().add("c"));
    }

    @Test
    void unknownFieldBuilderMethodsSetAndRemove() {
        ConfigMap configMap = ConfigMap.builder()
                .unknownField("a", JsonNodeFactory.instance.stringNode("1"))
                .unknownField("b", JsonNodeFactory.instance.stringNode("2"))
                .unknownField("a", null)
                .build();

        assertEquals(List.of("b"), List.copyOf(configMap.unknownFields().keySet()));
        assertEquals(Map.of(), configMap.toBuilder().unknownFields(null).build().unknownFields());
    }

    @Test
    void kubernetesObjectReadsMetadataThroughTheStoreAccessor() {
        ObjectMetaAccessor accessor = ConfigMap.builder()
                .metadata(ObjectMeta.builder()
                        .namespace("ns")
                        .name("cm")
                        .resourceVersion("7")
                        .uid("u")
                        .label("a", "b")
                        .build())
                .build();

        assertEquals("ns", accessor.namespace());
        assertEquals("cm", accessor.name());
        assertEquals("7", accessor.resourceVersion());
        assertEquals("u", accessor.uid());
        assertEquals(Map.of("a", "b"), accessor.labels());
    }

    @Test
    void objectWithoutMetadataReportsNullsAndEmptyLabels() {
        Pod pod = Pod.builder().build();

        assertNull(pod.metadata());
        assertNull(pod.name());
        assertNull(pod.namespace());
        assertEquals(Map.of(), pod.labels());
    }

    @Test
    void objectMetaIsItselfAnAccessor() {
        ObjectMeta meta = ObjectMeta.builder().name("n").build();
        ObjectMetaAccessor accessor = meta;

        assertSame(meta.labels(), accessor.labels());
        assertEquals("n", accessor.name());
    }

    @Test
    void adderMethodsAppend() {
        PodSpec spec = PodSpec.builder()
                .addContainer(Container.builder()
                        .name("a")
                        .addPort(ContainerPort.builder().containerPort(80).build())
                        .build())
                .addContainer(Container.builder().name("b").build())
                .nodeSelector("disk", "ssd")
                .build();

        assertEquals(
                List.of("a", "b"),
                spec.containers().stream().map(Container::name).toList());
        assertEquals(80, spec.containers().get(0).ports().get(0).containerPort());
        assertEquals("ssd", spec.nodeSelector().get("disk"));
        assertTrue(spec.initContainers().isEmpty());
    }
}
