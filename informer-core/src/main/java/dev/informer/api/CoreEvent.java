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
 * An event ({@code core/v1 Event}): a report of something that happened to an object.
 *
 * <p>Named {@code CoreEvent}, not {@code Event}, so that it does not clash with the watch event type
 * {@link dev.informer.watch.Event} in users' imports; on the wire it is {@code kind: Event}. Timestamps
 * are RFC 3339 strings, {@code eventTime} a MicroTime string.
 *
 * <p>Immutable value, safe to share between threads. Collection fields are never {@code null}
 * (absent and empty are the same on the wire, as with Go's {@code omitempty}) and are written
 * only when not empty; scalar fields are boxed and {@code null} when absent, so a read-then-write
 * round trip reproduces the input. Fields this model does not know are kept in {@link
 * #unknownFields()} and written back unchanged. The {@link JsonNode} values it holds are owned by
 * this object: do not mutate them (the builder copies what it is given).
 *
 * @param apiVersion the API version, "v1" (the API server leaves it out of list items)
 * @param kind the kind, "Event" (left out of list items)
 * @param metadata the object's metadata
 * @param involvedObject the object the event is about
 * @param reason a short CamelCase reason, e.g. Scheduled
 * @param message a human-readable description
 * @param source the component reporting the event
 * @param firstTimestamp when the event was first recorded (RFC 3339)
 * @param lastTimestamp when the event was last recorded (RFC 3339)
 * @param count how many times the event occurred
 * @param type Normal or Warning
 * @param eventTime when the event was first observed (MicroTime)
 * @param action what action was taken or failed
 * @param related a secondary object involved
 * @param reportingComponent the controller that emitted the event
 * @param reportingInstance the instance of that controller
 * @param unknownFields the fields this model does not know, in wire order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@GenerateBuilder
public record CoreEvent(
        @Nullable String apiVersion,
        @Nullable String kind,
        @Nullable ObjectMeta metadata,
        @Nullable ObjectReference involvedObject,
        @Nullable String reason,
        @Nullable String message,
        @Nullable EventSource source,
        @Nullable String firstTimestamp,
        @Nullable String lastTimestamp,
        @Nullable Integer count,
        @Nullable String type,
        @Nullable String eventTime,
        @Nullable String action,
        @Nullable ObjectReference related,
        @Nullable String reportingComponent,
        @Nullable String reportingInstance,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "v1";
    /** The kind of this type. */
    public static final String KIND = "Event";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty); shares repeated strings. */
    public CoreEvent {
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
     * Builds a {@link CoreEvent}. Not thread-safe; {@code build()} may be called more than once and each
     * object it returns is independent of the builder. The setters are generated from the record
     * components (docs/model.md, "Builders").
     */
    public static final class Builder extends CoreEventBuilderBase {
        private Builder() {}
    }
}
