package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.function.Executable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON literals for the engine tests, written with single quotes to keep them readable. */
final class TestJson {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private TestJson() {}

    /** Parses {@code text} after turning every {@code '} into {@code "}. */
    static JsonNode json(String text) {
        return MAPPER.readTree(text.replace('\'', '"'));
    }

    /** Asserts that two trees are the same JSON value (member order ignored, list order not). */
    static void assertJson(String expected, JsonNode actual) {
        assertEquals(json(expected), actual);
    }

    /** Asserts a {@link PatchException} with the code, whose message contains every fragment. */
    static PatchException assertPatchFails(int code, Executable call, String... fragments) {
        PatchException e = assertThrows(PatchException.class, call);
        assertEquals(code, e.httpCode(), () -> "status of: " + e.getMessage());
        for (String fragment : fragments) {
            assertTrue(
                    e.getMessage().contains(fragment),
                    () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
        }
        return e;
    }
}
