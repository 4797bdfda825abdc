package dev.informer.testing.internal;

import java.util.Iterator;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * JSON value semantics shared by the patch engines: equality by JSON value (so {@code 1},
 * {@code 1.0} and a long {@code 1} are one number, as in Go's {@code float64} decoding and RFC 6902
 * {@code test}), and short renderings of nodes for error messages. Stateless and thread-safe.
 */
final class JsonValues {
    private static final int MAX_RENDERED = 200;

    private JsonValues() {}

    /** True when both nodes denote the same JSON value; object member order does not matter. */
    @SuppressWarnings("ReferenceEquality") // identity is the fast path; value equality follows
    static boolean equal(@Nullable JsonNode a, @Nullable JsonNode b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a.isNumber() && b.isNumber()) {
            if (a.isIntegralNumber() && b.isIntegralNumber() && a.canConvertToLong() && b.canConvertToLong()) {
                return a.longValue() == b.longValue();
            }
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Map.Entry<String, JsonNode> e : a.properties()) {
                if (!equal(e.getValue(), b.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<JsonNode> ia = a.iterator();
            Iterator<JsonNode> ib = b.iterator();
            while (ia.hasNext()) {
                if (!equal(ia.next(), ib.next())) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** The JSON type name of a node, for messages ("object", "array", "string", ...). */
    static String typeName(@Nullable JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        // The lower-case type name: object, array, string, number, boolean, null (binary, pojo).
        return node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** Compact JSON text of a node, cut to a readable length for error messages. */
    static String render(@Nullable JsonNode node) {
        if (node == null) {
            return "<none>";
        }
        String text = node.toString();
        return text.length() <= MAX_RENDERED ? text : text.substring(0, MAX_RENDERED) + "...";
    }
}
