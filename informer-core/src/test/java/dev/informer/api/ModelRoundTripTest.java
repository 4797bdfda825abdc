package dev.informer.api;

import static dev.informer.api.Fixtures.tree;
import static dev.informer.api.Fixtures.withoutNulls;
import static dev.informer.api.Fixtures.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Read-then-write round trips of every typed object: nothing the server sent is lost, including
 * fields the model does not know, at every level.
 */
class ModelRoundTripTest {

    private static <T> T assertRoundTrip(String json, Class<T> type) {
        T value = ApiJson.readValue(json, type);
        assertEquals(withoutNulls(tree(json)), withoutNulls(written(value)), type.getSimpleName() + " round trip");
        T again = ApiJson.readValue(ApiJson.write(value), type);
        assertEquals(value, again, type.getSimpleName() + " survives a second round trip");
        return value;
    }

    @Test
    void podRoundTripKeepsUnknownFieldsAtEveryLevel() {
        Pod pod = assertRoundTrip(Fixtures.POD, Pod.class);

        assertEquals(
                "kept", pod.metadata().unknownFields().get("futureMetaField").stringValue());
        assertTrue(pod.metadata().ownerReferences().get(0).unknownFields().containsKey("futureOwnerField"));
        assertEquals("ClusterFirst", pod.spec().unknownFields().get("dnsPolicy").stringValue());
        Container app = pod.spec().containers().get(0);
        assertTrue(app.unknownFields().containsKey("env"));
        assertTrue(app.ports().get(0).unknownFields().containsKey("futurePortField"));
        assertTrue(app.resources().unknownFields().containsKey("claims"));
        assertTrue(pod.status().unknownFields().containsKey("hostIPs"));
        assertTrue(pod.status().conditions().get(1).unknownFields().containsKey("observedGeneration"));
        assertTrue(pod.status().containerStatuses().get(0).unknownFields().containsKey("volumeMounts"));
    }

    @Test
    void podBindsEveryModelledField() {
        Pod pod = ApiJson.readValue(Fixtures.POD, Pod.class);

        assertEquals("v1", pod.apiVersion());
        assertEquals("Pod", pod.kind());
        assertEquals("shop", pod.namespace());
        assertEquals("web-7d4b9c-x2x9z", pod.name());
        assertEquals("482913", pod.resourceVersion());
        assertEquals("5b1e2c62-3f0a-4a7e-9d6c-2d0b1f3c9a11", pod.uid());
        assertEquals(Map.of("app", "web", "pod-template-hash", "7d4b9c"), pod.labels());
        assertEquals(1L, pod.metadata().generation());
        assertEquals(List.of("example.com/cleanup"), pod.metadata().finalizers());
        assertTrue(pod.metadata().managedFields().node().isArray());
        assertEquals("ReplicaSet", pod.metadata().ownerReferences().get(0).kind());
        assertEquals(Boolean.TRUE, pod.metadata().ownerReferences().get(0).controller());

        PodSpec spec = pod.spec();
        assertEquals("node-a", spec.nodeName());
        assertEquals("Always", spec.restartPolicy());
        assertEquals(0, spec.priority());
        assertEquals(30L, spec.terminationGracePeriodSeconds());
        assertEquals("default", spec.serviceAccountName());
        assertEquals("default-scheduler", spec.schedulerName());
        assertTrue(spec.volumes().node().isArray());
        assertEquals(2, spec.containers().size());
        Container app = spec.containers().get(0);
        assertEquals("registry.example/web:1.4.2", app.image());
        assertEquals(List.of("--port=8080"), app.args());
        assertEquals(8080, app.ports().get(0).containerPort());
        assertEquals("TCP", app.ports().get(0).protocol());
        assertEquals("500m", app.resources().limits().get("cpu"));
        assertEquals("128Mi", app.resources().requests().get("memory"));
        assertEquals(List.of("/proxy"), spec.containers().get(1).command());

        PodStatus status = pod.status();
        assertEquals("Running", status.phase());
        assertEquals("Burstable", status.qosClass());
        assertEquals("10.244.1.17", status.podIP());
        assertEquals("fd00::11", status.podIPs().get(1).ip());
        assertEquals("2024-05-01T10:00:00Z", status.startTime());
        assertEquals("Ready", status.conditions().get(1).type());
        assertNull(status.conditions().get(0).lastProbeTime());
        ContainerStatus running = status.containerStatuses().get(0);
        assertEquals(Boolean.TRUE, running.ready());
        assertEquals(1, running.restartCount());
        assertEquals("2024-05-01T10:00:03Z", running.state().running().startedAt());
        assertEquals(137, running.lastState().terminated().exitCode());
        assertEquals("OOMKilled", running.lastState().terminated().reason());
        ContainerStatus waiting = status.containerStatuses().get(1);
        assertEquals("CrashLoopBackOff", waiting.state().waiting().reason());
        assertEquals("", waiting.imageID());
        assertNull(waiting.lastState().running());
    }

    @Test
    void nodeRoundTripKeepsNodeInfoAndEmptyLabelValues() {
        Node node = assertRoundTrip(Fixtures.NODE, Node.class);

        assertNull(node.namespace());
        assertEquals("", node.labels().get("node-role.kubernetes.io/control-plane"));
        assertEquals(Boolean.TRUE, node.spec().unschedulable());
        assertEquals("NoSchedule", node.spec().taints().get(0).effect());
        assertEquals("110", node.status().capacity().get("pods"));
        assertEquals("KubeletReady", node.status().conditions().get(0).reason());
        assertEquals("10.0.0.4", node.status().addresses().get(0).address());
        assertTrue(node.status().unknownFields().containsKey("nodeInfo"));
        assertTrue(node.spec().unknownFields().containsKey("configSource"));
    }

    @Test
    void namespaceRoundTrip() {
        Namespace namespace = assertRoundTrip(Fixtures.NAMESPACE, Namespace.class);

        assertEquals(List.of("kubernetes"), namespace.spec().finalizers());
        assertEquals("Terminating", namespace.status().phase());
        assertTrue(namespace.status().unknownFields().containsKey("conditions"));
    }

    @Test
    void configMapRoundTripKeepsDataAndBinaryData() {
        ConfigMap configMap = assertRoundTrip(Fixtures.CONFIG_MAP, ConfigMap.class);

        assertEquals("cpu: 1\nmemory: 2Gi\n", configMap.data().get("limits.yaml"));
        assertEquals("iVBORw0KGgo=", configMap.binaryData().get("logo.png"));
        assertEquals(Boolean.FALSE, configMap.immutable());
    }

    @Test
    void secretRoundTripAndToStringHidesValues() {
        Secret secret = assertRoundTrip(Fixtures.SECRET, Secret.class);

        assertEquals("aHVudGVyMg==", secret.data().get("password"));
        assertTrue(secret.toString().contains("password"));
        assertFalse(secret.toString().contains("aHVudGVyMg=="), secret.toString());
    }

    @Test
    void leaseRoundTripKeepsMicroTimeDigitsExactly() {
        Lease lease = assertRoundTrip(Fixtures.LEASE, Lease.class);

        assertEquals("2024-05-01T10:00:00.120000Z", lease.spec().acquireTime());
        assertEquals("2024-05-01T10:04:59.000001Z", lease.spec().renewTime());
        assertEquals(15, lease.spec().leaseDurationSeconds());
        assertEquals(3, lease.spec().leaseTransitions());
        assertEquals("pod-a_1f2e", lease.spec().holderIdentity());
        assertTrue(written(lease).get("spec").toString().contains("\"2024-05-01T10:00:00.120000Z\""));
    }

    @Test
    void coreEventRoundTripKeepsSeries() {
        CoreEvent event = assertRoundTrip(Fixtures.EVENT, CoreEvent.class);

        assertEquals("Event", event.kind());
        assertEquals("spec.containers{app}", event.involvedObject().fieldPath());
        assertEquals("kubelet", event.source().component());
        assertEquals(1, event.count());
        assertEquals("Normal", event.type());
        assertTrue(event.unknownFields().containsKey("series"));
    }

    @Test
    void unknownFieldWithNullValueIsKept() {
        Pod pod =
                ApiJson.readValue("{\"metadata\":{\"name\":\"a\",\"futureNull\":null},\"futureTop\":null}", Pod.class);

        JsonNode out = written(pod);
        assertTrue(out.has("futureTop") && out.get("futureTop").isNull(), out.toString());
        assertTrue(out.get("metadata").has("futureNull"), out.toString());
    }

    @Test
    void writesTypeAndMetadataFirstAndOmitsNullsAndEmptyCollections() {
        Pod pod = Pod.builder()
                .metadata(ObjectMeta.builder().name("a").namespace("ns").build())
                .spec(PodSpec.builder().nodeName("n").build())
                .build();

        assertEquals(
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\"},"
                        + "\"spec\":{\"nodeName\":\"n\"}}",
                ApiJson.writeString(pod));
    }

    @Test
    void listItemsWithoutTypeReadWithNullApiVersionAndKind() {
        Pod pod = ApiJson.readValue("{\"metadata\":{\"name\":\"a\"}}", Pod.class);

        assertNull(pod.apiVersion());
        assertNull(pod.kind());
        assertEquals("{\"metadata\":{\"name\":\"a\"}}", ApiJson.writeString(pod));
    }
}
