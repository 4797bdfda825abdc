package dev.informer.store;

import java.util.List;
import java.util.Objects;

/**
 * The object of a {@link DeltaType#REPLACED_ALL} delta: a whole relist queued as one item by a
 * {@link RealFifo} with {@linkplain RealFifoOptions#atomicEvents() atomic events} (client-go's {@code
 * ReplacedAllInfo}). The consumer replaces its store with {@code objects} in one step and infers the
 * deletions itself. Immutable.
 *
 * @param resourceVersion the list's resource version, never {@code null}
 * @param objects the listed objects, transformed, in list order (an unmodifiable copy)
 * @param <T> the object type
 */
public record ReplacedAll<T>(String resourceVersion, List<T> objects) {

    /** @throws NullPointerException if an argument or an object is {@code null} */
    public ReplacedAll {
        Objects.requireNonNull(resourceVersion, "resourceVersion");
        objects = List.copyOf(objects);
    }
}
