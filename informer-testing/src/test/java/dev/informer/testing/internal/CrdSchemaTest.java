package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class CrdSchemaTest {
    private static CrdSchema schema(String json) {
        return new CrdSchema(Json.MAPPER.readTree(json));
    }

    private static ObjectNode object(String json) {
        return (ObjectNode) Json.MAPPER.readTree(json);
    }

    private static List<String> violations(CrdSchema s, ObjectNode o) {
        List<String> out = new ArrayList<>();
        for (Refusal.Cause c : s.validate(o)) {
            out.add(c.field() + ": " + c.message());
        }
        return out;
    }

    @Test
    void mapValuesArePrunedDefaultedAndValidatedByAdditionalProperties() {
        CrdSchema s = schema(
                """
                {"type":"object","properties":{"spec":{"type":"object","properties":{
                  "limits":{"type":"object","additionalProperties":{"type":"object","properties":{
                    "max":{"type":"integer","default":3}}}}}}}}
                """);
        ObjectNode o = object("{\"spec\":{\"limits\":{\"cpu\":{\"junk\":1},\"mem\":{\"max\":\"x\"}}}}");
        s.pruneAndDefault(o);
        assertEquals("{\"max\":3}", o.path("spec").path("limits").path("cpu").toString());
        assertEquals(
                List.of("spec.limits.mem.max: Invalid value: \"x\": spec.limits.mem.max in body must be of type"
                        + " integer: \"string\""),
                violations(s, o));
    }

    @Test
    void nullableIntOrStringAndExclusiveBounds() {
        CrdSchema s = schema(
                """
                {"type":"object","properties":{"spec":{"type":"object","properties":{
                  "port":{"x-kubernetes-int-or-string":true},
                  "note":{"type":"string","nullable":true},
                  "name":{"type":"string"},
                  "ratio":{"type":"number","minimum":0,"exclusiveMinimum":true,"maximum":1.5}}}}}
                """);
        assertEquals(List.of(), violations(s, object("{\"spec\":{\"port\":\"http\",\"note\":null,\"ratio\":1.5}}")));
        assertEquals(
                List.of(
                        "spec.port: Invalid value: true: spec.port in body must be of type integer,string:"
                                + " \"boolean\"",
                        "spec.name: Invalid value: \"null\": spec.name in body must be of type string: \"null\"",
                        "spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0"),
                violations(s, object("{\"spec\":{\"port\":true,\"name\":null,\"ratio\":0}}")));
        assertTrue(violations(s, object("{\"spec\":{\"ratio\":1.6}}"))
                .get(0)
                .endsWith("should be less than or equal to 1.5"));
    }

    @Test
    void objectWithoutPropertiesPrunesEverythingUnlessItPreservesUnknownFields() {
        CrdSchema s = schema(
                """
                {"type":"object","properties":{"a":{"type":"object"},
                  "b":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}
                """);
        ObjectNode o = object("{\"apiVersion\":\"x/v1\",\"kind\":\"K\",\"metadata\":{\"name\":\"n\"},"
                + "\"a\":{\"x\":1},\"b\":{\"y\":2},\"c\":3}");
        s.pruneAndDefault(o);
        JsonNode expected = Json.MAPPER.readTree(
                "{\"apiVersion\":\"x/v1\",\"kind\":\"K\",\"metadata\":{\"name\":\"n\"},\"a\":{},\"b\":{\"y\":2}}");
        assertEquals(expected, o);
    }

    @Test
    void versionsSortByKubernetesPriority() {
        List<String> versions = new ArrayList<>(List.of("v1alpha1", "foo", "v2beta1", "v1", "v1beta2", "v2", "bar"));
        versions.sort(Crds::compareVersions);
        assertEquals(List.of("v2", "v1", "v2beta1", "v1beta2", "v1alpha1", "bar", "foo"), versions);
    }
}
