package dev.informer.testing.internal;

import tools.jackson.databind.node.ObjectNode;

/**
 * One change of one resource, as kept in the history: the type, the resourceVersion, the new
 * version (for DELETED: the last state stamped with the deletion's resourceVersion) and the
 * previous version (null for ADDED), which selector-filtered watches need to decide whether an
 * object entered or left the selection. Immutable after construction except for a lazily
 * computed, idempotent cache.
 */
final class StoredEvent {
    final EventKind type;
    final long rv;
    final ObjectVersion current;
    final ObjectVersion previous;

    private volatile ObjectVersion previousAtThisRv;

    StoredEvent(EventKind type, long rv, ObjectVersion current, ObjectVersion previous) {
        this.type = type;
        this.rv = rv;
        this.current = current;
        this.previous = previous;
    }

    /**
     * The previous state stamped with this event's resourceVersion: the object a filtered watch
     * sends as DELETED when a MODIFIED makes it leave the selection (as kube's cacher does).
     */
    ObjectVersion previousAtThisRv() {
        ObjectVersion v = previousAtThisRv;
        if (v == null) {
            ObjectNode copy = previous.object.deepCopy();
            Json.metadata(copy).put("resourceVersion", Long.toString(rv));
            v = new ObjectVersion(rv, previous.key, copy, true, null);
            previousAtThisRv = v;
        }
        return v;
    }
}
