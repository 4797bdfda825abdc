package dev.informer.testing.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.ObjIntConsumer;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * RFC 6902 JSON Patch ({@code application/json-patch+json}) with RFC 6901 pointers.
 *
 * <p>Operations {@code add}, {@code remove}, {@code replace}, {@code move}, {@code copy} and
 * {@code test} apply in order to a private copy of the target; the first failing operation aborts
 * the whole patch and the target is untouched. Array indexes are {@code 0} or digits without a
 * leading zero; {@code -} (after the last element) is accepted only by {@code add} (and as the
 * destination of {@code move}/{@code copy}). Unknown operation members are ignored (RFC 6902
 * section 4).
 *
 * <p>Status codes follow kube-apiserver: a document that is not a JSON array of objects is a 400
 * (the server fails to decode it); more than {@value #MAX_OPERATIONS} operations is a 413; every
 * other failure, including an operation missing {@code op}/{@code path}/{@code value}, an unknown
 * {@code op}, a malformed pointer, a missing target and a failed {@code test}, is a 422 because
 * the real server only discovers it while applying. Stateless and thread-safe.
 */
final class JsonPatch {
    /** kube-apiserver's limit on operations in one JSON Patch. */
    static final int MAX_OPERATIONS = 10_000;

    private JsonPatch() {}

    static JsonNode apply(@Nullable JsonNode target, @Nullable JsonNode operations) {
        if (operations == null || !operations.isArray()) {
            throw PatchException.badRequest(
                    "a JSON patch must be a JSON array of operations, got " + JsonValues.typeName(operations));
        }
        if (operations.size() > MAX_OPERATIONS) {
            throw new PatchException(
                    413,
                    "The allowed maximum operations in a JSON patch is " + MAX_OPERATIONS + ", got "
                            + operations.size());
        }
        for (int i = 0; i < operations.size(); i++) {
            if (!operations.get(i).isObject()) {
                throw PatchException.badRequest("JSON patch operation " + i + " must be a JSON object, got "
                        + JsonValues.typeName(operations.get(i)));
            }
        }
        JsonNode doc = target == null ? JsonNodeFactory.instance.nullNode() : target.deepCopy();
        for (int i = 0; i < operations.size(); i++) {
            doc = new Operation(i, operations.get(i)).applyTo(doc);
        }
        return doc;
    }

    /** One operation; methods mutate the document copy they are given and return its new root. */
    private static final class Operation {
        private final int index;
        private final JsonNode spec;
        private String name = "?";

        Operation(int index, JsonNode spec) {
            this.index = index;
            this.spec = spec;
        }

        JsonNode applyTo(JsonNode doc) {
            JsonNode op = spec.get("op");
            if (op == null || !op.isString()) {
                throw fail("missing or non-string member \"op\"");
            }
            name = op.stringValue();
            return switch (name) {
                case "add" -> add(doc, pointer("path"), value().deepCopy());
                case "remove" -> {
                    String[] path = pointer("path");
                    remove(doc, path);
                    yield doc;
                }
                case "replace" -> replace(doc, pointer("path"), value().deepCopy());
                case "move" -> {
                    String[] from = pointer("from");
                    String[] path = pointer("path");
                    if (isProperPrefix(from, path)) {
                        throw fail("cannot move " + format(from) + " into its own child " + format(path));
                    }
                    JsonNode moved = get(doc, from, "from");
                    if (from.length == 0) {
                        yield add(JsonNodeFactory.instance.nullNode(), path, moved);
                    }
                    remove(doc, from);
                    yield add(doc, path, moved);
                }
                case "copy" -> {
                    String[] from = pointer("from");
                    String[] path = pointer("path");
                    yield add(doc, path, get(doc, from, "from").deepCopy());
                }
                case "test" -> {
                    String[] path = pointer("path");
                    JsonNode expected = value();
                    JsonNode actual = get(doc, path, "path");
                    if (!JsonValues.equal(actual, expected)) {
                        throw fail("test failed: the value at " + format(path) + " is " + JsonValues.render(actual)
                                + ", not " + JsonValues.render(expected));
                    }
                    yield doc;
                }
                default -> throw fail("unknown operation; expected add, remove, replace, move, copy or test");
            };
        }

        private JsonNode value() {
            JsonNode value = spec.get("value");
            if (value == null) {
                throw fail("missing member \"value\"");
            }
            return value;
        }

        private String[] pointer(String member) {
            JsonNode node = spec.get(member);
            if (node == null || !node.isString()) {
                throw fail("missing or non-string member \"" + member + "\"");
            }
            String text = node.stringValue();
            if (text.isEmpty()) {
                return new String[0];
            }
            if (text.charAt(0) != '/') {
                throw fail("\"" + member + "\" " + quote(text) + " is not a JSON pointer: it must be"
                        + " empty or start with '/'");
            }
            List<String> tokens = new ArrayList<>();
            int start = 1;
            for (int i = 1; i <= text.length(); i++) {
                if (i == text.length() || text.charAt(i) == '/') {
                    tokens.add(unescape(text.substring(start, i), member, text));
                    start = i + 1;
                }
            }
            return tokens.toArray(new String[0]);
        }

        private String unescape(String token, String member, String pointer) {
            if (token.indexOf('~') < 0) {
                return token;
            }
            StringBuilder sb = new StringBuilder(token.length());
            int i = 0;
            while (i < token.length()) {
                char c = token.charAt(i);
                if (c != '~') {
                    sb.append(c);
                    i++;
                    continue;
                }
                char next = i + 1 < token.length() ? token.charAt(i + 1) : 0;
                if (next == '0') {
                    sb.append('~');
                } else if (next == '1') {
                    sb.append('/');
                } else {
                    throw fail("\"" + member + "\" " + quote(pointer)
                            + " has an invalid escape: '~' must be followed by '0' or '1'");
                }
                i += 2; // the escape and its digit
            }
            return sb.toString();
        }

        private JsonNode add(JsonNode doc, String[] path, JsonNode value) {
            if (path.length == 0) {
                return value;
            }
            JsonNode parent = parent(doc, path);
            String last = path[path.length - 1];
            if (parent.isObject()) {
                ((ObjectNode) parent).set(last, value);
            } else if (parent.isArray()) {
                ArrayNode array = (ArrayNode) parent;
                if (last.equals("-")) {
                    array.add(value);
                } else {
                    int i = arrayIndex(last, path);
                    if (i > array.size()) {
                        throw fail(
                                "index " + i + " of " + format(path) + " is out of bounds (size " + array.size() + ")");
                    }
                    array.insert(i, value);
                }
            } else {
                throw fail("cannot add " + format(path) + ": its parent is a " + JsonValues.typeName(parent)
                        + ", not an object or array");
            }
            return doc;
        }

        private void remove(JsonNode doc, String[] path) {
            if (path.length == 0) {
                throw fail("cannot remove the whole document");
            }
            atExisting(doc, path, ObjectNode::remove, ArrayNode::remove);
        }

        private JsonNode replace(JsonNode doc, String[] path, JsonNode value) {
            if (path.length == 0) {
                return value;
            }
            atExisting(doc, path, (object, member) -> object.set(member, value), (array, i) -> array.set(i, value));
            return doc;
        }

        /**
         * Hands the existing member or element that {@code path} (not empty) points at to {@code onMember}
         * or {@code onElement}.
         *
         * @throws PatchException when there is none
         */
        private void atExisting(
                JsonNode doc,
                String[] path,
                BiConsumer<ObjectNode, String> onMember,
                ObjIntConsumer<ArrayNode> onElement) {
            JsonNode parent = parent(doc, path);
            String last = path[path.length - 1];
            if (parent instanceof ObjectNode object && object.has(last)) {
                onMember.accept(object, last);
            } else if (parent instanceof ArrayNode array) {
                onElement.accept(array, existingIndex(array, last, path));
            } else {
                throw missing(path);
            }
        }

        private JsonNode get(JsonNode doc, String[] path, String member) {
            JsonNode node = doc;
            for (int depth = 0; depth < path.length; depth++) {
                node = child(node, path[depth], path, depth);
                if (node == null) {
                    throw fail("\"" + member + "\" " + format(path) + " does not exist");
                }
            }
            return node;
        }

        /** The container holding the last token of {@code path}, which must exist. */
        private JsonNode parent(JsonNode doc, String[] path) {
            JsonNode node = doc;
            for (int depth = 0; depth < path.length - 1; depth++) {
                node = child(node, path[depth], path, depth);
                if (node == null) {
                    throw fail("path " + format(path) + " does not exist: missing "
                            + format(java.util.Arrays.copyOf(path, depth + 1)));
                }
            }
            return node;
        }

        private @Nullable JsonNode child(JsonNode node, String token, String[] path, int depth) {
            if (node.isObject()) {
                return node.get(token);
            }
            if (node.isArray()) {
                if (token.equals("-")) {
                    return null;
                }
                int i = arrayIndex(token, java.util.Arrays.copyOf(path, depth + 1));
                return i < node.size() ? node.get(i) : null;
            }
            return null;
        }

        private int existingIndex(ArrayNode array, String token, String[] path) {
            if (token.equals("-")) {
                throw fail("index '-' of " + format(path) + " refers to no element");
            }
            int i = arrayIndex(token, path);
            if (i >= array.size()) {
                throw fail("index " + i + " of " + format(path) + " is out of bounds (size " + array.size() + ")");
            }
            return i;
        }

        private int arrayIndex(String token, String[] path) {
            boolean digits = !token.isEmpty() && token.length() <= 9 && (token.length() == 1 || token.charAt(0) != '0');
            for (int i = 0; digits && i < token.length(); i++) {
                char c = token.charAt(i);
                digits = c >= '0' && c <= '9';
            }
            if (!digits) {
                throw fail("array index " + quote(token) + " in " + format(path)
                        + " is not a non-negative integer without leading zeros");
            }
            return Integer.parseInt(token);
        }

        private PatchException missing(String[] path) {
            return fail("path " + format(path) + " does not exist");
        }

        private PatchException fail(String detail) {
            return PatchException.unprocessable("JSON patch operation " + index + " (" + name + "): " + detail);
        }

        private static boolean isProperPrefix(String[] prefix, String[] path) {
            if (prefix.length >= path.length) {
                return false;
            }
            for (int i = 0; i < prefix.length; i++) {
                if (!prefix[i].equals(path[i])) {
                    return false;
                }
            }
            return true;
        }

        private static String format(String[] path) {
            StringBuilder sb = new StringBuilder();
            for (String token : path) {
                sb.append('/').append(token.replace("~", "~0").replace("/", "~1"));
            }
            return quote(sb.toString());
        }

        private static String quote(String s) {
            return "\"" + s + "\"";
        }
    }
}
