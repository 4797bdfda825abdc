package dev.informer.api.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Defensive copies used by the model's canonical constructors: collections become unmodifiable,
 * {@code null} becomes empty (the wire's "absent" and "empty" are the same thing for these fields,
 * as Go's {@code omitempty} treats them), element order is kept, and {@code null} elements are
 * allowed (a JSON {@code [null]} must not break a decode).
 *
 * <p>Stateless and thread-safe. Not part of the public API.
 */
public final class Immutables {

    private Immutables() {}

    /** An unmodifiable copy of {@code list}, or the empty list for {@code null}. */
    public static <E> List<E> list(@Nullable List<E> list) {
        if (list == null || list.isEmpty()) {
            return List.of();
        }
        for (E element : list) {
            if (element == null) {
                // List.copyOf rejects null elements; keep them as the wire had them.
                return Collections.unmodifiableList(new ArrayList<>(list));
            }
        }
        return List.copyOf(list);
    }

    /** An unmodifiable, insertion-ordered copy of {@code map}, or the empty map for {@code null}. */
    public static <K, V> Map<K, V> map(@Nullable Map<K, V> map) {
        if (map == null || map.isEmpty()) {
            return Map.of();
        }
        if (map instanceof CompactMap) {
            return map;
        }
        if (map.size() > CompactMap.MAX_SIZE) {
            return Collections.unmodifiableMap(new LinkedHashMap<>(map));
        }
        Object[] table = new Object[map.size() * 2];
        int i = 0;
        for (Map.Entry<K, V> entry : map.entrySet()) {
            table[i++] = entry.getKey();
            table[i++] = entry.getValue();
        }
        return new CompactMap<>(table);
    }

    /**
     * Like {@link #map(Map)}, with the values {@linkplain Interner#intern(String) interned}: for maps
     * whose values repeat across objects (labels, node selectors, resource quantities). Keys are not
     * interned here: Jackson already hands out one canonical instance per property name for
     * everything it decodes (its symbol table), so interning them again would only cost a lookup.
     */
    public static Map<String, String> internedMap(@Nullable Map<String, String> map) {
        if (map == null || map.isEmpty()) {
            return Map.of();
        }
        if (map instanceof CompactMap) {
            return map;
        }
        if (map.size() > CompactMap.MAX_SIZE) {
            LinkedHashMap<String, String> interned = new LinkedHashMap<>();
            map.forEach((key, value) -> interned.put(key, Interner.intern(value)));
            return Collections.unmodifiableMap(interned);
        }
        Object[] table = new Object[map.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> entry : map.entrySet()) {
            table[i++] = entry.getKey();
            table[i++] = Interner.intern(entry.getValue());
        }
        return new CompactMap<>(table);
    }

    /**
     * The unknown-fields map of a model object: unmodifiable, ordered. When a value
     * is an object or array (and the map is small) the values are kept as compact JSON and parsed on
     * each read ({@link UnknownFieldsMap}); otherwise the {@link JsonNode} values are not copied: a
     * value bound by Jackson is fresh and owned by the object; builders deep-copy what callers hand
     * them.
     */
    public static Map<String, JsonNode> unknownFields(@Nullable Map<String, JsonNode> fields) {
        if (fields == null || fields.isEmpty()) {
            return Map.of();
        }
        if (fields instanceof CompactMap || fields instanceof UnknownFieldsMap) {
            return fields;
        }
        Map<String, JsonNode> compact = UnknownFieldsMap.compactOrNull(fields);
        return compact != null ? compact : map(fields);
    }

    /** A deep copy of {@code node}, or {@code null}. */
    public static @Nullable JsonNode copy(@Nullable JsonNode node) {
        return node == null ? null : node.deepCopy();
    }

    /** A copy of {@code fields} whose values are deep copies (for builders). */
    public static Map<String, JsonNode> deepCopy(@Nullable Map<String, JsonNode> fields) {
        LinkedHashMap<String, JsonNode> copy = new LinkedHashMap<>();
        if (fields != null) {
            fields.forEach((name, value) -> copy.put(name, copy(value)));
        }
        return copy;
    }
}
