package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.codegen.GenerateBuilder;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The desired state of a {@link Service}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written only
 * when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write round
 * trip reproduces the input. Fields this model does not know are kept in {@link #unknownFields()}
 * and written back unchanged. The {@link JsonNode} values it holds are owned by this object: do not
 * mutate them (the builder copies what it is given).
 *
 * @param type ClusterIP (the default), NodePort, LoadBalancer or ExternalName
 * @param clusterIP the virtual IP, allocated by the API server unless set; "None" for a headless
 *     service; immutable
 * @param clusterIPs the virtual IPs, one per IP family; the first is {@code clusterIP}
 * @param ports the ports the service exposes
 * @param selector the labels of the pods traffic goes to; empty for a service without selector
 * @param externalName the DNS name an ExternalName service aliases
 * @param sessionAffinity ClientIP or None
 * @param externalTrafficPolicy Cluster or Local, for NodePort and LoadBalancer services
 * @param internalTrafficPolicy Cluster or Local
 * @param ipFamilies IPv4 and/or IPv6
 * @param ipFamilyPolicy SingleStack, PreferDualStack or RequireDualStack
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record ServiceSpec(
        @Nullable String type,
        @Nullable String clusterIP,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> clusterIPs,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ServicePort> ports,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> selector,
        @Nullable String externalName,
        @Nullable String sessionAffinity,
        @Nullable String externalTrafficPolicy,
        @Nullable String internalTrafficPolicy,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> ipFamilies,
        @Nullable String ipFamilyPolicy,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ServiceSpec {
        clusterIPs = Immutables.list(clusterIPs);
        ports = Immutables.list(ports);
        selector = Immutables.map(selector);
        ipFamilies = Immutables.list(ipFamilies);
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
     * Builds a {@link ServiceSpec}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ServiceSpecBuilderBase {
        private Builder() {}
    }
}
