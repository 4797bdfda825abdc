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
 * The desired state of a {@link Pod}. {@code volumes} is kept as raw JSON (the library does not
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
 * @param volumes the volumes, as raw JSON ({@code null} when absent)
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
public record PodSpec(
        String nodeName,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Container> containers,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Container> initContainers,
        JsonNode volumes,
        String restartPolicy,
        Integer priority,
        String priorityClassName,
        String serviceAccountName,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> nodeSelector,
        Boolean hostNetwork,
        Long terminationGracePeriodSeconds,
        String schedulerName,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public PodSpec {
        containers = Immutables.list(containers);
        initContainers = Immutables.list(initContainers);
        nodeSelector = Immutables.map(nodeSelector);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.nodeName = nodeName;
        builder.containers(containers);
        builder.initContainers(initContainers);
        builder.volumes = volumes;
        builder.restartPolicy = restartPolicy;
        builder.priority = priority;
        builder.priorityClassName = priorityClassName;
        builder.serviceAccountName = serviceAccountName;
        builder.nodeSelector(nodeSelector);
        builder.hostNetwork = hostNetwork;
        builder.terminationGracePeriodSeconds = terminationGracePeriodSeconds;
        builder.schedulerName = schedulerName;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link PodSpec}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String nodeName;
        private final List<Container> containers = new ArrayList<>();
        private final List<Container> initContainers = new ArrayList<>();
        private JsonNode volumes;
        private String restartPolicy;
        private Integer priority;
        private String priorityClassName;
        private String serviceAccountName;
        private final Map<String, String> nodeSelector = new LinkedHashMap<>();
        private Boolean hostNetwork;
        private Long terminationGracePeriodSeconds;
        private String schedulerName;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code nodeName}: the node the pod is bound to; empty until scheduled. */
        public Builder nodeName(String nodeName) {
            this.nodeName = nodeName;
            return this;
        }

        /** Replaces {@code containers}: the containers ({@code null} clears it). */
        public Builder containers(List<Container> containers) {
            this.containers.clear();
            if (containers != null) {
                this.containers.addAll(containers);
            }
            return this;
        }

        /** Appends one element to containers. */
        public Builder addContainer(Container container) {
            this.containers.add(container);
            return this;
        }

        /**
         * Replaces {@code initContainers}: the init containers, run in order before the containers
         * ({@code null} clears it).
         */
        public Builder initContainers(List<Container> initContainers) {
            this.initContainers.clear();
            if (initContainers != null) {
                this.initContainers.addAll(initContainers);
            }
            return this;
        }

        /** Appends one element to initContainers. */
        public Builder addInitContainer(Container initContainer) {
            this.initContainers.add(initContainer);
            return this;
        }

        /**
         * Sets {@code volumes}: the volumes, as raw JSON ({@code null} when absent); a deep copy is
         * kept.
         */
        public Builder volumes(JsonNode volumes) {
            this.volumes = Immutables.copy(volumes);
            return this;
        }

        /** Sets {@code restartPolicy}: Always, OnFailure or Never. */
        public Builder restartPolicy(String restartPolicy) {
            this.restartPolicy = restartPolicy;
            return this;
        }

        /** Sets {@code priority}: the priority value resolved from {@code priorityClassName}. */
        public Builder priority(Integer priority) {
            this.priority = priority;
            return this;
        }

        /** Sets {@code priorityClassName}: the priority class. */
        public Builder priorityClassName(String priorityClassName) {
            this.priorityClassName = priorityClassName;
            return this;
        }

        /** Sets {@code serviceAccountName}: the service account the pod runs as. */
        public Builder serviceAccountName(String serviceAccountName) {
            this.serviceAccountName = serviceAccountName;
            return this;
        }

        /**
         * Replaces {@code nodeSelector}: node labels the pod must be scheduled onto ({@code null}
         * clears it).
         */
        public Builder nodeSelector(Map<String, String> nodeSelector) {
            this.nodeSelector.clear();
            if (nodeSelector != null) {
                this.nodeSelector.putAll(nodeSelector);
            }
            return this;
        }

        /** Sets one entry of nodeSelector. */
        public Builder nodeSelector(String key, String value) {
            this.nodeSelector.put(key, value);
            return this;
        }

        /** Sets {@code hostNetwork}: whether the pod uses the node's network namespace. */
        public Builder hostNetwork(Boolean hostNetwork) {
            this.hostNetwork = hostNetwork;
            return this;
        }

        /** Sets {@code terminationGracePeriodSeconds}: seconds allowed for graceful termination. */
        public Builder terminationGracePeriodSeconds(Long terminationGracePeriodSeconds) {
            this.terminationGracePeriodSeconds = terminationGracePeriodSeconds;
            return this;
        }

        /** Sets {@code schedulerName}: the scheduler that places the pod. */
        public Builder schedulerName(String schedulerName) {
            this.schedulerName = schedulerName;
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
        public PodSpec build() {
            return new PodSpec(
                    nodeName,
                    containers,
                    initContainers,
                    volumes,
                    restartPolicy,
                    priority,
                    priorityClassName,
                    serviceAccountName,
                    nodeSelector,
                    hostNetwork,
                    terminationGracePeriodSeconds,
                    schedulerName,
                    unknownFields);
        }
    }
}
