package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Unknown fields holding objects or arrays are kept as compact JSON and read as fresh trees. */
class CompactUnknownFieldsTest {

    private static final String CONTAINER = "{\"name\":\"app\",\"env\":[{\"name\":\"MODE\",\"value\":\"prod\"}],"
            + "\"stdin\":true,\"terminationMessagePath\":\"/dev/termination-log\",\"securityContext\":{\"runAsUser\":1000}}";

    @Test
    void objectAndArrayValuesReadAsTheTreesTheWireHad() {
        Container container = ApiJson.readValue(CONTAINER, Container.class);
        JsonNode wire = ApiJson.mapper().readTree(CONTAINER);

        assertEquals(
                List.of("env", "stdin", "terminationMessagePath", "securityContext"),
                List.copyOf(container.unknownFields().keySet()));
        assertEquals(wire.get("env"), container.unknownFields().get("env"));
        assertEquals(wire.get("securityContext"), container.unknownFields().get("securityContext"));
        assertEquals(wire.get("stdin"), container.unknownFields().get("stdin"));
        assertEquals(wire, ApiJson.mapper().readTree(ApiJson.write(container)));
    }

    @Test
    void eachReadIsAFreshTreeSoMutatingItChangesNothing() {
        Container container = ApiJson.readValue(CONTAINER, Container.class);

        JsonNode first = container.unknownFields().get("securityContext");
        ((ObjectNode) first).put("runAsUser", 0);

        assertNotSame(first, container.unknownFields().get("securityContext"));
        assertEquals(
                1000,
                container
                        .unknownFields()
                        .get("securityContext")
                        .get("runAsUser")
                        .intValue());
        // Scalars are immutable nodes and are kept as they are.
        assertSame(
                container.unknownFields().get("stdin"),
                container.unknownFields().get("stdin"));
    }

    @Test
    void equalityFollowsTheContentWhicheverWayTheObjectWasMade() {
        Container decoded = ApiJson.readValue(CONTAINER, Container.class);
        Container again = ApiJson.readValue(CONTAINER, Container.class);
        ObjectNode securityContext = JsonNodeFactory.instance.objectNode().put("runAsUser", 1000);
        Container built = Container.builder()
                .name("app")
                .unknownField("env", ApiJson.mapper().readTree("[{\"name\":\"MODE\",\"value\":\"prod\"}]"))
                .unknownField("stdin", JsonNodeFactory.instance.booleanNode(true))
                .unknownField("terminationMessagePath", JsonNodeFactory.instance.stringNode("/dev/termination-log"))
                .unknownField("securityContext", securityContext)
                .build();

        assertEquals(decoded, again);
        assertEquals(decoded.hashCode(), again.hashCode());
        assertEquals(decoded, built);
        assertEquals(built, decoded);
        assertEquals(decoded.hashCode(), built.hashCode());
        assertEquals(decoded, decoded.toBuilder().build());

        Map<String, JsonNode> plain = new LinkedHashMap<>(decoded.unknownFields());
        assertEquals(plain, decoded.unknownFields());
        assertEquals(decoded.unknownFields(), plain);
        assertEquals(plain.hashCode(), decoded.unknownFields().hashCode());
    }

    @Test
    void theMapIsUnmodifiable() {
        Container container = ApiJson.readValue(CONTAINER, Container.class);

        assertThrows(
                UnsupportedOperationException.class,
                () -> container.unknownFields().remove("env"));
        assertThrows(
                UnsupportedOperationException.class,
                () -> container.unknownFields().put("x", JsonNodeFactory.instance.nullNode()));
    }
}
