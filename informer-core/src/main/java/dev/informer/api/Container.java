package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One container of a {@link PodSpec}.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param name the container's name, unique within the pod
 * @param image the image reference
 * @param command the entrypoint (replaces the image's ENTRYPOINT)
 * @param args the arguments (replace the image's CMD)
 * @param ports the ports the container exposes
 * @param resources compute resource requests and limits
 * @param imagePullPolicy Always, IfNotPresent or Never
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Container(
        String name,
        String image,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> command,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> args,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerPort> ports,
        ResourceRequirements resources,
        String imagePullPolicy,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public Container {
        command = Immutables.list(command);
        args = Immutables.list(args);
        ports = Immutables.list(ports);
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
        builder.image = image;
        builder.command(command);
        builder.args(args);
        builder.ports(ports);
        builder.resources = resources;
        builder.imagePullPolicy = imagePullPolicy;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link Container}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String name;
        private String image;
        private final List<String> command = new ArrayList<>();
        private final List<String> args = new ArrayList<>();
        private final List<ContainerPort> ports = new ArrayList<>();
        private ResourceRequirements resources;
        private String imagePullPolicy;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /** Sets {@code name}: the container's name, unique within the pod. */
        public Builder name(String name) {
            this.name = name;
            return this;
        }

        /** Sets {@code image}: the image reference. */
        public Builder image(String image) {
            this.image = image;
            return this;
        }

        /**
         * Replaces {@code command}: the entrypoint (replaces the image's ENTRYPOINT) ({@code null}
         * clears it).
         */
        public Builder command(List<String> command) {
            this.command.clear();
            if (command != null) {
                this.command.addAll(command);
            }
            return this;
        }

        /** Appends one element to command. */
        public Builder addCommand(String command) {
            this.command.add(command);
            return this;
        }

        /**
         * Replaces {@code args}: the arguments (replace the image's CMD) ({@code null} clears it).
         */
        public Builder args(List<String> args) {
            this.args.clear();
            if (args != null) {
                this.args.addAll(args);
            }
            return this;
        }

        /** Appends one element to args. */
        public Builder addArg(String arg) {
            this.args.add(arg);
            return this;
        }

        /** Replaces {@code ports}: the ports the container exposes ({@code null} clears it). */
        public Builder ports(List<ContainerPort> ports) {
            this.ports.clear();
            if (ports != null) {
                this.ports.addAll(ports);
            }
            return this;
        }

        /** Appends one element to ports. */
        public Builder addPort(ContainerPort port) {
            this.ports.add(port);
            return this;
        }

        /** Sets {@code resources}: compute resource requests and limits. */
        public Builder resources(ResourceRequirements resources) {
            this.resources = resources;
            return this;
        }

        /** Sets {@code imagePullPolicy}: Always, IfNotPresent or Never. */
        public Builder imagePullPolicy(String imagePullPolicy) {
            this.imagePullPolicy = imagePullPolicy;
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
        public Container build() {
            return new Container(name, image, command, args, ports, resources, imagePullPolicy, unknownFields);
        }
    }
}
