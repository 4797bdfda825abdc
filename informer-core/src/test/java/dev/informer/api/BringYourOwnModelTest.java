package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.client.WatchDecoders;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Models the library does not own work through {@link ResourceType#of} and a {@link MetadataReader}. */
class BringYourOwnModelTest {

    private static final ResourceType<io.fabric8.kubernetes.api.model.Pod> FABRIC8_PODS =
            ResourceType.of(io.fabric8.kubernetes.api.model.Pod.class, "", "v1", "pods", "Pod", true);

    /** A user's own minimal model: records with accessor-style names. */
    record MyMeta(String name, String namespace, String resourceVersion, Map<String, String> labels) {}

    record MyThing(String apiVersion, String kind, MyMeta metadata, JsonNode spec) {}

    /** A model with no metadata accessor at all. */
    record Shapeless(String apiVersion) {}

    @Test
    void fabric8PodReadsThroughTheResourceType() {
        io.fabric8.kubernetes.api.model.Pod pod = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);

        assertEquals("web-7d4b9c-x2x9z", pod.getMetadata().getName());
        assertEquals("node-a", pod.getSpec().getNodeName());
        assertEquals("Running", pod.getStatus().getPhase());
        assertEquals(2, pod.getSpec().getContainers().size());
    }

    @Test
    void fabric8PodWritesBackWithTheLibraryMapper() {
        io.fabric8.kubernetes.api.model.Pod pod = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);

        JsonNode out = Fixtures.written(pod);

        assertEquals("500m", out.at("/spec/containers/0/resources/limits/cpu").stringValue());
        assertEquals("kept", out.at("/metadata/futureMetaField").stringValue());
        assertEquals(8080, out.at("/spec/containers/0/ports/0/containerPort").intValue());
    }

    @Test
    void fabric8PodMetadataIsReadReflectively() {
        io.fabric8.kubernetes.api.model.Pod pod = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);

        ObjectMetaAccessor meta = FABRIC8_PODS.metadataOf(pod);

        assertEquals("shop", meta.namespace());
        assertEquals("web-7d4b9c-x2x9z", meta.name());
        assertEquals("482913", meta.resourceVersion());
        assertEquals("5b1e2c62-3f0a-4a7e-9d6c-2d0b1f3c9a11", meta.uid());
        assertEquals(Map.of("app", "web", "pod-template-hash", "7d4b9c"), meta.labels());
    }

    @Test
    void annotationsAreReadForBookmarkDetectionFromEveryKindOfModel() {
        io.fabric8.kubernetes.api.model.Pod fabric8 = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);
        Pod own = ApiJson.readValue(Fixtures.POD, Pod.class);
        JsonNode tree = Fixtures.tree(Fixtures.POD);
        String restartedAt = "kubectl.kubernetes.io/restartedAt";

        assertEquals(
                "2024-05-01T09:59:58Z",
                FABRIC8_PODS.metadataOf(fabric8).annotations().get(restartedAt));
        assertEquals(
                "2024-05-01T09:59:58Z",
                ResourceType.PODS.metadataOf(own).annotations().get(restartedAt));
        assertEquals(
                "2024-05-01T09:59:58Z",
                MetadataReader.defaultFor(JsonNode.class)
                        .read(tree)
                        .annotations()
                        .get(restartedAt));
        MetadataReader<Pod> custom = pod -> pod;
        assertEquals(
                Map.of(),
                ((MetadataReader<MyThing>)
                                thing -> new dev.informer.api.internal.ObjectMetaView(null, "x", null, null, null))
                        .read(new MyThing("v1", "Thing", null, null))
                        .annotations());
        assertEquals("2024-05-01T09:59:58Z", custom.read(own).annotations().get(restartedAt));
    }

    @Test
    void metadataViewIsASnapshotOfAMutableModel() {
        io.fabric8.kubernetes.api.model.Pod pod = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);
        ObjectMetaAccessor meta = FABRIC8_PODS.metadataOf(pod);

        pod.getMetadata().setName("renamed");
        pod.getMetadata().setLabels(new HashMap<>(Map.of("x", "y")));

        assertEquals("web-7d4b9c-x2x9z", meta.name());
        assertEquals("web", meta.labels().get("app"));
        assertThrows(UnsupportedOperationException.class, () -> meta.labels().put("a", "b"));
    }

    @Test
    void defaultKeyFunctionKeysFabric8Pods() {
        io.fabric8.kubernetes.api.model.Pod pod = ApiJson.readObject(Fixtures.POD, FABRIC8_PODS);
        KeyFunction<io.fabric8.kubernetes.api.model.Pod> key =
                KeyFunctions.metaNamespaceKey(FABRIC8_PODS.metadataAccessor());

        assertEquals("shop/web-7d4b9c-x2x9z", key.key(pod));
    }

    @Test
    void defaultKeyFunctionKeysTheOwnModelWithoutAnAdapter() {
        assertEquals(
                "shop/web-7d4b9c-x2x9z",
                KeyFunctions.metaNamespaceKey().key(ApiJson.readValue(Fixtures.POD, Pod.class)));
        assertEquals("node-a", KeyFunctions.metaNamespaceKey().key(ApiJson.readValue(Fixtures.NODE, Node.class)));
        assertEquals("batch/nightly", KeyFunctions.metaNamespaceKey().key(GenericObject.parse(Fixtures.CRONTAB)));
    }

    @Test
    void fabric8PodsDecodeFromAWatchStream() throws IOException {
        String stream = "{\"type\":\"ADDED\",\"object\":" + Fixtures.POD + "}\n"
                + "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
                + "\"metadata\":{\"resourceVersion\":\"9\"}}}\n";
        var decoder =
                WatchDecoders.json(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)), FABRIC8_PODS);

        Event<io.fabric8.kubernetes.api.model.Pod> added = decoder.decode();
        Event<io.fabric8.kubernetes.api.model.Pod> bookmark = decoder.decode();

        assertEquals(EventType.ADDED, added.type());
        assertEquals(
                "registry.example/web:1.4.2",
                added.typedObject().getSpec().getContainers().get(0).getImage());
        assertEquals("9", FABRIC8_PODS.metadataOf(bookmark.typedObject()).resourceVersion());
        assertNull(decoder.decode());
    }

    @Test
    void fabric8ListReadsItems() {
        String json = "{\"kind\":\"PodList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"5\"},"
                + "\"items\":[" + Fixtures.POD + "]}";

        ObjectList<io.fabric8.kubernetes.api.model.Pod> list =
                ApiJson.readList(json.getBytes(StandardCharsets.UTF_8), FABRIC8_PODS);

        assertEquals("5", list.resourceVersion());
        assertEquals("web-7d4b9c-x2x9z", list.items().get(0).getMetadata().getName());
    }

    @Test
    void plainRecordModelWorksWithTheDefaultReader() {
        ResourceType<MyThing> things = ResourceType.of(MyThing.class, "example.com", "v1", "things", "Thing", true);

        MyThing thing = ApiJson.readObject(Fixtures.CRONTAB, things);
        ObjectMetaAccessor meta = things.metadataOf(thing);

        assertEquals("nightly", meta.name());
        assertEquals("batch", meta.namespace());
        assertNull(meta.uid(), "a metadata class without uid reads as null");
        assertEquals(
                "batch/nightly",
                KeyFunctions.metaNamespaceKey(things.metadataAccessor()).key(thing));
    }

    @Test
    void customMetadataReaderIsUsed() {
        ResourceType<MyThing> things = ResourceType.of(
                MyThing.class,
                "example.com",
                "v1",
                "things",
                "Thing",
                true,
                thing -> new dev.informer.api.internal.ObjectMetaView(
                        "fixed", thing.metadata().name(), null, null, null));

        ObjectMetaAccessor meta = things.metadataOf(ApiJson.readObject(Fixtures.CRONTAB, things));

        assertEquals("fixed", meta.namespace());
        assertEquals(Map.of(), meta.labels());
    }

    @Test
    void jsonTreeReaderReadsMetadataOfAnyMappableObject() {
        MetadataReader<JsonNode> reader = MetadataReader.defaultFor(JsonNode.class);

        ObjectMetaAccessor meta = reader.read(Fixtures.tree(Fixtures.CRONTAB));

        assertEquals("nightly", meta.name());
        assertEquals("ct-1", meta.uid());
        assertEquals("data", meta.labels().get("team"));
        assertEquals(
                "web-7d4b9c-x2x9z",
                MetadataReader.<io.fabric8.kubernetes.api.model.Pod>viaJson(ApiJson.mapper())
                        .read(ApiJson.readObject(Fixtures.POD, FABRIC8_PODS))
                        .name());
    }

    @Test
    void modelWithoutMetadataAccessorIsRejectedUpFront() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> ResourceType.of(Shapeless.class, "example.com", "v1", "shapes", "Shape", true));
        assertTrue(e.getMessage().contains(Shapeless.class.getName()), e.getMessage());
    }

    @Test
    void objectWithNullMetadataFailsWithTheClassName() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> FABRIC8_PODS.metadataOf(new io.fabric8.kubernetes.api.model.Pod()));
        assertTrue(e.getMessage().contains("io.fabric8.kubernetes.api.model.Pod"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MetadataReader.defaultFor(JsonNode.class)
                .read(Fixtures.tree("{\"kind\":\"X\"}")));
    }
}
