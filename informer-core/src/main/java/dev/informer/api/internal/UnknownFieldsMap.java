package dev.informer.api.internal;

import dev.informer.api.ApiJson;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The unknown fields of a model object when some of them are objects or arrays: those values are
 * kept as their compact UTF-8 JSON (a tree of a few small objects costs several times its JSON in
 * maps and nodes) and parsed on access; scalar values (strings, numbers, booleans, {@code null}) are
 * kept as the nodes they are. Ordered as on the wire; at most {@link CompactMap#MAX_SIZE} entries
 * (lookups scan).
 *
 * <p>Immutable and thread-safe. Each {@link #get(Object)} or entry of an object or array value is a
 * fresh tree owned by the caller, so two reads are equal but not the same instance. {@code equals}
 * compares the bytes when both sides are of this class, else follows {@link Map}. Not part of the
 * public API.
 */
final class UnknownFieldsMap extends ArrayTableMap<String, JsonNode> {

    private int hash;

    /** {@code table}: alternating names and values; a value is a {@link JsonNode} (scalar) or a {@code byte[]}. */
    private UnknownFieldsMap(Object[] table) {
        super(table);
    }

    /** {@code fields} kept compactly, or {@code null} when none of its values is an object or array. */
    static @Nullable Map<String, JsonNode> compactOrNull(Map<String, JsonNode> fields) {
        if (fields.size() > CompactMap.MAX_SIZE) {
            return null;
        }
        boolean containers = false;
        for (JsonNode value : fields.values()) {
            containers |= value != null && value.isContainer();
        }
        if (!containers) {
            return null;
        }
        Object[] table = new Object[fields.size() * 2];
        int i = 0;
        for (Map.Entry<String, JsonNode> entry : fields.entrySet()) {
            JsonNode value = entry.getValue();
            table[i++] = entry.getKey();
            table[i++] = value != null && value.isContainer() ? ApiJson.mapper().writeValueAsBytes(value) : value;
        }
        return new UnknownFieldsMap(table);
    }

    @Override
    JsonNode read(Object stored) {
        return stored instanceof byte[] json ? ApiJson.mapper().readTree(json) : (JsonNode) stored;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof UnknownFieldsMap other && other.table.length == table.length) {
            boolean same = true;
            for (int i = 0; i < table.length && same; i++) {
                Object a = table[i];
                Object b = other.table[i];
                same = (a instanceof byte[] x && b instanceof byte[] y) ? Arrays.equals(x, y) : Objects.equals(a, b);
            }
            if (same) {
                return true;
            }
        }
        return super.equals(o);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = super.hashCode();
            hash = h;
        }
        return h;
    }
}
