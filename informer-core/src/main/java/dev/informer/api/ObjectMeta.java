package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.api.internal.Interner;
import dev.informer.codegen.GenerateBuilder;
import dev.informer.store.ObjectMetaAccessor;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The metadata every persisted API object has ({@code meta/v1 ObjectMeta}).
 *
 * <p>Timestamps are kept as the RFC 3339 strings the server sent (exact round trip; see {@link
 * Timestamps} to convert them). {@code managedFields} is kept as {@link RawJson} (compact bytes): the library never
 * interprets it, and an informer can drop it with a transform to save memory.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param name the object's name, unique within its namespace
 * @param generateName prefix the server uses to generate a name when {@code name} is empty
 * @param namespace the namespace, {@code null} for cluster-scoped objects
 * @param uid the server-assigned unique id
 * @param resourceVersion the opaque version of this object, for optimistic concurrency and watches
 * @param generation the generation of the desired state (spec), set by the server
 * @param creationTimestamp when the object was created (RFC 3339)
 * @param deletionTimestamp when the object will be deleted (RFC 3339); set once deletion is requested
 * @param deletionGracePeriodSeconds seconds allowed for graceful termination once deletion is requested
 * @param labels labels, for selection
 * @param annotations annotations, for tools and controllers
 * @param ownerReferences the objects this one depends on (garbage collection)
 * @param finalizers finalizers that must be removed before the object is deleted
 * @param managedFields server-side apply field ownership, kept as {@link RawJson} ({@code null} when absent)
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record ObjectMeta(
        @Nullable String name,
        @Nullable String generateName,
        @Nullable String namespace,
        @Nullable String uid,
        @Nullable String resourceVersion,
        @Nullable Long generation,
        @Nullable String creationTimestamp,
        @Nullable String deletionTimestamp,
        @Nullable Long deletionGracePeriodSeconds,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> annotations,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<OwnerReference> ownerReferences,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> finalizers,
        @Nullable RawJson managedFields,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements ObjectMetaAccessor {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public ObjectMeta {
        namespace = Interner.intern(namespace);
        generateName = Interner.intern(generateName);
        labels = Immutables.internedMap(labels);
        annotations = Immutables.map(annotations);
        ownerReferences = Immutables.list(ownerReferences);
        finalizers = Immutables.list(finalizers);
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
     * Builds a {@link ObjectMeta}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ObjectMetaBuilderBase {
        private Builder() {}
    }
}
