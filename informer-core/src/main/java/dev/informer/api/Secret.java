package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A secret ({@code core/v1 Secret}). {@code data} is kept base64-encoded, exactly as on the wire.
 * {@link #toString()} does not print the data.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param apiVersion the API version, "v1" (the API server leaves it out of list items)
 * @param kind the kind, "Secret" (left out of list items)
 * @param metadata the object's metadata
 * @param type the secret type, e.g. Opaque, kubernetes.io/tls
 * @param data secret data by key, base64-encoded
 * @param stringData write-only plain-text data by key (the server merges it into data)
 * @param immutable whether the data can no longer be changed
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Secret(
        String apiVersion,
        String kind,
        ObjectMeta metadata,
        String type,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> data,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> stringData,
        Boolean immutable,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "v1";
    /** The kind of this type. */
    public static final String KIND = "Secret";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public Secret {
        data = Immutables.map(data);
        stringData = Immutables.map(stringData);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** Names the secret and its keys, never the values. */
    @Override
    public String toString() {
        return "Secret[metadata=" + metadata + ", type=" + type + ", dataKeys=" + data.keySet() + ", stringDataKeys="
                + stringData.keySet() + ", immutable=" + immutable + "]";
    }

    /**
     * A builder with {@code apiVersion} and {@code kind} preset to {@value #API_VERSION} / {@value
     * #KIND}.
     */
    public static Builder builder() {
        return new Builder().apiVersion(API_VERSION).kind(KIND);
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.apiVersion = apiVersion;
        builder.kind = kind;
        builder.metadata = metadata;
        builder.type = type;
        builder.data(data);
        builder.stringData(stringData);
        builder.immutable = immutable;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link Secret}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String apiVersion;
        private String kind;
        private ObjectMeta metadata;
        private String type;
        private final Map<String, String> data = new LinkedHashMap<>();
        private final Map<String, String> stringData = new LinkedHashMap<>();
        private Boolean immutable;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Sets {@code apiVersion}: the API version, "v1" (the API server leaves it out of list
         * items).
         */
        public Builder apiVersion(String apiVersion) {
            this.apiVersion = apiVersion;
            return this;
        }

        /** Sets {@code kind}: the kind, "Secret" (left out of list items). */
        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        /** Sets {@code metadata}: the object's metadata. */
        public Builder metadata(ObjectMeta metadata) {
            this.metadata = metadata;
            return this;
        }

        /** Sets {@code type}: the secret type, e.g. Opaque, kubernetes.io/tls. */
        public Builder type(String type) {
            this.type = type;
            return this;
        }

        /** Replaces {@code data}: secret data by key, base64-encoded ({@code null} clears it). */
        public Builder data(Map<String, String> data) {
            this.data.clear();
            if (data != null) {
                this.data.putAll(data);
            }
            return this;
        }

        /** Sets one entry of data. */
        public Builder data(String key, String value) {
            this.data.put(key, value);
            return this;
        }

        /**
         * Replaces {@code stringData}: write-only plain-text data by key (the server merges it into
         * data) ({@code null} clears it).
         */
        public Builder stringData(Map<String, String> stringData) {
            this.stringData.clear();
            if (stringData != null) {
                this.stringData.putAll(stringData);
            }
            return this;
        }

        /** Sets one entry of stringData. */
        public Builder stringData(String key, String value) {
            this.stringData.put(key, value);
            return this;
        }

        /** Sets {@code immutable}: whether the data can no longer be changed. */
        public Builder immutable(Boolean immutable) {
            this.immutable = immutable;
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
        public Secret build() {
            return new Secret(apiVersion, kind, metadata, type, data, stringData, immutable, unknownFields);
        }
    }
}
