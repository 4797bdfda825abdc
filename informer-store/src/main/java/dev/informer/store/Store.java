package dev.informer.store;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A keyed collection of objects (client-go's {@code Store}): each object is stored under the key
 * its {@link KeyFunction} computes, and adding an object whose key is present replaces it.
 *
 * <p><b>Thread-safety.</b> All methods are thread-safe. Writes are serialized and atomic: a reader
 * sees a write entirely or not at all, and {@link #replace} swaps the whole content (and every
 * index) at once. {@link #getByKey} and {@link #get} never block; the list methods take a shared
 * lock that only writers exclude, and return immutable snapshots that later writes do not affect.
 * Nothing blocks for longer than one write.
 *
 * <p><b>Objects.</b> The store keeps the references it is given: treat stored objects as
 * immutable, since changing one in place neither re-indexes it nor is safe for concurrent
 * readers. {@code null} objects are rejected with {@link NullPointerException}.
 *
 * <p><b>Absence.</b> {@link #get} and {@link #getByKey} return {@link Optional#empty()} for a
 * missing key (client-go returns {@code exists == false}).
 *
 * @param <T> the object type
 */
public interface Store<T> extends ReflectorStore<T>, KnownObjects<T>, ReadOnlyStore<T> {

    /** Stores {@code obj} under its key, replacing any object with the same key. */
    @Override
    void add(T obj);

    /** Same as {@link #add}: stores {@code obj} under its key. */
    @Override
    void update(T obj);

    /** Removes the object stored under {@code obj}'s key; does nothing if there is none. */
    @Override
    void delete(T obj);

    /**
     * Removes the object stored under {@code key}; does nothing if there is none. The informer uses
     * it for tombstones, whose key is known but whose type is not {@code T}.
     *
     * @throws NullPointerException if {@code key} is {@code null}
     */
    void deleteByKey(String key);

    /** An immutable snapshot of all stored objects, in no particular order. */
    @Override
    List<T> list();

    /** An immutable snapshot of all keys, in no particular order. */
    @Override
    List<String> listKeys();

    /**
     * The stored object with the same key as {@code obj}, or empty.
     *
     * @throws KeyException if no key can be computed for {@code obj}
     */
    @Override
    Optional<T> get(T obj);

    /** The object stored under {@code key}, or empty. Never blocks. */
    @Override
    Optional<T> getByKey(String key);

    /**
     * Atomically replaces the whole content with {@code items} (later duplicates of a key win)
     * and rebuilds every index. {@code resourceVersion} is accepted for the reflector's contract
     * and not interpreted.
     */
    @Override
    void replace(Collection<? extends T> items, String resourceVersion);

    /** Does nothing: a plain store has nothing to resync (kept for client-go parity). */
    @Override
    void resync();

    /**
     * Runs {@code writes}, a sequence of calls to this store's own mutators on the calling thread, as
     * one unit (what client-go's {@code TransactionStore.Transaction} is for: an informer applies a
     * popped batch this way). The thread-safe stores take their write lock once around all of them,
     * so readers that take the read lock ({@code list}, {@code byIndex}, ...) see all the writes or
     * none; a lock-free {@code getByKey} may see some. There is no rollback: if a write throws, the
     * earlier ones stay and the exception propagates. The default just runs {@code writes}.
     *
     * @throws NullPointerException if {@code writes} is {@code null}
     */
    default void writeAtomically(Runnable writes) {
        writes.run();
    }
}
