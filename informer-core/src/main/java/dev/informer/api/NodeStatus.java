package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.codegen.GenerateBuilder;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
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
@GenerateBuilder
public record NodeStatus(
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> capacity,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> allocatable,
        @Nullable String phase,
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
        return new Builder().from(this);
    }

    /**
     * Builds a {@link NodeStatus}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends NodeStatusBuilderBase {
        private Builder() {}
    }
}
