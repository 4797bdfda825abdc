package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@link RawJson}: managedFields and volumes kept as compact bytes, decoded on demand. */
class RawJsonTest {

    private static final String MANAGED_FIELDS = "[{\"manager\":\"kubectl\",\"operation\":\"Apply\","
            + "\"fieldsV1\":{\"f:metadata\":{\"f:labels\":{\"f:app\":{}}}},\"weight\":1.50,\"big\":12345678901234567890,"
            + "\"text\":\"caf\u00e9 \\u00e9\\n\"}]";

    private static String podWith(String managedFields) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\","
                + "\"managedFields\":" + managedFields + "},"
                + "\"spec\":{\"volumes\":[{\"name\":\"data\",\"emptyDir\":{}}]}}";
    }

    @Test
    void decodedValueGivesTheSameTreeAsTheWire() {
        Pod pod = ApiJson.readObject(podWith(MANAGED_FIELDS), ResourceType.PODS);

        assertEquals(
                ApiJson.mapper().readTree(MANAGED_FIELDS),
                pod.metadata().managedFields().node());
        assertEquals(
                ApiJson.mapper().readTree("[{\"name\":\"data\",\"emptyDir\":{}}]"),
                pod.spec().volumes().node());
    }

    @Test
    void writingBackIsByteIdenticalForTheRawValue() {
        Pod pod = ApiJson.readObject(podWith(MANAGED_FIELDS), ResourceType.PODS);

        String written = ApiJson.writeString(pod);

        // Number forms (1.50, a 20-digit integer) and string escapes are kept exactly as sent.
        assertTrue(written.contains("\"managedFields\":" + pod.metadata().managedFields() + "}"), written);
        assertTrue(written.contains("\"weight\":1.50,\"big\":12345678901234567890"), written);
        assertEquals(written, ApiJson.writeString(ApiJson.readObject(written, ResourceType.PODS)));
    }

    @Test
    void insignificantWhitespaceIsDroppedAtDecode() {
        Pod pod = ApiJson.readObject(podWith("[ { \"manager\" : \"kubectl\" } ]"), ResourceType.PODS);

        assertEquals(
                "[{\"manager\":\"kubectl\"}]", pod.metadata().managedFields().toString());
        assertEquals(23, pod.metadata().managedFields().length());
    }

    @Test
    void eachNodeCallGivesAFreshTreeTheCallerOwns() {
        RawJson raw = RawJson.parse("[{\"manager\":\"kubectl\"}]");

        ((ObjectNode) raw.node().get(0)).put("manager", "changed");
        byte[] bytes = raw.bytes();
        bytes[0] = '{';

        assertEquals("kubectl", raw.node().get(0).get("manager").stringValue());
        assertEquals("[{\"manager\":\"kubectl\"}]", raw.toString());
    }

    @Test
    void equalityAndHashCodeFollowTheBytes() {
        Pod a = ApiJson.readObject(podWith(MANAGED_FIELDS), ResourceType.PODS);
        Pod b = ApiJson.readObject(podWith(MANAGED_FIELDS), ResourceType.PODS);

        assertEquals(a.metadata().managedFields(), b.metadata().managedFields());
        assertEquals(
                a.metadata().managedFields().hashCode(),
                b.metadata().managedFields().hashCode());
        assertEquals(a, b);
        assertEquals(
                RawJson.parse("{\"a\":1}"),
                RawJson.of(JsonNodeFactory.instance.objectNode().put("a", 1)));
        assertNotEquals(RawJson.parse("{\"a\":1,\"b\":2}"), RawJson.parse("{\"b\":2,\"a\":1}"));
        assertNotEquals(a.metadata().managedFields(), RawJson.parse("[]"));
    }

    @Test
    void builderTakesARawValueAndWritesIt() {
        ArrayNode fields = JsonNodeFactory.instance.arrayNode();
        fields.addObject().put("manager", "me");
        ObjectMeta meta =
                ObjectMeta.builder().name("a").managedFields(RawJson.of(fields)).build();
        fields.addObject().put("manager", "later");

        assertEquals("{\"name\":\"a\",\"managedFields\":[{\"manager\":\"me\"}]}", ApiJson.writeString(meta));
        assertEquals(meta, meta.toBuilder().build());
        assertNull(meta.toBuilder().managedFields(null).build().managedFields());
    }

    @Test
    void treeConversionAndPrettyPrintingSeeAStructureNotARawString() {
        Pod pod = ApiJson.readObject(podWith(MANAGED_FIELDS), ResourceType.PODS);

        JsonNode tree = ApiJson.mapper().valueToTree(pod);
        String pretty = ApiJson.mapper()
                .writer()
                .with(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(pod);

        assertTrue(tree.at("/metadata/managedFields").isArray());
        assertEquals("kubectl", tree.at("/metadata/managedFields/0/manager").stringValue());
        assertEquals(
                ApiJson.mapper().readTree(ApiJson.write(pod)), ApiJson.mapper().readTree(pretty));
        assertTrue(pretty.contains("\"manager\" : \"kubectl\""), pretty);
    }

    @Test
    void bindingFromATreeCapturesTheSameValue() {
        String json = podWith("[{\"manager\":\"kubectl\",\"fieldsV1\":{\"f:spec\":{}}}]");

        Pod fromTree = ApiJson.mapper().treeToValue(ApiJson.mapper().readTree(json), Pod.class);

        assertEquals(ApiJson.readObject(json, ResourceType.PODS), fromTree);
    }

    @Test
    void aJsonNullReadsAsAbsent() {
        Pod pod = ApiJson.readObject(podWith("null"), ResourceType.PODS);

        assertNull(pod.metadata().managedFields());
        assertTrue(!ApiJson.writeString(pod).contains("managedFields"));
    }

    @Test
    void parseKeepsTheCompactUtf8Form() {
        RawJson raw = RawJson.parse(" { \"a\" : \"caf\u00e9\" } ");

        assertEquals("{\"a\":\"caf\u00e9\"}", raw.toString());
        assertArrayEquals("{\"a\":\"caf\u00e9\"}".getBytes(StandardCharsets.UTF_8), raw.bytes());
    }

    @Test
    void parseRejectsAnythingButOneWellFormedValue() {
        ApiJsonException malformed = assertThrows(ApiJsonException.class, () -> RawJson.parse("{\"a\":"));
        assertTrue(malformed.getMessage().startsWith("cannot read RawJson from \"{\"a\":\""), malformed.getMessage());
        assertThrows(ApiJsonException.class, () -> RawJson.parse("  "));
        assertThrows(ApiJsonException.class, () -> RawJson.parse("1 2"));
        assertThrows(NullPointerException.class, () -> RawJson.parse(null));
        assertThrows(NullPointerException.class, () -> RawJson.of(null));
    }
}
