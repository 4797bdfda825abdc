package dev.informer.api;

import static dev.informer.api.Fixtures.kind;
import static dev.informer.api.Fixtures.tree;
import static dev.informer.api.Fixtures.withoutNulls;
import static dev.informer.api.Fixtures.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The typed records of workloads, services, endpoint slices, jobs and custom resource definitions:
 * JSON as a real API server writes it round-trips unchanged, the modelled fields bind, the rest is
 * kept, and the generated builders write the wire shape.
 */
class BuiltInKindsModelTest {

    static Stream<Arguments> kinds() {
        return Stream.of(
                arguments("deployment.json", ResourceType.DEPLOYMENTS),
                arguments("replicaset.json", ResourceType.REPLICASETS),
                arguments("statefulset.json", ResourceType.STATEFULSETS),
                arguments("daemonset.json", ResourceType.DAEMONSETS),
                arguments("service.json", ResourceType.SERVICES),
                arguments("endpointslice.json", ResourceType.ENDPOINTSLICES),
                arguments("job.json", ResourceType.JOBS),
                arguments("customresourcedefinition.json", ResourceType.CUSTOMRESOURCEDEFINITIONS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void apiServerJsonRoundTripsWithEveryFieldKept(String file, ResourceType<?> type) {
        String json = kind(file);

        Object value = ApiJson.readObject(json, type);

        assertEquals(withoutNulls(tree(json)), withoutNulls(written(value)), file + " round trip");
        assertEquals(value, ApiJson.readObject(ApiJson.write(value), type), file + " second round trip");
        KubernetesObject object = (KubernetesObject) value;
        assertEquals(type.apiVersion(), object.apiVersion());
        assertEquals(type.kind(), object.kind());
        assertNotNull(object.name());
    }

    @Test
    void deploymentBindsSpecAndStatusEssentials() {
        Deployment deployment = ApiJson.readObject(kind("deployment.json"), ResourceType.DEPLOYMENTS);

        DeploymentSpec spec = deployment.spec();
        assertEquals(3, spec.replicas());
        assertEquals(Map.of("app", "web"), spec.selector().matchLabels());
        LabelSelectorRequirement tier = spec.selector().matchExpressions().get(0);
        assertEquals("In", tier.operator());
        assertEquals(List.of("front", "edge"), tier.values());
        assertEquals("RollingUpdate", spec.strategy().type());
        assertEquals("25%", spec.strategy().rollingUpdate().get("maxSurge").stringValue());
        assertEquals(1, spec.strategy().rollingUpdate().get("maxUnavailable").intValue());
        assertEquals("front", spec.template().metadata().labels().get("tier"));
        assertEquals(
                "registry.example/web:1.4.2",
                spec.template().spec().containers().get(0).image());
        assertEquals(600, spec.progressDeadlineSeconds());
        assertEquals(10, spec.revisionHistoryLimit());
        assertNull(spec.paused());

        DeploymentStatus status = deployment.status();
        assertEquals(4L, status.observedGeneration());
        assertEquals(3, status.replicas());
        assertEquals(2, status.readyReplicas());
        assertEquals(2, status.availableReplicas());
        assertEquals(3, status.updatedReplicas());
        assertEquals(1, status.unavailableReplicas());
        Condition available = status.conditions().get(0);
        assertEquals("Available", available.type());
        assertEquals("True", available.status());
        assertEquals("2024-05-01T10:00:05Z", available.lastUpdateTime());
        assertEquals("MinimumReplicasAvailable", available.reason());
        assertNull(available.lastProbeTime());

        assertTrue(status.unknownFields().containsKey("terminatingReplicas"));
        assertTrue(spec.template().spec().unknownFields().containsKey("dnsPolicy"));
        assertNotNull(deployment.metadata().managedFields());
    }

    @Test
    void replicaSetBindsItsOwnerAndStatus() {
        ReplicaSet replicaSet = ApiJson.readObject(kind("replicaset.json"), ResourceType.REPLICASETS);

        OwnerReference owner = replicaSet.metadata().ownerReferences().get(0);
        assertEquals("Deployment", owner.kind());
        assertEquals(Boolean.TRUE, owner.controller());
        assertEquals(3, replicaSet.spec().replicas());
        assertEquals(5, replicaSet.spec().minReadySeconds());
        assertEquals("7d4b9c", replicaSet.spec().selector().matchLabels().get("pod-template-hash"));
        assertEquals(3, replicaSet.status().fullyLabeledReplicas());
        assertEquals(2, replicaSet.status().readyReplicas());
        assertEquals("FailedCreate", replicaSet.status().conditions().get(0).reason());
    }

    @Test
    void statefulSetKeepsUpdateStrategyAndClaimTemplatesAsUnknownFields() {
        StatefulSet statefulSet = ApiJson.readObject(kind("statefulset.json"), ResourceType.STATEFULSETS);

        StatefulSetSpec spec = statefulSet.spec();
        assertEquals("db", spec.serviceName());
        assertEquals("OrderedReady", spec.podManagementPolicy());
        assertEquals(3, spec.replicas());
        assertEquals(
                "10Gi",
                spec.unknownFields()
                        .get("volumeClaimTemplates")
                        .at("/0/spec/resources/requests/storage")
                        .stringValue());
        assertTrue(spec.unknownFields().containsKey("updateStrategy"));
        assertTrue(spec.unknownFields().containsKey("persistentVolumeClaimRetentionPolicy"));
        assertEquals("db-5c7d8f9b6", statefulSet.status().currentRevision());
        assertEquals(3, statefulSet.status().availableReplicas());
        assertEquals(0, statefulSet.status().collisionCount());
    }

    @Test
    void daemonSetBindsScheduledCounts() {
        DaemonSet daemonSet = ApiJson.readObject(kind("daemonset.json"), ResourceType.DAEMONSETS);

        assertEquals("node-exporter", daemonSet.spec().selector().matchLabels().get("app"));
        assertTrue(daemonSet.spec().unknownFields().containsKey("updateStrategy"));
        assertEquals(Boolean.TRUE, daemonSet.spec().template().spec().hostNetwork());
        assertTrue(daemonSet.spec().template().spec().unknownFields().containsKey("tolerations"));
        DaemonSetStatus status = daemonSet.status();
        assertEquals(3, status.desiredNumberScheduled());
        assertEquals(3, status.currentNumberScheduled());
        assertEquals(2, status.numberReady());
        assertEquals(1, status.numberUnavailable());
        assertEquals(0, status.numberMisscheduled());
    }

    @Test
    void serviceKeepsNumericAndNamedTargetPortsAsSent() {
        Service service = ApiJson.readObject(kind("service.json"), ResourceType.SERVICES);

        ServiceSpec spec = service.spec();
        assertEquals("LoadBalancer", spec.type());
        assertEquals("10.96.12.34", spec.clusterIP());
        assertEquals(List.of("10.96.12.34"), spec.clusterIPs());
        assertEquals(Map.of("app", "web"), spec.selector());
        assertEquals(List.of("IPv4"), spec.ipFamilies());
        ServicePort http = spec.ports().get(0);
        assertEquals("http", http.name());
        assertEquals(80, http.port());
        assertEquals(30080, http.nodePort());
        assertTrue(http.targetPort().isInt());
        assertEquals(8080, http.targetPort().intValue());
        ServicePort metrics = spec.ports().get(1);
        assertEquals("metrics", metrics.targetPort().stringValue());
        assertEquals("http", metrics.appProtocol());
        assertEquals(
                "203.0.113.10",
                service.status().loadBalancer().at("/ingress/0/ip").stringValue());
        assertTrue(spec.unknownFields().containsKey("allocateLoadBalancerNodePorts"));
    }

    @Test
    void endpointSliceBindsEndpointsAndPorts() {
        EndpointSlice slice = ApiJson.readObject(kind("endpointslice.json"), ResourceType.ENDPOINTSLICES);

        assertEquals("IPv4", slice.addressType());
        assertEquals("web", slice.labels().get("kubernetes.io/service-name"));
        Endpoint ready = slice.endpoints().get(0);
        assertEquals(List.of("10.244.1.7"), ready.addresses());
        assertEquals(Boolean.TRUE, ready.conditions().ready());
        assertEquals(Boolean.FALSE, ready.conditions().terminating());
        assertEquals("web-7d4b9c-x2x9z", ready.targetRef().name());
        assertEquals("zone-1", ready.zone());
        assertTrue(ready.unknownFields().containsKey("hints"));
        assertEquals(Boolean.TRUE, slice.endpoints().get(1).conditions().terminating());
        assertEquals(9090, slice.ports().get(1).port());
        assertEquals("http", slice.ports().get(1).appProtocol());
    }

    @Test
    void jobBindsCompletionAndConditions() {
        Job job = ApiJson.readObject(kind("job.json"), ResourceType.JOBS);

        JobSpec spec = job.spec();
        assertEquals(1, spec.completions());
        assertEquals(1, spec.parallelism());
        assertEquals(6, spec.backoffLimit());
        assertEquals(900L, spec.activeDeadlineSeconds());
        assertEquals(3600, spec.ttlSecondsAfterFinished());
        assertEquals(Boolean.FALSE, spec.suspend());
        assertEquals("Never", spec.template().spec().restartPolicy());
        assertTrue(spec.unknownFields().containsKey("podReplacementPolicy"));
        JobStatus status = job.status();
        assertEquals(1, status.succeeded());
        assertNull(status.active());
        assertEquals("2024-05-01T03:00:00Z", status.startTime());
        Condition complete = status.conditions().get(1);
        assertEquals("Complete", complete.type());
        assertEquals("2024-05-01T03:04:10Z", complete.lastProbeTime());
        assertTrue(status.unknownFields().containsKey("uncountedTerminatedPods"));
    }

    @Test
    void customResourceDefinitionBindsNamesVersionsAndSchema() {
        CustomResourceDefinition crd =
                ApiJson.readObject(kind("customresourcedefinition.json"), ResourceType.CUSTOMRESOURCEDEFINITIONS);

        CustomResourceDefinitionSpec spec = crd.spec();
        assertEquals("stable.example.com", spec.group());
        assertEquals("Namespaced", spec.scope());
        assertEquals(List.of("ct"), spec.names().shortNames());
        assertEquals(List.of("all"), spec.names().categories());
        CustomResourceDefinitionVersion v1 = spec.versions().get(0);
        assertEquals(Boolean.TRUE, v1.storage());
        assertEquals(
                10,
                v1.schema()
                        .at("/openAPIV3Schema/properties/spec/properties/replicas/maximum")
                        .intValue());
        assertEquals(
                ".spec.replicas",
                v1.subresources().at("/scale/specReplicasPath").stringValue());
        assertEquals("Spec", v1.additionalPrinterColumns().at("/0/name").stringValue());
        assertTrue(v1.unknownFields().containsKey("selectableFields"));
        assertEquals(Boolean.TRUE, spec.versions().get(1).deprecated());
        assertTrue(spec.unknownFields().containsKey("conversion"));
        assertEquals(List.of("v1"), crd.status().storedVersions());
        assertEquals("crontabs", crd.status().acceptedNames().plural());
        assertEquals("Established", crd.status().conditions().get(1).type());
    }

    @Test
    void customResourceDefinitionNamesTheResourceOfItsObjects() {
        CustomResourceDefinition crd =
                ApiJson.readObject(kind("customresourcedefinition.json"), ResourceType.CUSTOMRESOURCEDEFINITIONS);

        assertEquals(
                ResourceType.generic("stable.example.com", "v1beta1", "crontabs", "CronTab", true),
                crd.resourceType("v1beta1"));
        IllegalArgumentException unknownVersion =
                assertThrows(IllegalArgumentException.class, () -> crd.resourceType("v2"));
        assertTrue(unknownVersion.getMessage().contains("\"v2\""), unknownVersion.getMessage());
        IllegalArgumentException noSpec = assertThrows(
                IllegalArgumentException.class,
                () -> CustomResourceDefinition.builder().build().resourceType("v1"));
        assertTrue(noSpec.getMessage().contains("spec.group"), noSpec.getMessage());
    }

    @Test
    void customResourceDefinitionWithoutAPluralIsRejectedNamingTheField() {
        CustomResourceDefinition crd =
                ApiJson.readObject(kind("customresourcedefinition.json"), ResourceType.CUSTOMRESOURCEDEFINITIONS);
        CustomResourceDefinitionSpec spec = crd.spec();
        CustomResourceDefinition noPlural = crd.toBuilder()
                .spec(spec.toBuilder()
                        .names(spec.names().toBuilder().plural(null).build())
                        .build())
                .build();

        IllegalArgumentException rejected =
                assertThrows(IllegalArgumentException.class, () -> noPlural.resourceType("v1beta1"));

        assertTrue(rejected.getMessage().contains("spec.names.plural"), rejected.getMessage());
    }

    @Test
    void generatedBuildersWriteTheWireShape() {
        Deployment deployment = Deployment.builder()
                .metadata(ObjectMeta.builder().name("web").namespace("shop").build())
                .spec(DeploymentSpec.builder()
                        .replicas(2)
                        .selector(
                                LabelSelector.builder().matchLabel("app", "web").build())
                        .template(PodTemplateSpec.builder()
                                .metadata(
                                        ObjectMeta.builder().label("app", "web").build())
                                .spec(PodSpec.builder()
                                        .addContainer(Container.builder()
                                                .name("web")
                                                .image("web:1")
                                                .build())
                                        .build())
                                .build())
                        .strategy(DeploymentStrategy.builder().type("Recreate").build())
                        .build())
                .build();

        assertEquals(
                tree(
                        """
                        {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "shop"},
                         "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
                          "template": {"metadata": {"labels": {"app": "web"}},
                           "spec": {"containers": [{"name": "web", "image": "web:1"}]}},
                          "strategy": {"type": "Recreate"}}}
                        """),
                written(deployment));
    }

    @Test
    void generatedBuildersNameTheirAddersInTheSingular() {
        ServiceSpec spec = ServiceSpec.builder()
                .addPort(ServicePort.builder()
                        .port(80)
                        .targetPort(JsonNodeFactory.instance.numberNode(8080))
                        .build())
                .addClusterIP("10.96.0.10")
                .addIpFamily("IPv4")
                .selector("app", "web")
                .build();
        CustomResourceDefinitionNames names = CustomResourceDefinitionNames.builder()
                .addShortName("ct")
                .addCategory("all")
                .build();
        Endpoint endpoint = Endpoint.builder().addAddress("10.0.0.1").build();
        LabelSelectorRequirement requirement = LabelSelectorRequirement.builder()
                .key("tier")
                .operator("In")
                .addValue("front")
                .build();

        assertEquals(8080, spec.ports().get(0).targetPort().intValue());
        assertEquals(List.of("10.96.0.10"), spec.clusterIPs());
        assertEquals(List.of("IPv4"), spec.ipFamilies());
        assertEquals(Map.of("app", "web"), spec.selector());
        assertEquals(List.of("ct"), names.shortNames());
        assertEquals(List.of("all"), names.categories());
        assertEquals(List.of("10.0.0.1"), endpoint.addresses());
        assertEquals(List.of("front"), requirement.values());
    }

    @Test
    void generatedBuildersCopyJsonTheyAreGivenAndToBuilderKeepsUnknownFields() {
        Service service = ApiJson.readObject(kind("service.json"), ResourceType.SERVICES);
        JsonNode loadBalancer = tree("{\"ingress\": [{\"ip\": \"198.51.100.1\"}]}");

        Service changed = service.toBuilder()
                .status(service.status().toBuilder().loadBalancer(loadBalancer).build())
                .build();
        ((tools.jackson.databind.node.ObjectNode) loadBalancer).put("mutated", true);

        assertEquals(service.spec(), changed.spec());
        assertEquals(service.spec().unknownFields(), changed.spec().unknownFields());
        assertNull(changed.status().loadBalancer().get("mutated"), "the builder kept a copy");
        assertEquals(
                "198.51.100.1",
                changed.status().loadBalancer().at("/ingress/0/ip").stringValue());
        assertEquals(
                "203.0.113.10",
                service.status().loadBalancer().at("/ingress/0/ip").stringValue());
        assertEquals(service, service.toBuilder().build());
    }
}
