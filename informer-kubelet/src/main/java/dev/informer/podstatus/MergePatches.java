package dev.informer.podstatus;

import dev.informer.api.ApiJson;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Builds RFC 7386 JSON merge patches. Stateless. */
final class MergePatches {

    private MergePatches() {}

    /**
     * The merge patch turning {@code from} into {@code to} (both objects): changed fields are set,
     * removed ones set to null, nested objects diffed, lists replaced whole. Empty when equal.
     */
    static ObjectNode diff(JsonNode from, JsonNode to) {
        ObjectNode patch = ApiJson.mapper().createObjectNode();
        for (Map.Entry<String, JsonNode> e : to.properties()) {
            JsonNode before = from.get(e.getKey());
            JsonNode after = e.getValue();
            if (before != null && before.equals(after)) {
                continue;
            }
            if (before != null && before.isObject() && after.isObject()) {
                ObjectNode nested = diff(before, after);
                if (!nested.isEmpty()) {
                    patch.set(e.getKey(), nested);
                }
            } else {
                patch.set(e.getKey(), after.deepCopy());
            }
        }
        for (Map.Entry<String, JsonNode> e : from.properties()) {
            if (!to.has(e.getKey())) {
                patch.putNull(e.getKey());
            }
        }
        return patch;
    }
}
