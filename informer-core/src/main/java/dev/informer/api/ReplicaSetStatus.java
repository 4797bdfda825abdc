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
 * The observed state of a {@link ReplicaSet}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param replicas the number of pods that exist
 * @param fullyLabeledReplicas pods whose labels match the template's labels
 * @param readyReplicas pods that are ready
 * @param availableReplicas pods that have been ready for at least minReadySeconds
 * @param observedGeneration the generation of the spec this status was computed from
 * @param conditions ReplicaFailure
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record ReplicaSetStatus(
        @Nullable Integer replicas,
        @Nullable Integer fullyLabeledReplicas,
        @Nullable Integer readyReplicas,
        @Nullable Integer availableReplicas,
        @Nullable Long observedGeneration,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Condition> conditions,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ReplicaSetStatus {
        conditions = Immutables.list(conditions);
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
     * Builds a {@link ReplicaSetStatus}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ReplicaSetStatusBuilderBase {
        private Builder() {}
    }
}
