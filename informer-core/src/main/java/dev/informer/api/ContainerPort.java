package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A network port a {@link Container} exposes.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param name the port's name (an IANA service name)
 * @param containerPort the port number in the container
 * @param hostPort the port number on the host, if mapped
 * @param protocol TCP, UDP or SCTP
 * @param hostIP the host IP the port is bound to
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ContainerPort(
        String name,
        Integer containerPort,
        Integer hostPort,
        String protocol,
        String hostIP,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public ContainerPort {
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
        builder.containerPort = containerPort;
        builder.hostPort = hostPort;
        builder.protocol = protocol;
        builder.hostIP = hostIP;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link ContainerPort}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String name;
        private Integer containerPort;
        private Integer hostPort;
        private String protocol;
        private String hostIP;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code name}: the port's name (an IANA service name). */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Sets {@code containerPort}: the port number in the container. */
        public Builder containerPort(Integer containerPort) {
            this.containerPort = containerPort;
            return this;
        }

        /** Sets {@code hostPort}: the port number on the host, if mapped. */
        public Builder hostPort(Integer hostPort) {
            this.hostPort = hostPort;
            return this;
        }

        /** Sets {@code protocol}: TCP, UDP or SCTP. */
        public Builder protocol(String protocol) {
            this.protocol = protocol;
            return this;
        }

        /** Sets {@code hostIP}: the host IP the port is bound to. */
        public Builder hostIP(String hostIP) {
            this.hostIP = hostIP;
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
        public ContainerPort build() {
            return new ContainerPort(name, containerPort, hostPort, protocol, hostIP, unknownFields);
        }
    }
}
