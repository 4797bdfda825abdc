package dev.informer.testing.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.JsonNodeType;
import tools.jackson.databind.node.ObjectNode;

/**
 * Kubernetes strategic merge patch ({@code application/strategic-merge-patch+json}), following
 * apimachinery's {@code strategicpatch.StrategicMergeMapPatch} as the API server runs it.
 *
 * <p>Rules, per field of the patch:
 * <ul>
 *   <li>{@code null} removes the field;
 *   <li>two objects merge recursively; an object with {@code "$patch": "replace"} replaces the
 *       current one, {@code "$patch": "delete"} empties it;
 *   <li>two lists are replaced unless {@link StrategicPatchSchema} declares the field a merge
 *       list. Lists of objects then merge element by element on the merge key (an element with
 *       {@code "$patch": "delete"} removes every element with its key; one with {@code "$patch":
 *       "replace"} makes the other patch elements the whole list); lists of scalars become the
 *       union of both. Order: patch elements in patch order, interleaved with the remaining
 *       current elements in their current order (apimachinery's {@code mergeSortedSlice});
 *   <li>{@code "$setElementOrder/<field>"} sets the order of that list (elements not named keep
 *       their relative order), checking that the patch list is in the same relative order;
 *   <li>{@code "$deleteFromPrimitiveList/<field>"} removes those scalars from that list;
 *   <li>{@code "$retainKeys"} removes every current field not listed, and every non-null patch
 *       field must be listed;
 *   <li>anything else replaces the current value.
 * </ul>
 *
 * <p>Deliberate differences from apimachinery, all on inputs kubectl never sends: new subtrees
 * taken from the patch are cleaned (nulls dropped, directives applied as if merged into an empty
 * value) where the real code copies them raw and lets the typed decode drop the nulls;
 * {@code "$patch": "merge"} is accepted as the explicit default instead of rejected; a
 * {@code $deleteFromPrimitiveList} whose list is absent is ignored and applies to any list; and
 * malformed-patch errors that apimachinery leaves unclassified (which kube-apiserver then answers
 * with 500) are 400 here.
 *
 * <p>Stateless and thread-safe; works on a private deep copy of the target and never mutates
 * either input.
 */
final class StrategicMergePatch {
    private static final String DIRECTIVE = "$patch";
    private static final String RETAIN_KEYS = "$retainKeys";
    private static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList";
    private static final String SET_ELEMENT_ORDER = "$setElementOrder";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StrategicMergePatch() {}

    static JsonNode apply(@Nullable JsonNode target, @Nullable JsonNode patch, StrategicPatchSchema schema) {
        if (patch == null || !patch.isObject()) {
            throw PatchException.badRequest(
                    "a strategic merge patch must be a JSON object, got " + JsonValues.typeName(patch));
        }
        ObjectNode original =
                target != null && target.isObject() ? ((ObjectNode) target).deepCopy() : NODES.objectNode();
        return mergeMap(original, (ObjectNode) patch, schema, Path.ROOT);
    }

    /** Merges {@code patch} into {@code original} (owned, may be changed); returns the result. */
    private static ObjectNode mergeMap(ObjectNode original, ObjectNode patch, StrategicPatchSchema schema, Path path) {
        JsonNode directive = patch.get(DIRECTIVE);
        if (directive != null) {
            String d = directive.isString() ? directive.stringValue() : JsonValues.render(directive);
            switch (d) {
                case "replace" -> {
                    return mergeFields(NODES.objectNode(), patch, schema, path);
                }
                case "delete" -> {
                    return NODES.objectNode();
                }
                case "merge" -> {}
                default ->
                    throw PatchException.badRequest(
                            "unknown patch type: " + d + " in map " + JsonValues.render(patch) + " at " + path);
            }
        }
        return mergeFields(original, patch, schema, path);
    }

    private static ObjectNode mergeFields(
            ObjectNode original, ObjectNode patch, StrategicPatchSchema schema, Path path) {
        JsonNode retainKeys = patch.get(RETAIN_KEYS);
        if (retainKeys != null) {
            applyRetainKeys(original, patch, retainKeys, path);
        }
        Set<String> ordered = null;
        boolean hasDeletions = false;
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            String k = e.getKey();
            if (k.startsWith(SET_ELEMENT_ORDER)) {
                String listKey =
                        directiveTarget(k, SET_ELEMENT_ORDER, "invalid patch format of setElementOrder list", path);
                if (applyElementOrder(
                        original, patch, listKey, e.getValue(), schema.field(listKey), path.field(listKey))) {
                    if (ordered == null) {
                        ordered = new HashSet<>();
                    }
                    ordered.add(listKey);
                }
            } else if (k.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
                hasDeletions = true;
            }
        }
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            String k = e.getKey();
            if (k.equals(DIRECTIVE)
                    || k.equals(RETAIN_KEYS)
                    || k.startsWith(SET_ELEMENT_ORDER)
                    || k.startsWith(DELETE_FROM_PRIMITIVE_LIST)
                    || (ordered != null && ordered.contains(k))) {
                continue;
            }
            JsonNode value = e.getValue();
            if (value.isNull()) {
                original.remove(k);
                continue;
            }
            StrategicPatchSchema.Field meta = schema.field(k);
            JsonNode existing = original.get(k);
            if (existing != null && existing.isObject() && value.isObject()) {
                original.set(k, mergeMap((ObjectNode) existing, (ObjectNode) value, meta.type, path.field(k)));
            } else if (existing != null && existing.isArray() && value.isArray()) {
                original.set(k, mergeList((ArrayNode) existing, (ArrayNode) value, meta, path.field(k)));
            } else {
                original.set(k, fresh(value, meta, path.field(k)));
            }
        }
        if (hasDeletions) {
            // After the merges, so that a patch adding and deleting in one list ends with the deletion.
            for (Map.Entry<String, JsonNode> e : patch.properties()) {
                String k = e.getKey();
                if (!k.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
                    continue;
                }
                String listKey =
                        directiveTarget(k, DELETE_FROM_PRIMITIVE_LIST, "invalid patch format of primitive list", path);
                if (!e.getValue().isArray()) {
                    throw PatchException.badRequest("invalid patch format of primitive list: " + k + " at " + path
                            + " must be a list, got " + JsonValues.typeName(e.getValue()));
                }
                JsonNode existing = original.get(listKey);
                if (existing != null && existing.isArray()) {
                    original.set(listKey, without((ArrayNode) existing, (ArrayNode) e.getValue()));
                }
            }
        }
        return original;
    }

    private static void applyRetainKeys(ObjectNode original, ObjectNode patch, JsonNode retainKeys, Path path) {
        if (!retainKeys.isArray()) {
            throw PatchException.badRequest("invalid patch format of retainKeys: $retainKeys at " + path
                    + " must be a list, got " + JsonValues.typeName(retainKeys));
        }
        Set<String> keep = new HashSet<>();
        for (JsonNode k : retainKeys) {
            if (k.isString()) {
                keep.add(k.stringValue());
            }
        }
        for (Map.Entry<String, JsonNode> e : patch.properties()) {
            String k = e.getKey();
            if (e.getValue().isNull()
                    || k.equals(RETAIN_KEYS)
                    || k.equals(DIRECTIVE)
                    || k.startsWith(DELETE_FROM_PRIMITIVE_LIST)
                    || k.startsWith(SET_ELEMENT_ORDER)) {
                continue;
            }
            if (!keep.contains(k)) {
                throw PatchException.badRequest("invalid patch format of retainKeys: field " + k + " at " + path
                        + " is set but not listed in $retainKeys " + JsonValues.render(retainKeys));
            }
        }
        original.retain(keep);
    }

    /**
     * Orders {@code listKey} of {@code original} by a {@code $setElementOrder} list, merging the
     * patch's list first. Returns false when there is nothing to order.
     */
    private static boolean applyElementOrder(
            ObjectNode original,
            ObjectNode patch,
            String listKey,
            JsonNode order,
            StrategicPatchSchema.Field meta,
            Path path) {
        if (!order.isArray()) {
            throw PatchException.badRequest("invalid patch format of setElementOrder list: "
                    + SET_ELEMENT_ORDER + "/" + listKey + " at " + path + " must be a list, got "
                    + JsonValues.typeName(order));
        }
        JsonNode current = original.get(listKey);
        JsonNode patched = patch.get(listKey);
        if (patched != null && patched.isNull()) {
            return false; // the list is being removed; nothing left to order
        }
        if (current != null && current.isNull()) {
            current = null;
        }
        if (current == null && patched == null) {
            return false;
        }
        if (current != null && !current.isArray()) {
            throw PatchException.badRequest("cannot apply " + SET_ELEMENT_ORDER + " at " + path
                    + ": the current value is a " + JsonValues.typeName(current) + ", not a list");
        }
        if (patched != null && !patched.isArray()) {
            throw PatchException.badRequest("cannot apply " + SET_ELEMENT_ORDER + " at " + path
                    + ": the patch value is a " + JsonValues.typeName(patched) + ", not a list");
        }
        String key = meta.mergeList ? meta.mergeKey : null;
        List<JsonNode> orderList = elements(order);
        if (patched != null) {
            checkOrderConsistent((ArrayNode) patched, orderList, key, path);
        }
        List<JsonNode> serverOrder = current == null ? List.of() : elements(current);
        ArrayNode merged;
        if (patched != null && current != null) {
            merged = mergeList((ArrayNode) current, (ArrayNode) patched, meta, path);
        } else if (patched != null) {
            merged = (ArrayNode) fresh(patched, meta, path);
        } else if (current != null) {
            merged = (ArrayNode) current;
        } else {
            return false; // neither list exists (returned above already)
        }
        List<JsonNode> named = new ArrayList<>(merged.size());
        List<JsonNode> serverOnly = new ArrayList<>();
        for (JsonNode item : merged) {
            (indexOf(orderList, item, key) >= 0 ? named : serverOnly).add(item);
        }
        original.set(listKey, interleave(named, serverOnly, orderList, serverOrder, key));
        return true;
    }

    /** The patch list (less deletions and directives) must follow the $setElementOrder order. */
    private static void checkOrderConsistent(ArrayNode patched, List<JsonNode> order, @Nullable String key, Path path) {
        if (patched.isEmpty() || order.isEmpty()) {
            return;
        }
        int p = 0;
        int o = 0;
        List<JsonNode> items = new ArrayList<>(patched.size());
        for (JsonNode item : patched) {
            if (!(key != null && item.isObject() && item.has(DIRECTIVE))) {
                items.add(item);
            }
        }
        while (p < items.size() && o < order.size()) {
            JsonNode item = items.get(p);
            if (sameElement(item, order.get(o), key, path)) {
                p++;
            }
            o++;
        }
        if (p < items.size()) {
            throw PatchException.badRequest("the order in patch list " + JsonValues.render(patched)
                    + " at " + path + " doesn't match " + SET_ELEMENT_ORDER + " list "
                    + JsonValues.render(NODES.arrayNode().addAll(order)));
        }
    }

    private static boolean sameElement(JsonNode a, JsonNode b, @Nullable String key, Path path) {
        if (key == null) {
            return JsonValues.equal(a, b);
        }
        return JsonValues.equal(mergeKeyOf(a, key, path), mergeKeyOf(b, key, path));
    }

    /** Merges two lists of the field described by {@code meta}; {@code original} is owned. */
    private static ArrayNode mergeList(
            ArrayNode original, ArrayNode patch, StrategicPatchSchema.Field meta, Path path) {
        if (!meta.mergeList) {
            return patch.deepCopy();
        }
        if (original.isEmpty() && patch.isEmpty()) {
            return original;
        }
        boolean objects = checkElementTypes(original, patch, path);
        if (!objects) {
            List<JsonNode> union = new ArrayList<>(original.size() + patch.size());
            addAbsent(union, original);
            addAbsent(union, patch);
            List<JsonNode> patchOrder = elements(patch);
            List<JsonNode> fromPatch = new ArrayList<>(union.size());
            List<JsonNode> serverOnly = new ArrayList<>(union.size());
            for (JsonNode item : union) {
                (indexOf(patchOrder, item, null) >= 0 ? fromPatch : serverOnly).add(item);
            }
            return interleave(fromPatch, serverOnly, patchOrder, elements(original), null);
        }
        String key = meta.mergeKey;
        if (key == null) {
            throw PatchException.badRequest("cannot merge lists without merge key at " + path);
        }
        List<JsonNode> current = elements(original);
        List<JsonNode> plain = new ArrayList<>(patch.size());
        boolean replace = false;
        for (JsonNode item : patch) {
            JsonNode directive = item.get(DIRECTIVE);
            if (directive == null) {
                plain.add(item);
                continue;
            }
            String d = directive.isString() ? directive.stringValue() : JsonValues.render(directive);
            switch (d) {
                case "delete" -> {
                    JsonNode value = mergeKeyOf(item, key, path);
                    current.removeIf(existing -> JsonValues.equal(existing.get(key), value));
                }
                case "replace" -> replace = true;
                case "merge" -> {
                    if (item.has(key)) {
                        plain.add(item); // the default strategy spelled out; the element still merges
                    }
                }
                default ->
                    throw PatchException.badRequest(
                            "unknown patch type: " + d + " in list element " + JsonValues.render(item) + " at " + path);
            }
        }
        if (replace) {
            ArrayNode result = NODES.arrayNode(plain.size());
            for (JsonNode item : plain) {
                result.add(mergeMap(NODES.objectNode(), (ObjectNode) item, meta.type, path));
            }
            return result;
        }
        List<JsonNode> serverOrder = new ArrayList<>(current);
        for (JsonNode item : plain) {
            JsonNode value = mergeKeyOf(item, key, path);
            Path elementPath = path.element(key, value);
            int i = indexOf(current, item, key);
            if (i >= 0) {
                current.set(i, mergeMap((ObjectNode) current.get(i), (ObjectNode) item, meta.type, elementPath));
            } else {
                current.add(mergeMap(NODES.objectNode(), (ObjectNode) item, meta.type, elementPath));
            }
        }
        List<JsonNode> fromPatch = new ArrayList<>(current.size());
        List<JsonNode> serverOnly = new ArrayList<>(current.size());
        for (JsonNode item : current) {
            (indexOf(plain, item, key) >= 0 ? fromPatch : serverOnly).add(item);
        }
        return interleave(fromPatch, serverOnly, plain, serverOrder, key);
    }

    /**
     * True for lists of objects, false for lists of scalars.
     *
     * @throws PatchException 422 for lists of lists, 400 for mixed element types
     */
    private static boolean checkElementTypes(ArrayNode original, ArrayNode patch, Path path) {
        JsonNodeType first = null;
        int total = original.size() + patch.size();
        for (int i = 0; i < total; i++) {
            JsonNode item = i < original.size() ? original.get(i) : patch.get(i - original.size());
            if (item.isArray()) {
                throw PatchException.unprocessable("lists of lists are not supported (at " + path + ")");
            }
            JsonNodeType type = item.getNodeType();
            if (first == null) {
                first = type;
            } else if (first != type) {
                throw PatchException.badRequest("list element types are not identical at " + path + ": "
                        + JsonValues.render(original) + " and " + JsonValues.render(patch));
            }
        }
        return first == JsonNodeType.OBJECT;
    }

    /**
     * apimachinery's {@code normalizeElementOrder}: sorts the patch items by {@code patchOrder}
     * and the server-only items by {@code serverOrder}, then interleaves them, taking a server item
     * first only when both are known to the server and it came earlier there.
     */
    private static ArrayNode interleave(
            List<JsonNode> fromPatch,
            List<JsonNode> serverOnly,
            List<JsonNode> patchOrder,
            List<JsonNode> serverOrder,
            @Nullable String key) {
        sortByPosition(fromPatch, patchOrder, key);
        sortByPosition(serverOnly, serverOrder, key);
        int[] left = positions(serverOnly, serverOrder, key);
        int[] right = positions(fromPatch, serverOrder, key);
        ArrayNode result = NODES.arrayNode(fromPatch.size() + serverOnly.size());
        int i = 0;
        int j = 0;
        while (i < serverOnly.size() || j < fromPatch.size()) {
            boolean takeLeft;
            if (i >= serverOnly.size()) {
                takeLeft = false;
            } else if (j >= fromPatch.size()) {
                takeLeft = true;
            } else {
                takeLeft = left[i] >= 0 && right[j] >= 0 && left[i] < right[j];
            }
            result.add(takeLeft ? serverOnly.get(i++) : fromPatch.get(j++));
        }
        return result;
    }

    private static void sortByPosition(List<JsonNode> items, List<JsonNode> order, @Nullable String key) {
        if (items.size() < 2) {
            return;
        }
        int[] pos = positions(items, order, key);
        boolean sorted = true;
        for (int i = 1; i < pos.length && sorted; i++) {
            sorted = pos[i - 1] >= 0 && pos[i] >= pos[i - 1];
        }
        if (sorted) {
            return; // the common case: patch and server lists already in their own order
        }
        Integer[] idx = new Integer[items.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        // Stable; unknown items (position -1) keep their place after the known ones.
        Arrays.sort(idx, Comparator.comparingInt(i -> pos[i] < 0 ? Integer.MAX_VALUE : pos[i]));
        JsonNode[] reordered = new JsonNode[idx.length];
        for (int i = 0; i < idx.length; i++) {
            reordered[i] = items.get(idx[i]);
        }
        for (int i = 0; i < reordered.length; i++) {
            items.set(i, reordered[i]);
        }
    }

    private static int[] positions(List<JsonNode> items, List<JsonNode> order, @Nullable String key) {
        int[] pos = new int[items.size()];
        for (int i = 0; i < pos.length; i++) {
            pos[i] = indexOf(order, items.get(i), key);
        }
        return pos;
    }

    /** Position of {@code item} in {@code list}, by merge key value or (no key) by value. */
    private static int indexOf(List<JsonNode> list, JsonNode item, @Nullable String key) {
        JsonNode wanted = key == null ? item : item.get(key);
        if (wanted == null) {
            return -1;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode candidate = key == null ? list.get(i) : list.get(i).get(key);
            if (candidate != null && JsonValues.equal(candidate, wanted)) {
                return i;
            }
        }
        return -1;
    }

    /** A clean copy of a patch value placed where nothing was: merged into an empty value. */
    private static JsonNode fresh(JsonNode value, StrategicPatchSchema.Field meta, Path path) {
        if (value.isObject()) {
            return mergeMap(NODES.objectNode(), (ObjectNode) value, meta.type, path);
        }
        if (value.isArray()) {
            return meta.mergeList ? mergeList(NODES.arrayNode(), (ArrayNode) value, meta, path) : value.deepCopy();
        }
        return value.deepCopy();
    }

    private static JsonNode mergeKeyOf(JsonNode item, String key, Path path) {
        JsonNode value = item.isObject() ? item.get(key) : null;
        if (value == null) {
            throw PatchException.badRequest("map: " + JsonValues.render(item) + " does not contain declared merge key: "
                    + key + " (at " + path + ")");
        }
        return value;
    }

    private static String directiveTarget(String directiveKey, String prefix, String error, Path path) {
        int slash = directiveKey.indexOf('/');
        if (slash != prefix.length()) {
            throw PatchException.badRequest(
                    error + ": " + directiveKey + " at " + path + " must have the form " + prefix + "/<field>");
        }
        return directiveKey.substring(slash + 1);
    }

    private static void addAbsent(List<JsonNode> union, ArrayNode items) {
        for (JsonNode item : items) {
            if (indexOf(union, item, null) < 0) {
                union.add(item.deepCopy());
            }
        }
    }

    private static ArrayNode without(ArrayNode list, ArrayNode toDelete) {
        List<JsonNode> deletions = elements(toDelete);
        ArrayNode result = NODES.arrayNode(list.size());
        for (JsonNode item : list) {
            if (indexOf(deletions, item, null) < 0) {
                result.add(item);
            }
        }
        return result;
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>(array.size());
        for (JsonNode item : array) {
            list.add(item);
        }
        return list;
    }

    /** Where in the document a merge is, rendered only when an error message needs it. */
    private static final class Path {
        static final Path ROOT = new Path(null, null, null, null);

        private final @Nullable Path parent;
        private final @Nullable String field;
        private final @Nullable String key;
        private final @Nullable JsonNode keyValue;

        private Path(@Nullable Path parent, @Nullable String field, @Nullable String key, @Nullable JsonNode keyValue) {
            this.parent = parent;
            this.field = field;
            this.key = key;
            this.keyValue = keyValue;
        }

        Path field(String name) {
            return new Path(this, name, null, null);
        }

        Path element(@Nullable String mergeKey, JsonNode value) {
            return new Path(this, null, mergeKey, value);
        }

        @Override
        public String toString() {
            if (parent == null) {
                return "the document root";
            }
            StringBuilder sb = new StringBuilder();
            appendTo(sb);
            return sb.toString();
        }

        private void appendTo(StringBuilder sb) {
            if (parent == null) {
                return;
            }
            parent.appendTo(sb);
            if (field != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(field);
            } else if (keyValue != null) {
                sb.append('[')
                        .append(key)
                        .append('=')
                        .append(keyValue.isString() ? keyValue.stringValue() : keyValue.toString())
                        .append(']');
            }
        }
    }
}
