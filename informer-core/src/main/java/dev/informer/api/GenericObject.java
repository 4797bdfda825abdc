package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Any API object (a custom resource, a built-in without a typed model), backed by its JSON tree,
 * with typed access to its {@link ObjectMeta}.
 *
 * <p>Immutable: the tree is copied in ({@link #of(ObjectNode)}; a tree Jackson builds while decoding
 * is fresh and owned without a copy) and never handed out: {@link #get(String...)} and {@link
 * #toObjectNode()} return copies, and changes go through {@link #toBuilder()}. Safe to share between
 * threads. The metadata is bound once, when the object is made.
 *
 * <p>Written as JSON, it is its tree, unchanged: every field survives a round trip.
 */
public final class GenericObject implements KubernetesObject {

    private final ObjectNode tree;
    private final @Nullable ObjectMeta metadata;

    private GenericObject(ObjectNode tree) {
        this.tree = tree;
        JsonNode meta = tree.get("metadata");
        if (meta == null || meta.isNull()) {
            this.metadata = null;
        } else if (!meta.isObject()) {
            throw new IllegalArgumentException("\"metadata\" must be a JSON object, found " + meta.getNodeType());
        } else {
            try {
                this.metadata = ApiJson.mapper().treeToValue(meta, ObjectMeta.class);
            } catch (JacksonException e) {
                throw new IllegalArgumentException(
                        "\"metadata\" does not bind to ObjectMeta: " + e.getOriginalMessage(), e);
            }
        }
    }

    // Jackson's entry point: the tree was just built for this object, so it is owned without a copy.
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static GenericObject fromOwnedTree(ObjectNode tree) {
        return new GenericObject(Objects.requireNonNull(tree, "tree"));
    }

    /**
     * An object holding a copy of {@code tree}.
     *
     * @throws IllegalArgumentException if {@code metadata} is present but not an {@link ObjectMeta}
     */
    public static GenericObject of(ObjectNode tree) {
        return new GenericObject(Objects.requireNonNull(tree, "tree").deepCopy());
    }

    /**
     * Parses a JSON object.
     *
     * @throws ApiJsonException if {@code json} is not a JSON object or its metadata does not bind
     */
    public static GenericObject parse(String json) {
        return ApiJson.readValue(json, GenericObject.class);
    }

    /** A builder of a new object with {@code apiVersion} and {@code kind} set. */
    public static Builder builder(String apiVersion, String kind) {
        return new Builder(JsonNodeFactory.instance.objectNode())
                .apiVersion(apiVersion)
                .kind(kind);
    }

    @Override
    public @Nullable String apiVersion() {
        return text(tree.get("apiVersion"));
    }

    @Override
    public @Nullable String kind() {
        return text(tree.get("kind"));
    }

    @Override
    public @Nullable ObjectMeta metadata() {
        return metadata;
    }

    /**
     * A copy of the value at {@code path} (property names; a decimal segment indexes an array), or
     * {@code null} when there is none. {@code get()} with no segments is the whole object.
     */
    public @Nullable JsonNode get(String... path) {
        JsonNode node = find(path);
        return node == null ? null : node.deepCopy();
    }

    /** Whether a value (possibly JSON {@code null}) exists at {@code path}. */
    public boolean has(String... path) {
        return find(path) != null;
    }

    /**
     * The string at {@code path}, or {@code null} when absent or JSON {@code null}.
     *
     * @throws IllegalArgumentException if the value there is not a string
     */
    public @Nullable String getString(String... path) {
        return scalar(path, JsonNode::isString, "a string", JsonNode::stringValue);
    }

    /**
     * The integer at {@code path}, or {@code null} when absent or JSON {@code null}.
     *
     * @throws IllegalArgumentException if the value there is not an integer that fits a long
     */
    public @Nullable Long getLong(String... path) {
        return scalar(
                path, node -> node.isIntegralNumber() && node.canConvertToLong(), "an integer", JsonNode::longValue);
    }

    /**
     * The boolean at {@code path}, or {@code null} when absent or JSON {@code null}.
     *
     * @throws IllegalArgumentException if the value there is not a boolean
     */
    public @Nullable Boolean getBoolean(String... path) {
        return scalar(path, JsonNode::isBoolean, "a boolean", JsonNode::booleanValue);
    }

    // The value at path read by value, null when absent or JSON null; a node of another type throws.
    private <T> @Nullable T scalar(
            String[] path, Predicate<JsonNode> isExpected, String expected, Function<JsonNode, T> value) {
        JsonNode node = find(path);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!isExpected.test(node)) {
            throw wrongType(path, expected, node);
        }
        return value.apply(node);
    }

    /** A copy of {@code spec}, or {@code null}. */
    public @Nullable JsonNode spec() {
        return get("spec");
    }

    /** A copy of {@code status}, or {@code null}. */
    public @Nullable JsonNode status() {
        return get("status");
    }

    /**
     * {@code spec} bound to {@code type} with {@link ApiJson#mapper()} (a record or POJO of the
     * custom resource's spec, or {@code JsonNode}), or {@code null} when absent or JSON {@code null}.
     * Fields {@code type} does not declare are dropped from the result (unless it keeps them, e.g.
     * with {@code @JsonAnySetter}), so prefer such a type before writing a spec back with {@link
     * #withSpec(Object)}.
     *
     * @throws ApiJsonException if {@code spec} does not bind to {@code type}; the message names the
     *     field, the object, the class and the JSON path of the mismatch
     */
    public <T> @Nullable T spec(Class<T> type) {
        return bind("spec", type);
    }

    /**
     * {@code status} bound to {@code type}, as {@link #spec(Class)}.
     *
     * @throws ApiJsonException if {@code status} does not bind to {@code type}; the message names the
     *     field, the object, the class and the JSON path of the mismatch
     */
    public <T> @Nullable T status(Class<T> type) {
        return bind("status", type);
    }

    /**
     * A copy of this object whose {@code spec} is {@code spec} written with {@link ApiJson#mapper()}
     * ({@code null} removes it). This object is unchanged.
     *
     * @throws ApiJsonException if {@code spec} cannot be written as JSON
     */
    public GenericObject withSpec(@Nullable Object spec) {
        return with("spec", spec);
    }

    /**
     * A copy of this object whose {@code status} is {@code status} written with {@link
     * ApiJson#mapper()} ({@code null} removes it), e.g. for {@code updateStatus}. This object is
     * unchanged.
     *
     * @throws ApiJsonException if {@code status} cannot be written as JSON
     */
    public GenericObject withStatus(@Nullable Object status) {
        return with("status", status);
    }

    private <T> @Nullable T bind(String field, Class<T> type) {
        Objects.requireNonNull(type, "type");
        JsonNode node = tree.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        return ApiJson.treeToValue(node, type, "\"" + field + "\" of " + describe() + " as " + type.getName());
    }

    private GenericObject with(String field, @Nullable Object value) {
        ObjectNode copy = tree.deepCopy();
        if (value == null) {
            copy.remove(field);
        } else {
            copy.set(field, ApiJson.valueToTree(value));
        }
        return new GenericObject(copy);
    }

    // "CronTab shop/nightly" (kind, namespace/name), for messages.
    private String describe() {
        String kind = kind();
        String namespace = namespace();
        String name = name();
        return (kind == null ? "object" : kind) + " "
                + (namespace == null || namespace.isEmpty() ? "" : namespace + "/")
                + (name == null ? "(unnamed)" : name);
    }

    /** A copy of the whole tree. */
    public ObjectNode toObjectNode() {
        return tree.deepCopy();
    }

    /** A builder starting from a copy of this object. */
    public Builder toBuilder() {
        return new Builder(tree.deepCopy());
    }

    /** This object with {@code metadata} replaced. */
    public GenericObject withMetadata(@Nullable ObjectMeta metadata) {
        return toBuilder().metadata(metadata).build();
    }

    // Serialization writes the tree itself; Jackson only reads it.
    @JsonValue
    ObjectNode jsonValue() {
        return tree;
    }

    private @Nullable JsonNode find(String... path) {
        JsonNode node = tree;
        for (String segment : path) {
            Objects.requireNonNull(segment, "path segment");
            if (node.isObject()) {
                node = node.get(segment);
            } else if (node.isArray()) {
                int index = arrayIndex(segment);
                node = index < 0 ? null : node.get(index);
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    private static int arrayIndex(String segment) {
        if (segment.isEmpty() || segment.length() > 9) {
            return -1;
        }
        for (int i = 0; i < segment.length(); i++) {
            if (segment.charAt(i) < '0' || segment.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(segment);
    }

    private static IllegalArgumentException wrongType(String[] path, String expected, JsonNode found) {
        return new IllegalArgumentException(
                "value at " + String.join(".", path) + " is " + found.getNodeType() + ", expected " + expected);
    }

    private static @Nullable String text(@Nullable JsonNode node) {
        return node == null || !node.isString() ? null : node.stringValue();
    }

    /** Equal when the trees are equal. */
    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof GenericObject other && tree.equals(other.tree);
    }

    @Override
    public int hashCode() {
        return tree.hashCode();
    }

    /** The object as JSON. */
    @Override
    public String toString() {
        return tree.toString();
    }

    /**
     * Builds a {@link GenericObject} by editing a private tree. Not thread-safe; {@link #build()} may
     * be called more than once, each result independent of the builder.
     */
    public static final class Builder {

        private final ObjectNode tree;

        private Builder(ObjectNode tree) {
            this.tree = tree;
        }

        /** Sets {@code apiVersion}. */
        public Builder apiVersion(@Nullable String apiVersion) {
            return set(apiVersion == null ? null : tree.stringNode(apiVersion), "apiVersion");
        }

        /** Sets {@code kind}. */
        public Builder kind(@Nullable String kind) {
            return set(kind == null ? null : tree.stringNode(kind), "kind");
        }

        /** Replaces {@code metadata} ({@code null} removes it). */
        public Builder metadata(@Nullable ObjectMeta metadata) {
            return set(metadata == null ? null : ApiJson.mapper().valueToTree(metadata), "metadata");
        }

        /**
         * Sets a copy of {@code value} at {@code path}, creating missing objects on the way; {@code
         * null} removes the value. A decimal segment indexes an existing array element.
         *
         * @throws IllegalArgumentException if {@code path} is empty, or crosses a value that is not
         *     an object or array, or indexes past an array's end
         */
        public Builder set(@Nullable JsonNode value, String... path) {
            if (path.length == 0) {
                throw new IllegalArgumentException("a path needs at least one segment");
            }
            JsonNode parent = tree;
            for (int i = 0; i < path.length - 1; i++) {
                JsonNode next = child(parent, path, i);
                if (next == null || next.isNull()) {
                    if (!parent.isObject()) {
                        throw new IllegalArgumentException(
                                "no element " + String.join(".", path).toString() + " to create a value under");
                    }
                    next = ((ObjectNode) parent).putObject(path[i]);
                }
                parent = next;
            }
            String last = path[path.length - 1];
            if (parent.isObject()) {
                if (value == null) {
                    ((ObjectNode) parent).remove(last);
                } else {
                    ((ObjectNode) parent).set(last, value.deepCopy());
                }
            } else if (parent.isArray()) {
                int index = arrayIndex(last);
                ArrayNode array = (ArrayNode) parent;
                if (index < 0 || index >= array.size()) {
                    throw new IllegalArgumentException("no array element " + String.join(".", path));
                }
                if (value == null) {
                    array.remove(index);
                } else {
                    array.set(index, value.deepCopy());
                }
            } else {
                throw new IllegalArgumentException(
                        "cannot set " + String.join(".", path) + ": the parent is " + parent.getNodeType());
            }
            return this;
        }

        /** Removes the value at {@code path}, if any. */
        public Builder remove(String... path) {
            return set(null, path);
        }

        private static @Nullable JsonNode child(JsonNode parent, String[] path, int i) {
            if (parent.isObject()) {
                return parent.get(path[i]);
            }
            if (parent.isArray()) {
                int index = arrayIndex(path[i]);
                return index < 0 ? null : parent.get(index);
            }
            throw new IllegalArgumentException("cannot descend into " + String.join(".", path) + " at \"" + path[i]
                    + "\": the value there is " + parent.getNodeType());
        }

        /**
         * The object, holding a copy of the tree.
         *
         * @throws IllegalArgumentException if {@code metadata} was set to something that is not an
         *     {@link ObjectMeta}
         */
        public GenericObject build() {
            return new GenericObject(tree.deepCopy());
        }
    }
}
