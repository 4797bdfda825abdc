package dev.informer.store;

import java.util.Collection;

/**
 * What a reflector writes into: the mutations a list/watch loop produces. Both a {@link
 * DeltaFifo} (the informer's queue) and a {@link Store} (for example an {@link UndeltaStore}, the
 * kubelet's apiserver source) accept them, so a reflector is written against this interface only.
 *
 * <p>Implementations are thread-safe. Each call is atomic with respect to the others; calls made
 * one after another from one thread take effect in that order.
 *
 * @param <T> the object type
 */
public interface ReflectorStore<T> {

    /**
     * Records that {@code obj} was added (a watch ADDED event).
     *
     * @throws KeyException if no key can be computed for {@code obj}; nothing changes
     * @throws NullPointerException if {@code obj} is {@code null}
     */
    void add(T obj);

    /**
     * Records that {@code obj} was modified (a watch MODIFIED event).
     *
     * @throws KeyException if no key can be computed for {@code obj}; nothing changes
     * @throws NullPointerException if {@code obj} is {@code null}
     */
    void update(T obj);

    /**
     * Records that {@code obj} was deleted (a watch DELETED event); {@code obj} is its last state.
     *
     * @throws KeyException if no key can be computed for {@code obj}; nothing changes
     * @throws NullPointerException if {@code obj} is {@code null}
     */
    void delete(T obj);

    /**
     * Replaces the whole content with {@code items}, the result of a (re)list at {@code
     * resourceVersion}. Keys are computed for all items before anything changes.
     *
     * @throws KeyException if no key can be computed for one of the items; nothing changes
     * @throws NullPointerException if {@code items} or one of its elements is {@code null}
     */
    void replace(Collection<? extends T> items, String resourceVersion);

    /** A periodic resync: what it does depends on the implementation (a no-op for plain stores). */
    void resync();

    /**
     * A watch bookmark: the watch reached {@code resourceVersion}. Ignored by default; a {@link
     * RealFifo} built with {@linkplain RealFifoOptions#emitBookmarks() bookmarks} queues a {@link
     * DeltaType#BOOKMARK} delta so the consumer sees it in order with the events.
     *
     * @throws NullPointerException if {@code resourceVersion} is {@code null}
     */
    default void bookmark(String resourceVersion) {}
}
