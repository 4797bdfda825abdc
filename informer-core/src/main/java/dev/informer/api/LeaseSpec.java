package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The state of a {@link Lease}. {@code acquireTime} and {@code renewTime} are {@code MicroTime}
 * strings ({@code 2006-01-02T15:04:05.000000Z}), kept exactly as sent; {@link
 * Timestamps#formatMicro(java.time.Instant)} writes that format.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param holderIdentity the identity of the current holder
 * @param leaseDurationSeconds how long a candidate waits after the last renewal before taking over
 * @param acquireTime when the current holder acquired the lease (MicroTime)
 * @param renewTime when the current holder last renewed the lease (MicroTime)
 * @param leaseTransitions how many times the lease changed holders
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LeaseSpec(
        String holderIdentity,
        Integer leaseDurationSeconds,
        String acquireTime,
        String renewTime,
        Integer leaseTransitions,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public LeaseSpec {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.holderIdentity = holderIdentity;
        builder.leaseDurationSeconds = leaseDurationSeconds;
        builder.acquireTime = acquireTime;
        builder.renewTime = renewTime;
        builder.leaseTransitions = leaseTransitions;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link LeaseSpec}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String holderIdentity;
        private Integer leaseDurationSeconds;
        private String acquireTime;
        private String renewTime;
        private Integer leaseTransitions;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code holderIdentity}: the identity of the current holder. */
        public Builder holderIdentity(String holderIdentity) {
            this.holderIdentity = holderIdentity;
            return this;
        }

        /**
         * Sets {@code leaseDurationSeconds}: how long a candidate waits after the last renewal
         * before taking over.
         */
        public Builder leaseDurationSeconds(Integer leaseDurationSeconds) {
            this.leaseDurationSeconds = leaseDurationSeconds;
            return this;
        }

        /** Sets {@code acquireTime}: when the current holder acquired the lease (MicroTime). */
        public Builder acquireTime(String acquireTime) {
            this.acquireTime = acquireTime;
            return this;
        }

        /** Sets {@code renewTime}: when the current holder last renewed the lease (MicroTime). */
        public Builder renewTime(String renewTime) {
            this.renewTime = renewTime;
            return this;
        }

        /** Sets {@code leaseTransitions}: how many times the lease changed holders. */
        public Builder leaseTransitions(Integer leaseTransitions) {
            this.leaseTransitions = leaseTransitions;
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
        public LeaseSpec build() {
            return new LeaseSpec(
                    holderIdentity, leaseDurationSeconds, acquireTime, renewTime, leaseTransitions, unknownFields);
        }
    }
}
