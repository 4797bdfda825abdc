package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.api.internal.Interner;
import dev.informer.codegen.GenerateBuilder;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A slice of a service's endpoints ({@code discovery.k8s.io/v1 EndpointSlice}). The owning service
 * is named by the {@code kubernetes.io/service-name} label.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param apiVersion the API version, "discovery.k8s.io/v1" (the API server leaves it out of list
 *     items)
 * @param kind the kind, "EndpointSlice" (left out of list items)
 * @param metadata the object's metadata
 * @param addressType IPv4, IPv6 or FQDN
 * @param endpoints the endpoints
 * @param ports the ports every endpoint of the slice exposes
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record EndpointSlice(
        @Nullable String apiVersion,
        @Nullable String kind,
        @Nullable ObjectMeta metadata,
        @Nullable String addressType,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Endpoint> endpoints,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<EndpointPort> ports,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "discovery.k8s.io/v1";
    /** The kind of this type. */
    public static final String KIND = "EndpointSlice";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public EndpointSlice {
        apiVersion = Interner.intern(apiVersion);
        kind = Interner.intern(kind);
        endpoints = Immutables.list(endpoints);
        ports = Immutables.list(ports);
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
     * Builds a {@link EndpointSlice}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends EndpointSliceBuilderBase {
        private Builder() {}
    }
}
