package dev.informer.testing.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The server's one JSON mapper and small tree helpers. Thread-safe (the mapper is immutable). */
public final class Json {
    /** Shared mapper: rejects trailing tokens so a body with garbage after the object is a 400. */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {}

    /** A new empty object node. */
    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /**
     * Parses a request body that must be one JSON object.
     *
     * @throws Refusal 400 BadRequest naming {@code what} when it is not
     */
    public static ObjectNode parseObject(byte[] body, String what) {
        if (body.length == 0) {
            throw Refusal.badRequest(what + ": the request body is empty; a JSON object is required");
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw Refusal.badRequest(what + ": the request body is not valid JSON: " + e.getOriginalMessage());
        }
        if (!(node instanceof ObjectNode obj)) {
            throw Refusal.badRequest(what + ": the request body must be a JSON object, got " + node.getNodeType());
        }
        return obj;
    }

    /**
     * Parses any JSON document (patch bodies may be arrays).
     *
     * @throws Refusal 400 BadRequest when it is not valid JSON
     */
    public static JsonNode parse(byte[] body, String what) {
        if (body.length == 0) {
            throw Refusal.badRequest(what + ": the request body is empty");
        }
        try {
            return MAPPER.readTree(body);
        } catch (JacksonException e) {
            throw Refusal.badRequest(what + ": the request body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** Sets {@code parent.field} to an array of {@code values}, in order; returns the array. */
    public static ArrayNode putStrings(ObjectNode parent, String field, Iterable<String> values) {
        ArrayNode array = parent.putArray(field);
        values.forEach(array::add);
        return array;
    }

    /**
     * Sets {@code parent.field} to an array of one object per item, in order, each filled by
     * {@code fill}; returns the array.
     */
    public static <T> ArrayNode putObjects(
            ObjectNode parent, String field, Iterable<T> items, BiConsumer<T, ObjectNode> fill) {
        ArrayNode array = parent.putArray(field);
        for (T item : items) {
            fill.accept(item, array.addObject());
        }
        return array;
    }

    /** Serializes a tree to compact UTF-8 JSON. */
    public static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    /** Serializes a tree to a compact JSON string. */
    public static String string(JsonNode node) {
        return MAPPER.writeValueAsString(node);
    }

    /** The string value of {@code node.field}, or null when absent or not a string. */
    public static @Nullable String text(@Nullable JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode v = node.get(field);
        return v != null && v.isString() ? v.stringValue() : null;
    }

    /** {@code metadata} of an object, or null. */
    public static @Nullable ObjectNode metadata(@Nullable JsonNode obj) {
        JsonNode m = obj == null ? null : obj.get("metadata");
        return m instanceof ObjectNode o ? o : null;
    }

    /**
     * {@code metadata} of an object the server built or stored, which always has one.
     *
     * @throws IllegalStateException when it has none (a bug of the server, not of the request)
     */
    public static ObjectNode requireMetadata(JsonNode obj) {
        ObjectNode meta = metadata(obj);
        if (meta == null) {
            throw new IllegalStateException("an object without metadata reached the store: " + obj);
        }
        return meta;
    }

    /** {@code metadata.<field>} as a string, or null. */
    public static @Nullable String meta(@Nullable JsonNode obj, String field) {
        return text(metadata(obj), field);
    }

    /** The labels of an object as a map (empty when none); non-string values are skipped. */
    public static Map<String, String> labels(@Nullable JsonNode obj) {
        ObjectNode meta = metadata(obj);
        JsonNode labels = meta == null ? null : meta.get("labels");
        if (labels == null || !labels.isObject() || labels.isEmpty()) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : labels.properties()) {
            if (e.getValue().isString()) {
                out.put(e.getKey(), e.getValue().stringValue());
            }
        }
        return out;
    }
}
