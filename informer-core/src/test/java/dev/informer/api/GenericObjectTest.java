package dev.informer.api;

import static dev.informer.api.Fixtures.tree;
import static dev.informer.api.Fixtures.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@link GenericObject} for a custom resource: exact round trip, typed metadata, path access, immutability. */
class GenericObjectTest {

    private static final ResourceType<GenericObject> CRONTABS =
            ResourceType.generic("stable.example.com", "v1", "crontabs", "CronTab", true);

    @Test
    void customResourceRoundTripsExactly() {
        GenericObject crontab = ApiJson.readObject(Fixtures.CRONTAB, CRONTABS);

        assertEquals(tree(Fixtures.CRONTAB), written(crontab));
    }

    @Test
    void explicitNullsSurviveTheRoundTrip() {
        GenericObject object = GenericObject.parse("{\"kind\":\"X\",\"spec\":{\"a\":null}}");

        assertEquals("{\"kind\":\"X\",\"spec\":{\"a\":null}}", ApiJson.writeString(object));
    }

    @Test
    void metadataIsTyped() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        assertEquals("stable.example.com/v1", crontab.apiVersion());
        assertEquals("CronTab", crontab.kind());
        assertEquals("nightly", crontab.name());
        assertEquals("batch", crontab.namespace());
        assertEquals("31", crontab.resourceVersion());
        assertEquals("ct-1", crontab.uid());
        assertEquals(Map.of("team", "data"), crontab.labels());
        assertEquals("x", crontab.metadata().annotations().get("note"));
    }

    @Test
    void pathGettersReadScalarsObjectsAndArrayElements() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        assertEquals("0 3 * * *", crontab.getString("spec", "cronSpec"));
        assertEquals(2L, crontab.getLong("spec", "replicas"));
        assertEquals(Boolean.FALSE, crontab.getBoolean("spec", "suspend"));
        assertEquals("files", crontab.getString("spec", "targets", "1", "name"));
        assertTrue(crontab.get("spec", "targets").isArray());
        assertEquals("2024-05-01T03:00:00Z", crontab.status().get("lastRun").stringValue());
        assertTrue(crontab.has("spec", "image"));
    }

    @Test
    void missingPathsReadAsNull() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        assertNull(crontab.get("spec", "nope"));
        assertNull(crontab.getString("spec", "nope", "deeper"));
        assertNull(crontab.get("spec", "targets", "7"));
        assertNull(crontab.get("spec", "targets", "first"));
        assertNull(crontab.getLong("spec", "cronSpec", "x"));
        assertFalse(crontab.has("status", "phase"));
    }

    @Test
    void wrongValueTypeNamesThePath() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> crontab.getLong("spec", "cronSpec"));
        assertTrue(e.getMessage().contains("spec.cronSpec"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> crontab.getString("spec", "replicas"));
        assertThrows(IllegalArgumentException.class, () -> crontab.getBoolean("spec", "image"));
    }

    @Test
    void valuesHandedOutAreCopies() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        ((ObjectNode) crontab.get("spec")).put("replicas", 99);
        crontab.toObjectNode().put("kind", "Changed");

        assertEquals(2L, crontab.getLong("spec", "replicas"));
        assertEquals("CronTab", crontab.kind());
    }

    @Test
    void treeGivenToOfIsCopied() {
        ObjectNode source = (ObjectNode) tree(Fixtures.CRONTAB);
        GenericObject crontab = GenericObject.of(source);

        ((ObjectNode) source.get("spec")).put("replicas", 99);

        assertEquals(2L, crontab.getLong("spec", "replicas"));
    }

    @Test
    void builderSetsAndRemovesValuesAndCreatesParents() {
        GenericObject crontab = GenericObject.parse(Fixtures.CRONTAB);

        GenericObject changed = crontab.toBuilder()
                .set(JsonNodeFactory.instance.numberNode(5), "spec", "replicas")
                .set(JsonNodeFactory.instance.stringNode("ok"), "status", "conditions", "last")
                .set(JsonNodeFactory.instance.stringNode("cache"), "spec", "targets", "0", "name")
                .remove("spec", "suspend")
                .build();

        assertEquals(5L, changed.getLong("spec", "replicas"));
        assertEquals("ok", changed.getString("status", "conditions", "last"));
        assertEquals("cache", changed.getString("spec", "targets", "0", "name"));
        assertFalse(changed.has("spec", "suspend"));
        assertEquals(2L, crontab.getLong("spec", "replicas"));
        assertNotEquals(crontab, changed);
    }

    @Test
    void builderRejectsImpossiblePaths() {
        GenericObject.Builder builder = GenericObject.parse(Fixtures.CRONTAB).toBuilder();
        JsonNode one = JsonNodeFactory.instance.numberNode(1);

        assertThrows(IllegalArgumentException.class, () -> builder.set(one));
        assertThrows(IllegalArgumentException.class, () -> builder.set(one, "spec", "cronSpec", "x"));
        assertThrows(IllegalArgumentException.class, () -> builder.set(one, "spec", "targets", "9"));
    }

    @Test
    void newObjectFromBuilderWithMetadata() {
        GenericObject object = GenericObject.builder("stable.example.com/v1", "CronTab")
                .metadata(ObjectMeta.builder().name("hourly").namespace("batch").build())
                .set(JsonNodeFactory.instance.stringNode("0 * * * *"), "spec", "cronSpec")
                .build();

        assertEquals(
                "{\"apiVersion\":\"stable.example.com/v1\",\"kind\":\"CronTab\",\"metadata\":{\"name\":\"hourly\","
                        + "\"namespace\":\"batch\"},\"spec\":{\"cronSpec\":\"0 * * * *\"}}",
                ApiJson.writeString(object));
        assertEquals("batch/hourly", object.namespace() + "/" + object.name());
        assertEquals(
                "renamed",
                object.withMetadata(
                                object.metadata().toBuilder().name("renamed").build())
                        .name());
    }

    @Test
    void metadataThatIsNotAnObjectIsRejected() {
        ApiJsonException e = assertThrows(ApiJsonException.class, () -> GenericObject.parse("{\"metadata\":\"oops\"}"));
        assertTrue(e.getMessage().contains("metadata"), e.getMessage());
        assertThrows(ApiJsonException.class, () -> GenericObject.parse("[1]"));
    }

    @Test
    void objectWithoutMetadataHasNullMetadata() {
        GenericObject object = GenericObject.parse("{\"kind\":\"X\"}");

        assertNull(object.metadata());
        assertNull(object.name());
        assertNull(object.apiVersion());
    }

    @Test
    void equalWhenTreesAreEqual() {
        GenericObject a = GenericObject.parse(Fixtures.CRONTAB);
        GenericObject b = ApiJson.readObject(Fixtures.CRONTAB.getBytes(StandardCharsets.UTF_8), CRONTABS);

        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(tree(Fixtures.CRONTAB), tree(a.toString()));
    }
}
