package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The observed state of a {@link Node}. Quantities are strings ({@code "4"}, {@code "16Gi"});
 * {@code nodeInfo}, {@code images} and the rest are kept in {@link #unknownFields()}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param capacity total resources of the node
 * @param allocatable resources available for pods
 * @param phase the node's lifecycle phase (deprecated by the API, still reported by some)
 * @param conditions the node's conditions (Ready, MemoryPressure, ...)
 * @param addresses the node's addresses
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeStatus(
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> capacity,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> allocatable,
        String phase,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<NodeCondition> conditions,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<NodeAddress> addresses,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public NodeStatus {
        capacity = Immutables.map(capacity);
        allocatable = Immutables.map(allocatable);
        conditions = Immutables.list(conditions);
        addresses = Immutables.list(addresses);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.capacity(capacity);
        builder.allocatable(allocatable);
        builder.phase = phase;
        builder.conditions(conditions);
        builder.addresses(addresses);
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link NodeStatus}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private final Map<String, String> capacity = new LinkedHashMap<>();
        private final Map<String, String> allocatable = new LinkedHashMap<>();
        private String phase;
        private final List<NodeCondition> conditions = new ArrayList<>();
        private final List<NodeAddress> addresses = new ArrayList<>();
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Replaces {@code capacity}: total resources of the node ({@code null} clears it). */
        public Builder capacity(Map<String, String> capacity) {
            this.capacity.clear();
            if (capacity != null) {
                this.capacity.putAll(capacity);
            }
            return this;
        }

        /** Sets one entry of capacity. */
        public Builder capacity(String key, String value) {
            this.capacity.put(key, value);
            return this;
        }

        /** Replaces {@code allocatable}: resources available for pods ({@code null} clears it). */
        public Builder allocatable(Map<String, String> allocatable) {
            this.allocatable.clear();
            if (allocatable != null) {
                this.allocatable.putAll(allocatable);
            }
            return this;
        }

        /** Sets one entry of allocatable. */
        public Builder allocatable(String key, String value) {
            this.allocatable.put(key, value);
            return this;
        }

        /**
         * Sets {@code phase}: the node's lifecycle phase (deprecated by the API, still reported by
         * some).
         */
        public Builder phase(String phase) {
            this.phase = phase;
            return this;
        }

        /**
         * Replaces {@code conditions}: the node's conditions (Ready, MemoryPressure, ...) ({@code
         * null} clears it).
         */
        public Builder conditions(List<NodeCondition> conditions) {
            this.conditions.clear();
            if (conditions != null) {
                this.conditions.addAll(conditions);
            }
            return this;
        }

        /** Appends one element to conditions. */
        public Builder addCondition(NodeCondition condition) {
            this.conditions.add(condition);
            return this;
        }

        /** Replaces {@code addresses}: the node's addresses ({@code null} clears it). */
        public Builder addresses(List<NodeAddress> addresses) {
            this.addresses.clear();
            if (addresses != null) {
                this.addresses.addAll(addresses);
            }
            return this;
        }

        /** Appends one element to addresses. */
        public Builder addAddress(NodeAddress address) {
            this.addresses.add(address);
            return this;
        }

        /**
         * Sets (or with {@code null} removes) one unknown field; a deep copy of {@code value} is
         * kept.
         */
        public Builder unknownField(String name, JsonNode value) {
            if (value == null) {
                unknownFields.remove(name);
            } else {
                unknownFields.put(name, value.deepCopy());
            }
            return this;
        }

        /**
         * Replaces all unknown fields with deep copies of {@code fields} ({@code null} clears
         * them).
         */
        public Builder unknownFields(Map<String, JsonNode> fields) {
            unknownFields.clear();
            unknownFields.putAll(Immutables.deepCopy(fields));
            return this;
        }

        /** The object. */
        public NodeStatus build() {
            return new NodeStatus(capacity, allocatable, phase, conditions, addresses, unknownFields);
        }
    }
}
