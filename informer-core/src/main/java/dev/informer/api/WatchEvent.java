package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The wire form of one watch event ({@code meta/v1 WatchEvent}): the type name and the raw object.
 * What a server (the embedded test server, a recorder) writes; clients decode streams with {@code
 * dev.informer.client.WatchDecoders} instead, which binds objects without going through this tree.
 *
 * <p>Immutable by contract: {@code object} is owned by the event and must not be mutated.
 *
 * @param type   the type name, e.g. {@code "ADDED"}; never {@code null}
 * @param object the object (for ERROR, a {@code Status}) as JSON; never {@code null}
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WatchEvent(String type, JsonNode object) {

    public WatchEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(object, "object");
    }

    /** The wire form of {@code event}: its object converted to a JSON tree with {@link ApiJson#mapper()}. */
    public static WatchEvent of(Event<?> event) {
        return new WatchEvent(event.type().name(), ApiJson.mapper().valueToTree(event.object()));
    }

    /** The wire form of an event of {@code type} for {@code object}. */
    public static WatchEvent of(EventType type, Object object) {
        return new WatchEvent(type.name(), ApiJson.mapper().valueToTree(object));
    }

    /**
     * The event with its object bound to {@code resourceType}'s class ({@link Status} for ERROR).
     *
     * @throws IllegalArgumentException if {@code type} is not an event type name
     * @throws ApiJsonException         if the object does not bind
     */
    public <T> Event<T> toEvent(ResourceType<T> resourceType) {
        EventType eventType;
        try {
            eventType = EventType.valueOf(type);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown watch event type \"" + type + "\"", e);
        }
        Class<?> target = eventType == EventType.ERROR ? Status.class : resourceType.type();
        Object bound;
        try {
            bound = ApiJson.mapper().treeToValue(object, target);
        } catch (JacksonException e) {
            throw new ApiJsonException(
                    "cannot bind the object of a " + type + " event to " + target.getName() + ": "
                            + e.getOriginalMessage(),
                    e);
        }
        return new Event<>(eventType, bound);
    }

    /** The event as one line of a watch stream (no trailing newline). */
    public String toJson() {
        return ApiJson.writeString(this);
    }
}
