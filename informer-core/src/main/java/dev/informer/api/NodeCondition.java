package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One condition of a {@link NodeStatus}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param type the condition type, e.g. Ready
 * @param status True, False or Unknown
 * @param lastHeartbeatTime when the kubelet last reported the condition (RFC 3339)
 * @param lastTransitionTime when the status last changed (RFC 3339)
 * @param reason a brief CamelCase reason for the last transition
 * @param message a human-readable message about the last transition
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NodeCondition(
        String type,
        String status,
        String lastHeartbeatTime,
        String lastTransitionTime,
        String reason,
        String message,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public NodeCondition {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.type = type;
        builder.status = status;
        builder.lastHeartbeatTime = lastHeartbeatTime;
        builder.lastTransitionTime = lastTransitionTime;
        builder.reason = reason;
        builder.message = message;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link NodeCondition}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String type;
        private String status;
        private String lastHeartbeatTime;
        private String lastTransitionTime;
        private String reason;
        private String message;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code type}: the condition type, e.g. Ready. */
        public Builder type(String type) {
            this.type = type;
            return this;
        }

        /** Sets {@code status}: True, False or Unknown. */
        public Builder status(String status) {
            this.status = status;
            return this;
        }

        /**
         * Sets {@code lastHeartbeatTime}: when the kubelet last reported the condition (RFC 3339).
         */
        public Builder lastHeartbeatTime(String lastHeartbeatTime) {
            this.lastHeartbeatTime = lastHeartbeatTime;
            return this;
        }

        /** Sets {@code lastTransitionTime}: when the status last changed (RFC 3339). */
        public Builder lastTransitionTime(String lastTransitionTime) {
            this.lastTransitionTime = lastTransitionTime;
            return this;
        }

        /** Sets {@code reason}: a brief CamelCase reason for the last transition. */
        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        /** Sets {@code message}: a human-readable message about the last transition. */
        public Builder message(String message) {
            this.message = message;
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
        public NodeCondition build() {
            return new NodeCondition(
                    type, status, lastHeartbeatTime, lastTransitionTime, reason, message, unknownFields);
        }
    }
}
