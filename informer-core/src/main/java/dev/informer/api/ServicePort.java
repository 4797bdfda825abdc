package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.codegen.GenerateBuilder;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One port of a {@link ServiceSpec}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param name the port name, required when there is more than one port
 * @param protocol TCP (the default), UDP or SCTP
 * @param appProtocol the application protocol, e.g. http
 * @param port the port the service listens on
 * @param targetPort the pods' port: a number or a named container port, kept as raw JSON
 * @param nodePort the port on every node, for NodePort and LoadBalancer services
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record ServicePort(
        @Nullable String name,
        @Nullable String protocol,
        @Nullable String appProtocol,
        @Nullable Integer port,
        @Nullable JsonNode targetPort,
        @Nullable Integer nodePort,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ServicePort {
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
     * Builds a {@link ServicePort}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ServicePortBuilderBase {
        private Builder() {}
    }
}
