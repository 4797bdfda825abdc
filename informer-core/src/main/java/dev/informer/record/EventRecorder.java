package dev.informer.record;

import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectReference;
import java.util.Map;

/**
 * Records Events about objects on behalf of one event source (client-go's {@code
 * record.EventRecorder}); made by {@link EventBroadcaster#newRecorder}.
 *
 * <p>Thread-safe. Every method returns at once: the event is handed to the broadcaster's bounded
 * queue and written later by its writer thread, or dropped (and counted in {@link
 * EventBroadcaster#droppedEvents()}) when the queue is full or the broadcaster is closed. Events of one
 * recorder are written in the order they were recorded. Arguments are checked on the calling thread:
 * a {@code null} object, type or reason throws {@link NullPointerException}; an object without a
 * name throws {@link IllegalArgumentException}.
 *
 * <p>The involved object's reference is taken from its {@code apiVersion}, {@code kind}, namespace,
 * name, uid and resource version; objects read from a list have no {@code apiVersion} and {@code
 * kind}, so pass an {@link ObjectReference} for them when the kind matters.
 */
public interface EventRecorder {

    /**
     * Records an event about {@code involved}.
     *
     * @param involved the object the event is about
     * @param annotations annotations of the Event object (may be empty)
     * @param type Normal or Warning
     * @param reason a short UpperCamelCase reason, e.g. {@code "Created"}
     * @param message a human-readable description (may be empty)
     */
    void annotatedEvent(
            ObjectReference involved,
            Map<String, String> annotations,
            EventSeverity type,
            String reason,
            String message);

    /** Records an event about {@code object} (client-go's {@code Event}). */
    default void event(KubernetesObject object, EventSeverity type, String reason, String message) {
        annotatedEvent(referenceTo(object), Map.of(), type, reason, message);
    }

    /** Records an event about {@code object}, its message formatted with {@link String#format}. */
    @SuppressWarnings("AnnotateFormatMethod") // @FormatMethod would add a dependency; String.format checks at run time
    default void eventf(
            KubernetesObject object, EventSeverity type, String reason, String messageFormat, Object... args) {
        annotatedEvent(referenceTo(object), Map.of(), type, reason, String.format(messageFormat, args));
    }

    /** Like {@link #eventf} and sets annotations on the Event object. */
    @SuppressWarnings("AnnotateFormatMethod") // @FormatMethod would add a dependency; String.format checks at run time
    default void annotatedEventf(
            KubernetesObject object,
            Map<String, String> annotations,
            EventSeverity type,
            String reason,
            String messageFormat,
            Object... args) {
        annotatedEvent(referenceTo(object), annotations, type, reason, String.format(messageFormat, args));
    }

    /**
     * The reference to {@code object} an event about it carries.
     *
     * @throws IllegalArgumentException if the object has no name
     */
    static ObjectReference referenceTo(KubernetesObject object) {
        if (object.name() == null || object.name().isEmpty()) {
            throw new IllegalArgumentException("cannot record an event about an object without metadata.name (kind "
                    + object.kind() + ", namespace " + object.namespace() + ")");
        }
        return ObjectReference.builder()
                .apiVersion(object.apiVersion())
                .kind(object.kind())
                .namespace(object.namespace())
                .name(object.name())
                .uid(object.uid())
                .resourceVersion(object.resourceVersion())
                .build();
    }
}
