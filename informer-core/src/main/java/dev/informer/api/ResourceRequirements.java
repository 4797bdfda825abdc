package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Compute resource requests and limits of a {@link Container}. Quantities are kept as the strings
 * the server uses ({@code "100m"}, {@code "1Gi"}).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param limits the maximum amounts allowed, by resource name
 * @param requests the minimum amounts required, by resource name
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResourceRequirements(
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> limits,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> requests,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ResourceRequirements {
        limits = Immutables.map(limits);
        requests = Immutables.map(requests);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.limits(limits);
        builder.requests(requests);
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link ResourceRequirements}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private final Map<String, String> limits = new LinkedHashMap<>();
        private final Map<String, String> requests = new LinkedHashMap<>();
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Replaces {@code limits}: the maximum amounts allowed, by resource name ({@code null}
         * clears it).
         */
        public Builder limits(Map<String, String> limits) {
            this.limits.clear();
            if (limits != null) {
                this.limits.putAll(limits);
            }
            return this;
        }

        /** Sets one entry of limits. */
        public Builder limit(String key, String value) {
            this.limits.put(key, value);
            return this;
        }

        /**
         * Replaces {@code requests}: the minimum amounts required, by resource name ({@code null}
         * clears it).
         */
        public Builder requests(Map<String, String> requests) {
            this.requests.clear();
            if (requests != null) {
                this.requests.putAll(requests);
            }
            return this;
        }

        /** Sets one entry of requests. */
        public Builder request(String key, String value) {
            this.requests.put(key, value);
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
        public ResourceRequirements build() {
            return new ResourceRequirements(limits, requests, unknownFields);
        }
    }
}
