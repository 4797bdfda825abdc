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
 * The state of a {@link Lease}. {@code acquireTime} and {@code renewTime} are {@code MicroTime}
 * strings ({@code 2006-01-02T15:04:05.000000Z}), kept exactly as sent; {@link
 * Timestamps#formatMicro(java.time.Instant)} writes that format.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param holderIdentity the identity of the current holder
 * @param leaseDurationSeconds how long a candidate waits after the last renewal before taking over
 * @param acquireTime when the current holder acquired the lease (MicroTime)
 * @param renewTime when the current holder last renewed the lease (MicroTime)
 * @param leaseTransitions how many times the lease changed holders
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record LeaseSpec(
        @Nullable String holderIdentity,
        @Nullable Integer leaseDurationSeconds,
        @Nullable String acquireTime,
        @Nullable String renewTime,
        @Nullable Integer leaseTransitions,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields) {

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public LeaseSpec {
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
     * Builds a {@link LeaseSpec}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends LeaseSpecBuilderBase {
        private Builder() {}
    }
}
