package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A reference from an object to one of its owners ({@code meta/v1 OwnerReference}).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param apiVersion the owner's API version
 * @param kind the owner's kind
 * @param name the owner's name
 * @param uid the owner's UID
 * @param controller whether this owner is the managing controller
 * @param blockOwnerDeletion whether the owner cannot be deleted before this object (foreground deletion)
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OwnerReference(
        String apiVersion,
        String kind,
        String name,
        String uid,
        Boolean controller,
        Boolean blockOwnerDeletion,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public OwnerReference {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.apiVersion = apiVersion;
        builder.kind = kind;
        builder.name = name;
        builder.uid = uid;
        builder.controller = controller;
        builder.blockOwnerDeletion = blockOwnerDeletion;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link OwnerReference}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String apiVersion;
        private String kind;
        private String name;
        private String uid;
        private Boolean controller;
        private Boolean blockOwnerDeletion;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code apiVersion}: the owner's API version. */
        public Builder apiVersion(String apiVersion) {
            this.apiVersion = apiVersion;
            return this;
        }

        /** Sets {@code kind}: the owner's kind. */
        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        /** Sets {@code name}: the owner's name. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Sets {@code uid}: the owner's UID. */
        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        /** Sets {@code controller}: whether this owner is the managing controller. */
        public Builder controller(Boolean controller) {
            this.controller = controller;
            return this;
        }

        /**
         * Sets {@code blockOwnerDeletion}: whether the owner cannot be deleted before this object
         * (foreground deletion).
         */
        public Builder blockOwnerDeletion(Boolean blockOwnerDeletion) {
            this.blockOwnerDeletion = blockOwnerDeletion;
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
        public OwnerReference build() {
            return new OwnerReference(apiVersion, kind, name, uid, controller, blockOwnerDeletion, unknownFields);
        }
    }
}
