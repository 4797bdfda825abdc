package dev.informer.api.internal;

import dev.informer.api.MetadataReader;
import dev.informer.store.ObjectMetaAccessor;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads {@code metadata.*} from the object's JSON tree: directly for a {@link JsonNode}, by
 * conversion otherwise (a {@link Map} or any Jackson-mappable class). Thread-safe.
 */
public final class JsonMetadataReader<T> implements MetadataReader<T> {

    private final ObjectMapper mapper;

    public JsonMetadataReader(ObjectMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    @Override
    public ObjectMetaAccessor read(T object) {
        Objects.requireNonNull(object, "object");
        JsonNode tree = object instanceof JsonNode node ? node : mapper.valueToTree(object);
        JsonNode meta = tree.get("metadata");
        if (meta == null || !meta.isObject()) {
            throw new IllegalArgumentException(
                    "object of " + object.getClass().getName() + " has no \"metadata\" object");
        }
        return new ObjectMetaView(
                text(meta, "namespace"),
                text(meta, "name"),
                text(meta, "resourceVersion"),
                text(meta, "uid"),
                stringMap(meta.get("labels")),
                stringMap(meta.get("annotations")));
    }

    private static Map<String, String> stringMap(JsonNode node) {
        Map<String, String> map = new LinkedHashMap<>();
        if (node != null && node.isObject()) {
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                map.put(
                        entry.getKey(),
                        entry.getValue().isNull() ? null : entry.getValue().asString());
            }
        }
        return map;
    }

    private static @Nullable String text(JsonNode meta, String field) {
        JsonNode value = meta.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
