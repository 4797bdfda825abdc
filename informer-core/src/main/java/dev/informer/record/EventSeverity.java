package dev.informer.record;

/**
 * The severity of an Event, written to its {@code type} field ({@code core/v1 Event.type}): the only two
 * values the API server's conventions know. client-go calls these values "event types"
 * ({@code v1.EventTypeNormal}, {@code v1.EventTypeWarning}); this project names them severities because
 * {@link dev.informer.watch.EventType} is the type of a watch event (ADDED, MODIFIED, ...), a different
 * concept.
 */
public enum EventSeverity {
    /** Nothing to worry about: something happened as expected. */
    NORMAL("Normal"),
    /** Something may be wrong and a human may want to look at it. */
    WARNING("Warning");

    private final String wireName;

    EventSeverity(String wireName) {
        this.wireName = wireName;
    }

    /** The value written to the Event's {@code type} field: {@code "Normal"} or {@code "Warning"}. */
    public String wireName() {
        return wireName;
    }
}
