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
 * A custom resource definition ({@code apiextensions.k8s.io/v1 CustomResourceDefinition}): installs
 * a new resource; its objects are read as {@link GenericObject}s ({@link #resourceType(String)}).
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param apiVersion the API version, "apiextensions.k8s.io/v1" (the API server leaves it out of
 *     list items)
 * @param kind the kind, "CustomResourceDefinition" (left out of list items)
 * @param metadata the object's metadata
 * @param spec the resource to serve
 * @param status the observed state, written by the API server
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record CustomResourceDefinition(
        @Nullable String apiVersion,
        @Nullable String kind,
        @Nullable ObjectMeta metadata,
        @Nullable CustomResourceDefinitionSpec spec,
        @Nullable CustomResourceDefinitionStatus status,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "apiextensions.k8s.io/v1";
    /** The kind of this type. */
    public static final String KIND = "CustomResourceDefinition";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public CustomResourceDefinition {
        apiVersion = Interner.intern(apiVersion);
        kind = Interner.intern(kind);
        unknownFields = Immutables.unknownFields(unknownFields);
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
     * The resource of this definition's objects in {@code version}, as {@link GenericObject}s: group
     * and names from the spec, namespaced when the scope is {@code Namespaced}.
     *
     * @throws IllegalArgumentException if the spec, its group, its names or their plural and kind are
     *     missing, or {@code version} is not one of its versions
     */
    public ResourceType<GenericObject> resourceType(String version) {
        String group = spec == null ? null : spec.group();
        CustomResourceDefinitionNames names = spec == null ? null : spec.names();
        String plural = names == null ? null : names.plural();
        String kind = names == null ? null : names.kind();
        if (spec == null || group == null || plural == null || kind == null) {
            throw new IllegalArgumentException("CustomResourceDefinition " + name() + ": spec.group, "
                    + "spec.names.plural and spec.names.kind are required to name its resource");
        }
        boolean known = spec.versions().stream().anyMatch(v -> v != null && version.equals(v.name()));
        if (!known) {
            throw new IllegalArgumentException(
                    "CustomResourceDefinition " + name() + " has no version \"" + version + "\" (spec.versions)");
        }
        return ResourceType.generic(group, version, plural, kind, "Namespaced".equals(spec.scope()));
    }

    /**
     * Builds a {@link CustomResourceDefinition}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends CustomResourceDefinitionBuilderBase {
        private Builder() {}
    }
}
