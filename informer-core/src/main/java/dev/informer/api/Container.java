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
@GenerateBuilder
public record Container(
        @Nullable String name,
        @Nullable String image,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> command,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> args,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ContainerPort> ports,
        @Nullable ResourceRequirements resources,
        @Nullable String imagePullPolicy,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public Container {
        name = Interner.intern(name);
        image = Interner.intern(image);
        imagePullPolicy = Interner.intern(imagePullPolicy);
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
        return new Builder().from(this);
    }

    /**
     * Builds a {@link Container}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends ContainerBuilderBase {
        private Builder() {}
    }
}
