package dev.informer.store;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A tombstone: the object stored under {@code key} was deleted while the watch was disconnected,
 * so its final state is unknown and {@code obj} (its last known state, possibly {@code null}) may
 * be stale. A {@link DeltaFifo} puts it in a {@link DeltaType#DELETED} delta when a relist no
 * longer contains a key it or its known objects had (client-go's {@code DeletedFinalStateUnknown}).
 *
 * <p>Event handlers receiving deletions must be ready for it in place of the object.
 * Immutable; safe to share between threads.
 *
 * @param key the store key of the deleted object, never {@code null}
 * @param obj the last known state, or {@code null} when none was known
 * @param <T> the object type
 */
public record DeletedFinalStateUnknown<T>(String key, @Nullable T obj) {

    /** @throws NullPointerException if {@code key} is {@code null} */
    public DeletedFinalStateUnknown {
        Objects.requireNonNull(key, "key");
    }
}
