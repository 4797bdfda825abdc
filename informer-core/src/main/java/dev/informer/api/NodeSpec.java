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
 * The desired state of a {@link Node}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param podCIDR the pod IP range assigned to the node
 * @param podCIDRs the pod IP ranges (one per address family)
 * @param providerID the cloud provider's ID of the node
 * @param unschedulable whether new pods may not be scheduled onto the node (cordoned)
 * @param taints the node's taints
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeSpec(
        String podCIDR,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> podCIDRs,
        String providerID,
        Boolean unschedulable,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Taint> taints,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public NodeSpec {
        podCIDRs = Immutables.list(podCIDRs);
        taints = Immutables.list(taints);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.podCIDR = podCIDR;
        builder.podCIDRs(podCIDRs);
        builder.providerID = providerID;
        builder.unschedulable = unschedulable;
        builder.taints(taints);
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link NodeSpec}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String podCIDR;
        private final List<String> podCIDRs = new ArrayList<>();
        private String providerID;
        private Boolean unschedulable;
        private final List<Taint> taints = new ArrayList<>();
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code podCIDR}: the pod IP range assigned to the node. */
        public Builder podCIDR(String podCIDR) {
            this.podCIDR = podCIDR;
            return this;
        }

        /**
         * Replaces {@code podCIDRs}: the pod IP ranges (one per address family) ({@code null}
         * clears it).
         */
        public Builder podCIDRs(List<String> podCIDRs) {
            this.podCIDRs.clear();
            if (podCIDRs != null) {
                this.podCIDRs.addAll(podCIDRs);
            }
            return this;
        }

        /** Appends one element to podCIDRs. */
        public Builder addPodCIDR(String podCIDR) {
            this.podCIDRs.add(podCIDR);
            return this;
        }

        /** Sets {@code providerID}: the cloud provider's ID of the node. */
        public Builder providerID(String providerID) {
            this.providerID = providerID;
            return this;
        }

        /**
         * Sets {@code unschedulable}: whether new pods may not be scheduled onto the node
         * (cordoned).
         */
        public Builder unschedulable(Boolean unschedulable) {
            this.unschedulable = unschedulable;
            return this;
        }

        /** Replaces {@code taints}: the node's taints ({@code null} clears it). */
        public Builder taints(List<Taint> taints) {
            this.taints.clear();
            if (taints != null) {
                this.taints.addAll(taints);
            }
            return this;
        }

        /** Appends one element to taints. */
        public Builder addTaint(Taint taint) {
            this.taints.add(taint);
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
        public NodeSpec build() {
            return new NodeSpec(podCIDR, podCIDRs, providerID, unschedulable, taints, unknownFields);
        }
    }
}
