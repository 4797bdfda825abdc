package dev.informer.store;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One change to one object (client-go's {@code Delta}): its type and the object's state after the
 * change, or, for a deletion, its last state before it.
 *
 * <p>{@code object} is a {@code T}, except in a {@link DeltaType#DELETED} delta inferred by a
 * relist, where it is a {@link DeletedFinalStateUnknown DeletedFinalStateUnknown&lt;T&gt;}; use
 * {@link #isTombstone()} / {@link #unwrap()} rather than casting. Immutable (as long as the object
 * is); equality is by type and object.
 *
 * @param type the change type, never {@code null}
 * @param object the object or tombstone, never {@code null}
 * @param <T> the object type
 */
public record Delta<T>(DeltaType type, Object object) {

    /** @throws NullPointerException if {@code type} or {@code object} is {@code null} */
    public Delta {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(object, "object");
    }

    /** Whether {@link #object()} is a {@link DeletedFinalStateUnknown} tombstone. */
    public boolean isTombstone() {
        return object instanceof DeletedFinalStateUnknown<?>;
    }

    /**
     * The object, or for a tombstone its last known state (which may be {@code null}).
     */
    @SuppressWarnings("unchecked")
    public @Nullable T unwrap() {
        return object instanceof DeletedFinalStateUnknown<?> tombstone ? (T) tombstone.obj() : (T) object;
    }
}
