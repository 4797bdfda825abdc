package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.codegen.GenerateBuilder;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The desired state of a {@link StatefulSet}. The update strategy, the volume claim templates and
 * the retention policy are kept in {@link #unknownFields()}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param replicas the desired number of pods (the API server defaults it to 1)
 * @param selector selects the pods this stateful set owns; must match the template's labels
 * @param template the pods to create
 * @param serviceName the headless service that gives the pods their network identity
 * @param podManagementPolicy OrderedReady or Parallel
 * @param minReadySeconds seconds a new pod must be ready, without crashing, to count as available
 * @param revisionHistoryLimit how many controller revisions to keep
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record StatefulSetSpec(
        @Nullable Integer replicas,
        @Nullable LabelSelector selector,
        @Nullable PodTemplateSpec template,
        @Nullable String serviceName,
        @Nullable String podManagementPolicy,
        @Nullable Integer minReadySeconds,
        @Nullable Integer revisionHistoryLimit,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public StatefulSetSpec {
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
     * Builds a {@link StatefulSetSpec}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends StatefulSetSpecBuilderBase {
        private Builder() {}
    }
}
