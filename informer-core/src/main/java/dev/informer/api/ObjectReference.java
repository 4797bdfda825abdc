package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A reference to an object ({@code core/v1 ObjectReference}).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param kind the referent's kind
 * @param namespace the referent's namespace
 * @param name the referent's name
 * @param uid the referent's UID
 * @param apiVersion the referent's API version
 * @param resourceVersion the referent's resource version the reference was made at
 * @param fieldPath a field within the referent, e.g. spec.containers{app}
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObjectReference(
        String kind,
        String namespace,
        String name,
        String uid,
        String apiVersion,
        String resourceVersion,
        String fieldPath,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ObjectReference {
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.kind = kind;
        builder.namespace = namespace;
        builder.name = name;
        builder.uid = uid;
        builder.apiVersion = apiVersion;
        builder.resourceVersion = resourceVersion;
        builder.fieldPath = fieldPath;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link ObjectReference}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String kind;
        private String namespace;
        private String name;
        private String uid;
        private String apiVersion;
        private String resourceVersion;
        private String fieldPath;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code kind}: the referent's kind. */
        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        /** Sets {@code namespace}: the referent's namespace. */
        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** Sets {@code name}: the referent's name. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Sets {@code uid}: the referent's UID. */
        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        /** Sets {@code apiVersion}: the referent's API version. */
        public Builder apiVersion(String apiVersion) {
            this.apiVersion = apiVersion;
            return this;
        }

        /**
         * Sets {@code resourceVersion}: the referent's resource version the reference was made at.
         */
        public Builder resourceVersion(String resourceVersion) {
            this.resourceVersion = resourceVersion;
            return this;
        }

        /** Sets {@code fieldPath}: a field within the referent, e.g. spec.containers{app}. */
        public Builder fieldPath(String fieldPath) {
            this.fieldPath = fieldPath;
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
        public ObjectReference build() {
            return new ObjectReference(
                    kind, namespace, name, uid, apiVersion, resourceVersion, fieldPath, unknownFields);
        }
    }
}
