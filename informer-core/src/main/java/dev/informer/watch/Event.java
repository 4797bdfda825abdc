package dev.informer.watch;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One watch event: its type and object. For {@link EventType#ERROR} the object is an {@link ApiError}: the
 * server's {@code Status} (or, for a locally detected failure such as an undecodable line, one built
 * by the engine with {@link ApiError#of}), so its static type is {@code Object}; {@link #object()} is typed for the
 * other kinds. Immutable.
 *
 * @param type   the event type, never {@code null}
 * @param object the object (for ERROR, the status), never {@code null}
 */
public record Event<T>(EventType type, Object object) {

    public Event {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(object, "object");
    }

    /** An ADDED, MODIFIED, DELETED or BOOKMARK event for {@code object}. */
    public static <T> Event<T> of(EventType type, T object) {
        return new Event<>(type, object);
    }

    /** An ERROR event carrying {@code status}. */
    public static <T> Event<T> error(Object status) {
        return new Event<>(EventType.ERROR, status);
    }

    /**
     * The object of a non-error event.
     *
     * @throws IllegalStateException for an ERROR event; use {@link #status()} there
     */
    @SuppressWarnings("unchecked")
    public T typedObject() {
        if (type == EventType.ERROR) {
            throw new IllegalStateException("an ERROR event carries a status, not an object: " + object);
        }
        return (T) object;
    }

    /** The status of an ERROR event, or {@code null} for the other kinds. */
    public @Nullable Object status() {
        return type == EventType.ERROR ? object : null;
    }
}
