package dev.informer.record;

/**
 * The type of an Event ({@code core/v1 Event.type}): the only two the API server's conventions know.
 */
public enum EventType {
    /** Nothing to worry about: something happened as expected. */
    NORMAL("Normal"),
    /** Something may be wrong and a human may want to look at it. */
    WARNING("Warning");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    /** The value written to the Event's {@code type} field: {@code "Normal"} or {@code "Warning"}. */
    public String wireName() {
        return wireName;
    }
}
