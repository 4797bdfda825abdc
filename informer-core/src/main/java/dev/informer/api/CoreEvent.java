package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import java.util.LinkedHashMap;
import java.util.Map;
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
public record CoreEvent(
        String apiVersion,
        String kind,
        ObjectMeta metadata,
        ObjectReference involvedObject,
        String reason,
        String message,
        EventSource source,
        String firstTimestamp,
        String lastTimestamp,
        Integer count,
        String type,
        String eventTime,
        String action,
        ObjectReference related,
        String reportingComponent,
        String reportingInstance,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unknownFields)
        implements KubernetesObject {

    /** The API version of this type. */
    public static final String API_VERSION = "v1";
    /** The kind of this type. */
    public static final String KIND = "Event";

    /** Copies collections into unmodifiable ones ({@code null} becomes empty). */
    public CoreEvent {
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
        Builder builder = new Builder();
        builder.apiVersion = apiVersion;
        builder.kind = kind;
        builder.metadata = metadata;
        builder.involvedObject = involvedObject;
        builder.reason = reason;
        builder.message = message;
        builder.source = source;
        builder.firstTimestamp = firstTimestamp;
        builder.lastTimestamp = lastTimestamp;
        builder.count = count;
        builder.type = type;
        builder.eventTime = eventTime;
        builder.action = action;
        builder.related = related;
        builder.reportingComponent = reportingComponent;
        builder.reportingInstance = reportingInstance;
        builder.unknownFields.putAll(unknownFields);
        return builder;
    }

    /**
     * Builds a {@link CoreEvent}. Not thread-safe; {@link #build()} may be called more than
     * once and each object it returns is independent of the builder.
     */
    public static final class Builder {
        private String apiVersion;
        private String kind;
        private ObjectMeta metadata;
        private ObjectReference involvedObject;
        private String reason;
        private String message;
        private EventSource source;
        private String firstTimestamp;
        private String lastTimestamp;
        private Integer count;
        private String type;
        private String eventTime;
        private String action;
        private ObjectReference related;
        private String reportingComponent;
        private String reportingInstance;
        private final Map<String, JsonNode> unknownFields = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Sets {@code apiVersion}: the API version, "v1" (the API server leaves it out of list
         * items).
         */
        public Builder apiVersion(String apiVersion) {
            this.apiVersion = apiVersion;
            return this;
        }

        /** Sets {@code kind}: the kind, "Event" (left out of list items). */
        public Builder kind(String kind) {
            this.kind = kind;
            return this;
        }

        /** Sets {@code metadata}: the object's metadata. */
        public Builder metadata(ObjectMeta metadata) {
            this.metadata = metadata;
            return this;
        }

        /** Sets {@code involvedObject}: the object the event is about. */
        public Builder involvedObject(ObjectReference involvedObject) {
            this.involvedObject = involvedObject;
            return this;
        }

        /** Sets {@code reason}: a short CamelCase reason, e.g. Scheduled. */
        public Builder reason(String reason) {
            this.reason = reason;
            return this;
        }

        /** Sets {@code message}: a human-readable description. */
        public Builder message(String message) {
            this.message = message;
            return this;
        }

        /** Sets {@code source}: the component reporting the event. */
        public Builder source(EventSource source) {
            this.source = source;
            return this;
        }

        /** Sets {@code firstTimestamp}: when the event was first recorded (RFC 3339). */
        public Builder firstTimestamp(String firstTimestamp) {
            this.firstTimestamp = firstTimestamp;
            return this;
        }

        /** Sets {@code lastTimestamp}: when the event was last recorded (RFC 3339). */
        public Builder lastTimestamp(String lastTimestamp) {
            this.lastTimestamp = lastTimestamp;
            return this;
        }

        /** Sets {@code count}: how many times the event occurred. */
        public Builder count(Integer count) {
            this.count = count;
            return this;
        }

        /** Sets {@code type}: Normal or Warning. */
        public Builder type(String type) {
            this.type = type;
            return this;
        }

        /** Sets {@code eventTime}: when the event was first observed (MicroTime). */
        public Builder eventTime(String eventTime) {
            this.eventTime = eventTime;
            return this;
        }

        /** Sets {@code action}: what action was taken or failed. */
        public Builder action(String action) {
            this.action = action;
            return this;
        }

        /** Sets {@code related}: a secondary object involved. */
        public Builder related(ObjectReference related) {
            this.related = related;
            return this;
        }

        /** Sets {@code reportingComponent}: the controller that emitted the event. */
        public Builder reportingComponent(String reportingComponent) {
            this.reportingComponent = reportingComponent;
            return this;
        }

        /** Sets {@code reportingInstance}: the instance of that controller. */
        public Builder reportingInstance(String reportingInstance) {
            this.reportingInstance = reportingInstance;
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
        public CoreEvent build() {
            return new CoreEvent(
                    apiVersion,
                    kind,
                    metadata,
                    involvedObject,
                    reason,
                    message,
                    source,
                    firstTimestamp,
                    lastTimestamp,
                    count,
                    type,
                    eventTime,
                    action,
                    related,
                    reportingComponent,
                    reportingInstance,
                    unknownFields);
        }
    }
}
