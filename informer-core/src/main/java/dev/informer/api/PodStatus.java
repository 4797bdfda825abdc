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
 * The observed state of a {@link Pod}. Timestamps are RFC 3339 strings (see {@link Timestamps}).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param phase Pending, Running, Succeeded, Failed or Unknown
 * @param conditions the pod's conditions (PodScheduled, Initialized, ContainersReady, Ready, ...)
 * @param message a human-readable message about why the pod is in this state
 * @param reason a brief CamelCase reason, e.g. Evicted
 * @param nominatedNodeName the node the scheduler nominated for preemption
 * @param hostIP the IP of the node the pod runs on
 * @param podIP the pod's primary IP
 * @param podIPs all the pod's IPs (one per address family)
 * @param startTime when the kubelet acknowledged the pod (RFC 3339)
 * @param initContainerStatuses the init containers' statuses
 * @param containerStatuses the containers' statuses
 * @param qosClass Guaranteed, Burstable or BestEffort
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record PodStatus(
        @Nullable String phase,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PodCondition> conditions,
        @Nullable String message,
        @Nullable String reason,
        @Nullable String nominatedNodeName,
        @Nullable String hostIP,
        @Nullable String podIP,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PodIP> podIPs,
        @Nullable String startTime,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerStatus> initContainerStatuses,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerStatus> containerStatuses,
        @Nullable String qosClass,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public PodStatus {
        phase = Interner.intern(phase);
        hostIP = Interner.intern(hostIP);
        qosClass = Interner.intern(qosClass);
        conditions = Immutables.list(conditions);
        podIPs = Immutables.list(podIPs);
        initContainerStatuses = Immutables.list(initContainerStatuses);
        containerStatuses = Immutables.list(containerStatuses);
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
     * Builds a {@link PodStatus}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends PodStatusBuilderBase {
        private Builder() {}
    }
}
