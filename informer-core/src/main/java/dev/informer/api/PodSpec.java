package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.api.internal.Interner;
import dev.informer.codegen.GenerateBuilder;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The desired state of a {@link Pod}. {@code volumes} is kept as {@link RawJson} (the library does not
 * interpret volume sources); everything else not listed here is kept in {@link #unknownFields()}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param nodeName the node the pod is bound to; empty until scheduled
 * @param containers the containers
 * @param initContainers the init containers, run in order before the containers
 * @param volumes the volumes, as {@link RawJson} ({@code null} when absent)
 * @param restartPolicy Always, OnFailure or Never
 * @param priority the priority value resolved from {@code priorityClassName}
 * @param priorityClassName the priority class
 * @param serviceAccountName the service account the pod runs as
 * @param nodeSelector node labels the pod must be scheduled onto
 * @param hostNetwork whether the pod uses the node's network namespace
 * @param terminationGracePeriodSeconds seconds allowed for graceful termination
 * @param schedulerName the scheduler that places the pod
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record PodSpec(
        @Nullable String nodeName,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Container> containers,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Container> initContainers,
        @Nullable RawJson volumes,
        @Nullable String restartPolicy,
        @Nullable Integer priority,
        @Nullable String priorityClassName,
        @Nullable String serviceAccountName,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> nodeSelector,
        @Nullable Boolean hostNetwork,
        @Nullable Long terminationGracePeriodSeconds,
        @Nullable String schedulerName,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public PodSpec {
        containers = Immutables.list(containers);
        initContainers = Immutables.list(initContainers);
        nodeName = Interner.intern(nodeName);
        restartPolicy = Interner.intern(restartPolicy);
        serviceAccountName = Interner.intern(serviceAccountName);
        schedulerName = Interner.intern(schedulerName);
        priorityClassName = Interner.intern(priorityClassName);
        nodeSelector = Immutables.internedMap(nodeSelector);
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
     * Builds a {@link PodSpec}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends PodSpecBuilderBase {
        private Builder() {}
    }
}
