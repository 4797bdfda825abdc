package dev.informer.testing.internal;

import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * RFC 7386 JSON merge patch ({@code application/merge-patch+json}): objects merge recursively,
 * {@code null} removes a member, anything else (arrays included) replaces. A patch that is not an
 * object replaces the whole target. Stateless and thread-safe; never mutates its inputs.
 */
final class JsonMergePatch {
    private JsonMergePatch() {}

    static JsonNode apply(@Nullable JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject()
                ? ((ObjectNode) target).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        mergeInto(result, (ObjectNode) patch);
        return result;
    }

    /** Applies {@code patch} to {@code result}, which the caller owns and may be changed. */
    private static void mergeInto(ObjectNode result, ObjectNode patch) {
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            JsonNode value = e.getValue();
            String key = e.getKey();
            if (value.isNull()) {
                result.remove(key);
            } else if (value.isObject()) {
                JsonNode existing = result.get(key);
                ObjectNode child = existing != null && existing.isObject()
                        ? (ObjectNode) existing
                        : JsonNodeFactory.instance.objectNode();
                mergeInto(child, (ObjectNode) value);
                result.set(key, child);
            } else {
                result.set(key, value.deepCopy());
            }
        }
    }
}
