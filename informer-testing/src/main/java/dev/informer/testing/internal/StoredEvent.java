package dev.informer.testing.internal;

import org.jspecify.annotations.Nullable;
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
    final @Nullable ObjectVersion previous;

    private volatile @Nullable ObjectVersion previousAtThisRv;

    StoredEvent(EventKind type, long rv, ObjectVersion current, @Nullable ObjectVersion previous) {
        this.type = type;
        this.rv = rv;
        this.current = current;
        this.previous = previous;
    }

    /**
     * The previous state stamped with this event's resourceVersion: the object a filtered watch
     * sends as DELETED when a MODIFIED makes it leave the selection (as kube's cacher does).
     *
     * @throws IllegalStateException for an event without a previous version (ADDED)
     */
    ObjectVersion previousAtThisRv() {
        ObjectVersion v = previousAtThisRv;
        if (v == null) {
            ObjectVersion prev = previous;
            if (prev == null) {
                throw new IllegalStateException(type + " at resourceVersion " + rv + " has no previous version");
            }
            ObjectNode copy = prev.object.deepCopy();
            Json.requireMetadata(copy).put("resourceVersion", Long.toString(rv));
            v = new ObjectVersion(rv, prev.key, copy, true, null);
            previousAtThisRv = v;
        }
        return v;
    }
}
