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
 * The desired state of a {@link Deployment}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param replicas the desired number of pods (the API server defaults it to 1)
 * @param selector selects the pods this deployment owns; must match the template's labels
 * @param template the pods to create
 * @param strategy how old pods are replaced by new ones
 * @param minReadySeconds seconds a new pod must be ready, without crashing, to count as available
 * @param revisionHistoryLimit how many old replica sets to keep for rollback
 * @param paused whether the deployment is paused (no rollouts)
 * @param progressDeadlineSeconds seconds a rollout may make no progress before it is reported
 *     failed
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record DeploymentSpec(
        @Nullable Integer replicas,
        @Nullable LabelSelector selector,
        @Nullable PodTemplateSpec template,
        @Nullable DeploymentStrategy strategy,
        @Nullable Integer minReadySeconds,
        @Nullable Integer revisionHistoryLimit,
        @Nullable Boolean paused,
        @Nullable Integer progressDeadlineSeconds,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public DeploymentSpec {
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
     * Builds a {@link DeploymentSpec}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends DeploymentSpecBuilderBase {
        private Builder() {}
    }
}
