package dev.informer.store;

import java.util.Map;

/**
 * A {@link Store} with named secondary indices (client-go's {@code Indexer}): each index is an
 * {@link IndexFunction} mapping an object to zero or more values, and the indexer answers "which
 * objects have value {@code v} in index {@code i}" without scanning.
 *
 * <p><b>Thread-safety.</b> As for {@link Store}: indices are updated in the same atomic write as
 * the object, so a reader never sees an object whose index entries are stale. Index maintenance
 * is incremental: an update moves the key only between the buckets whose values changed.
 *
 * <p>The read operations (lookups by key and by index) are declared by {@link ReadOnlyIndexer}, the
 * view an informer hands out; this interface adds the writes.
 *
 * <p><b>Misuse.</b> Asking for an index that does not exist throws {@link
 * IllegalArgumentException} naming the index (client-go returns an error, or an empty list from
 * {@code ListIndexFuncValues}).
 *
 * @param <T> the object type
 */
public interface Indexer<T> extends Store<T>, ReadOnlyIndexer<T> {

    /**
     * Registers more indices. Objects already stored are indexed before this returns; if an index
     * function throws on one of them, nothing is registered.
     *
     * @throws IllegalArgumentException {@code "indexer conflict: <names>"} if a name is already
     *     registered; nothing is registered
     * @throws NullPointerException if the map, a name or a function is {@code null}
     */
    void addIndexers(Map<String, IndexFunction<T>> newIndexers);
}
