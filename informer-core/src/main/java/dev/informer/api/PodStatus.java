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
public record PodStatus(
        String phase,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PodCondition> conditions,
        String message,
        String reason,
        String nominatedNodeName,
        String hostIP,
        String podIP,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PodIP> podIPs,
        String startTime,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerStatus> initContainerStatuses,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerStatus> containerStatuses,
        String qosClass,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public PodStatus {
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
        Builder builder = new Builder();
        builder.phase = phase;
        builder.conditions(conditions);
        builder.message = message;
        builder.reason = reason;
        builder.nominatedNodeName = nominatedNodeName;
        builder.hostIP = hostIP;
        builder.podIP = podIP;
        builder.podIPs(podIPs);
        builder.startTime = startTime;
        builder.initContainerStatuses(initContainerStatuses);
        builder.containerStatuses(containerStatuses);
        builder.qosClass = qosClass;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link PodStatus}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String phase;
        private final List<PodCondition> conditions = new ArrayList<>();
        private String message;
        private String reason;
        private String nominatedNodeName;
        private String hostIP;
        private String podIP;
        private final List<PodIP> podIPs = new ArrayList<>();
        private String startTime;
        private final List<ContainerStatus> initContainerStatuses = new ArrayList<>();
        private final List<ContainerStatus> containerStatuses = new ArrayList<>();
        private String qosClass;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code phase}: Pending, Running, Succeeded, Failed or Unknown. */
        public Builder phase(String phase) {
            this.phase = phase;
            return this;
        }

        /**
         * Replaces {@code conditions}: the pod's conditions (PodScheduled, Initialized,
         * ContainersReady, Ready, ...) ({@code null} clears it).
         */
        public Builder conditions(List<PodCondition> conditions) {
            this.conditions.clear();
            if (conditions != null) {
                this.conditions.addAll(conditions);
            }
            return this;
        }

        /** Appends one element to conditions. */
        public Builder addCondition(PodCondition condition) {
            this.conditions.add(condition);
            return this;
        }

        /** Sets {@code message}: a human-readable message about why the pod is in this state. */
        public Builder message(String message) {
            this.message = message;
            return this;
        }

        /** Sets {@code reason}: a brief CamelCase reason, e.g. Evicted. */
        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        /** Sets {@code nominatedNodeName}: the node the scheduler nominated for preemption. */
        public Builder nominatedNodeName(String nominatedNodeName) {
            this.nominatedNodeName = nominatedNodeName;
            return this;
        }

        /** Sets {@code hostIP}: the IP of the node the pod runs on. */
        public Builder hostIP(String hostIP) {
            this.hostIP = hostIP;
            return this;
        }

        /** Sets {@code podIP}: the pod's primary IP. */
        public Builder podIP(String podIP) {
            this.podIP = podIP;
            return this;
        }

        /**
         * Replaces {@code podIPs}: all the pod's IPs (one per address family) ({@code null} clears
         * it).
         */
        public Builder podIPs(List<PodIP> podIPs) {
            this.podIPs.clear();
            if (podIPs != null) {
                this.podIPs.addAll(podIPs);
            }
            return this;
        }

        /** Appends one element to podIPs. */
        public Builder addPodIP(PodIP podIP) {
            this.podIPs.add(podIP);
            return this;
        }

        /** Sets {@code startTime}: when the kubelet acknowledged the pod (RFC 3339). */
        public Builder startTime(String startTime) {
            this.startTime = startTime;
            return this;
        }

        /**
         * Replaces {@code initContainerStatuses}: the init containers' statuses ({@code null}
         * clears it).
         */
        public Builder initContainerStatuses(List<ContainerStatus> initContainerStatuses) {
            this.initContainerStatuses.clear();
            if (initContainerStatuses != null) {
                this.initContainerStatuses.addAll(initContainerStatuses);
            }
            return this;
        }

        /** Appends one element to initContainerStatuses. */
        public Builder addInitContainerStatus(ContainerStatus initContainerStatus) {
            this.initContainerStatuses.add(initContainerStatus);
            return this;
        }

        /**
         * Replaces {@code containerStatuses}: the containers' statuses ({@code null} clears it).
         */
        public Builder containerStatuses(List<ContainerStatus> containerStatuses) {
            this.containerStatuses.clear();
            if (containerStatuses != null) {
                this.containerStatuses.addAll(containerStatuses);
            }
            return this;
        }

        /** Appends one element to containerStatuses. */
        public Builder addContainerStatus(ContainerStatus containerStatus) {
            this.containerStatuses.add(containerStatus);
            return this;
        }

        /** Sets {@code qosClass}: Guaranteed, Burstable or BestEffort. */
        public Builder qosClass(String qosClass) {
            this.qosClass = qosClass;
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
        public PodStatus build() {
            return new PodStatus(
                    phase,
                    conditions,
                    message,
                    reason,
                    nominatedNodeName,
                    hostIP,
                    podIP,
                    podIPs,
                    startTime,
                    initContainerStatuses,
                    containerStatuses,
                    qosClass,
                    unknownFields);
        }
    }
}
