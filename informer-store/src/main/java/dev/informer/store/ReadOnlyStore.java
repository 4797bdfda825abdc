package dev.informer.store;

import java.util.List;
import java.util.Optional;

/**
 * The read operations of a {@link Store}: the full list and lookups by key, and nothing that
 * writes. An informer hands its cache out as this type ({@code SharedInformer.getStore()}) or as
 * the {@link ReadOnlyIndexer} that extends it, so only the informer writes to it.
 *
 * <p><b>Thread-safety.</b> As for {@link Store}: every method is thread-safe, {@link #getByKey} and
 * {@link #get} never block, and {@link #list} and {@link #listKeys} return immutable snapshots that
 * later writes do not affect.
 *
 * @param <T> the object type
 */
public interface ReadOnlyStore<T> {

    /** An immutable snapshot of all stored objects, in no particular order. */
    List<T> list();

    /** An immutable snapshot of all keys, in no particular order. */
    List<String> listKeys();

    /**
     * The stored object with the same key as {@code obj}, or empty.
     *
     * @throws KeyException if no key can be computed for {@code obj}
     */
    Optional<T> get(T obj);

    /** The object stored under {@code key}, or empty. Never blocks. */
    Optional<T> getByKey(String key);
}
