package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.api.internal.Interner;
import dev.informer.codegen.GenerateBuilder;
import java.util.Map;
import org.jspecify.annotations.Nullable;
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
@GenerateBuilder
public record Secret(
        @Nullable String apiVersion,
        @Nullable String kind,
        @Nullable ObjectMeta metadata,
        @Nullable String type,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> data,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> stringData,
        @Nullable Boolean immutable,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "v1";
    /** The kind of this type. */
    public static final String KIND = "Secret";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public Secret {
        apiVersion = Interner.intern(apiVersion);
        kind = Interner.intern(kind);
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
        return new Builder().from(this);
    }

    /**
     * Builds a {@link Secret}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends SecretBuilderBase {
        private Builder() {}
    }
}
