package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.store.ObjectMetaAccessor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The metadata every persisted API object has ({@code meta/v1 ObjectMeta}).
 *
 * <p>Timestamps are kept as the RFC 3339 strings the server sent (exact round trip; see {@link
 * Timestamps} to convert them). {@code managedFields} is kept as raw JSON: the library never
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
 * @param managedFields server-side apply field ownership, kept as raw JSON ({@code null} when absent)
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObjectMeta(
        String name,
        String generateName,
        String namespace,
        String uid,
        String resourceVersion,
        Long generation,
        String creationTimestamp,
        String deletionTimestamp,
        Long deletionGracePeriodSeconds,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> annotations,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<OwnerReference> ownerReferences,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> finalizers,
        JsonNode managedFields,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements ObjectMetaAccessor {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ObjectMeta {
        labels = Immutables.map(labels);
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
        Builder builder = new Builder();
        builder.name = name;
        builder.generateName = generateName;
        builder.namespace = namespace;
        builder.uid = uid;
        builder.resourceVersion = resourceVersion;
        builder.generation = generation;
        builder.creationTimestamp = creationTimestamp;
        builder.deletionTimestamp = deletionTimestamp;
        builder.deletionGracePeriodSeconds = deletionGracePeriodSeconds;
        builder.labels(labels);
        builder.annotations(annotations);
        builder.ownerReferences(ownerReferences);
        builder.finalizers(finalizers);
        builder.managedFields = managedFields;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link ObjectMeta}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String name;
        private String generateName;
        private String namespace;
        private String uid;
        private String resourceVersion;
        private Long generation;
        private String creationTimestamp;
        private String deletionTimestamp;
        private Long deletionGracePeriodSeconds;
        private final Map<String, String> labels = new LinkedHashMap<>();
        private final Map<String, String> annotations = new LinkedHashMap<>();
        private final List<OwnerReference> ownerReferences = new ArrayList<>();
        private final List<String> finalizers = new ArrayList<>();
        private JsonNode managedFields;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code name}: the object's name, unique within its namespace. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /**
         * Sets {@code generateName}: prefix the server uses to generate a name when {@code name} is
         * empty.
         */
        public Builder generateName(String generateName) {
            this.generateName = generateName;
            return this;
        }

        /** Sets {@code namespace}: the namespace, {@code null} for cluster-scoped objects. */
        public Builder namespace(String namespace) {
            this.namespace = namespace;
            return this;
        }

        /** Sets {@code uid}: the server-assigned unique id. */
        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        /**
         * Sets {@code resourceVersion}: the opaque version of this object, for optimistic
         * concurrency and watches.
         */
        public Builder resourceVersion(String resourceVersion) {
            this.resourceVersion = resourceVersion;
            return this;
        }

        /**
         * Sets {@code generation}: the generation of the desired state (spec), set by the server.
         */
        public Builder generation(Long generation) {
            this.generation = generation;
            return this;
        }

        /** Sets {@code creationTimestamp}: when the object was created (RFC 3339). */
        public Builder creationTimestamp(String creationTimestamp) {
            this.creationTimestamp = creationTimestamp;
            return this;
        }

        /**
         * Sets {@code deletionTimestamp}: when the object will be deleted (RFC 3339); set once
         * deletion is requested.
         */
        public Builder deletionTimestamp(String deletionTimestamp) {
            this.deletionTimestamp = deletionTimestamp;
            return this;
        }

        /**
         * Sets {@code deletionGracePeriodSeconds}: seconds allowed for graceful termination once
         * deletion is requested.
         */
        public Builder deletionGracePeriodSeconds(Long deletionGracePeriodSeconds) {
            this.deletionGracePeriodSeconds = deletionGracePeriodSeconds;
            return this;
        }

        /** Replaces {@code labels}: labels, for selection ({@code null} clears it). */
        public Builder labels(Map<String, String> labels) {
            this.labels.clear();
            if (labels != null) {
                this.labels.putAll(labels);
            }
            return this;
        }

        /** Sets one entry of labels. */
        public Builder label(String key, String value) {
            this.labels.put(key, value);
            return this;
        }

        /**
         * Replaces {@code annotations}: annotations, for tools and controllers ({@code null} clears
         * it).
         */
        public Builder annotations(Map<String, String> annotations) {
            this.annotations.clear();
            if (annotations != null) {
                this.annotations.putAll(annotations);
            }
            return this;
        }

        /** Sets one entry of annotations. */
        public Builder annotation(String key, String value) {
            this.annotations.put(key, value);
            return this;
        }

        /**
         * Replaces {@code ownerReferences}: the objects this one depends on (garbage collection)
         * ({@code null} clears it).
         */
        public Builder ownerReferences(List<OwnerReference> ownerReferences) {
            this.ownerReferences.clear();
            if (ownerReferences != null) {
                this.ownerReferences.addAll(ownerReferences);
            }
            return this;
        }

        /** Appends one element to ownerReferences. */
        public Builder addOwnerReference(OwnerReference ownerReference) {
            this.ownerReferences.add(ownerReference);
            return this;
        }

        /**
         * Replaces {@code finalizers}: finalizers that must be removed before the object is deleted
         * ({@code null} clears it).
         */
        public Builder finalizers(List<String> finalizers) {
            this.finalizers.clear();
            if (finalizers != null) {
                this.finalizers.addAll(finalizers);
            }
            return this;
        }

        /** Appends one element to finalizers. */
        public Builder addFinalizer(String finalizer) {
            this.finalizers.add(finalizer);
            return this;
        }

        /**
         * Sets {@code managedFields}: server-side apply field ownership, kept as raw JSON ({@code
         * null} when absent); a deep copy is kept.
         */
        public Builder managedFields(JsonNode managedFields) {
            this.managedFields = Immutables.copy(managedFields);
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
        public ObjectMeta build() {
            return new ObjectMeta(
                    name,
                    generateName,
                    namespace,
                    uid,
                    resourceVersion,
                    generation,
                    creationTimestamp,
                    deletionTimestamp,
                    deletionGracePeriodSeconds,
                    labels,
                    annotations,
                    ownerReferences,
                    finalizers,
                    managedFields,
                    unknownFields);
        }
    }
}
