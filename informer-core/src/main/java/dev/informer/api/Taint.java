package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A taint on a {@link Node}: pods that do not tolerate it are not scheduled there (or are evicted).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param key the taint key
 * @param value the taint value
 * @param effect NoSchedule, PreferNoSchedule or NoExecute
 * @param timeAdded when a NoExecute taint was added (RFC 3339)
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Taint(
        String key,
        String value,
        String effect,
        String timeAdded,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public Taint {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.key = key;
        builder.value = value;
        builder.effect = effect;
        builder.timeAdded = timeAdded;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link Taint}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String key;
        private String value;
        private String effect;
        private String timeAdded;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code key}: the taint key. */
        public Builder key(String key) {
            this.key = key;
            return this;
        }

        /** Sets {@code value}: the taint value. */
        public Builder value(String value) {
            this.value = value;
            return this;
        }

        /** Sets {@code effect}: NoSchedule, PreferNoSchedule or NoExecute. */
        public Builder effect(String effect) {
            this.effect = effect;
            return this;
        }

        /** Sets {@code timeAdded}: when a NoExecute taint was added (RFC 3339). */
        public Builder timeAdded(String timeAdded) {
            this.timeAdded = timeAdded;
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
        public Taint build() {
            return new Taint(key, value, effect, timeAdded, unknownFields);
        }
    }
}
