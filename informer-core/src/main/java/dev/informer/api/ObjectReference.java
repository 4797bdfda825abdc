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
@GenerateBuilder
public record ObjectReference(
        @Nullable String kind,
        @Nullable String namespace,
        @Nullable String name,
        @Nullable String uid,
        @Nullable String apiVersion,
        @Nullable String resourceVersion,
        @Nullable String fieldPath,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public ObjectReference {
        apiVersion = Interner.intern(apiVersion);
        kind = Interner.intern(kind);
        unknownFields = Immutables.unknownFields(unknownFields);
    }

    /** An empty builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding a copy of this object's fields. */
    public Builder toBuilder() {
        return new Builder().from(this);
    }

    /**
     * Builds a {@link ObjectReference}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ObjectReferenceBuilderBase {
        private Builder() {}
    }
}
