package dev.informer.store;

import java.util.List;
import java.util.Optional;

/**
 * The objects a {@link DeltaFifo}'s consumer already knows about (client-go's {@code
 * KeyListerGetter}): the fifo reads it to detect deletions on {@link DeltaFifo#replace}, to decide
 * whether a {@link DeltaFifo#delete} is news, and to emit {@link DeltaFifo#resync} events.
 *
 * <p>Every {@link Store} (and so every {@link Indexer}) is a {@code KnownObjects}. The fifo calls
 * these methods while holding its own lock, so an implementation must not call back into the fifo
 * and must be thread-safe.
 *
 * @param <T> the object type
 */
public interface KnownObjects<T> {

    /** A snapshot of the keys of all known objects, in no particular order. */
    List<String> listKeys();

    /** The known object stored under {@code key}, or empty. */
    Optional<T> getByKey(String key);
}
