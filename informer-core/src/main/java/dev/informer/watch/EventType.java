package dev.informer.watch;

/** The kinds of watch event, as apimachinery's {@code watch.EventType}. The wire names are the enum names. */
public enum EventType {
    ADDED,
    MODIFIED,
    DELETED,
    /** Carries only a resource version (and annotations such as {@code k8s.io/initial-events-end}). */
    BOOKMARK,
    /** The object is an {@link ApiError}, e.g. the server's {@code Status} (for example 410 Expired); the watch usually ends after it. */
    ERROR
}
