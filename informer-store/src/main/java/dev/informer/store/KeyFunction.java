package dev.informer.store;

/**
 * Computes the store key of an object (client-go's {@code KeyFunc}).
 *
 * <p>A key function must be deterministic (the same object always gets the same key) and
 * side-effect free; stores and queues call it without holding their locks and may call it more
 * than once per object. It receives {@code Object} rather than {@code T} because queues also key
 * their own wrappers: a key function used with a {@link DeltaFifo} or an {@link Indexer} fed by an
 * informer should unwrap a {@link DeletedFinalStateUnknown} to its {@link
 * DeletedFinalStateUnknown#key()} (as {@link KeyFunctions#metaNamespaceKey()} does).
 *
 * <p>Implementations must be thread-safe.
 *
 * @param <T> the type of the objects this function keys (documentation only: the parameter is
 *     {@code Object} so tombstones can be keyed too)
 */
@FunctionalInterface
public interface KeyFunction<T> {

    /**
     * Returns the key of {@code obj}; never {@code null}.
     *
     * @throws KeyException if no key can be computed; the message names the object's class and why
     */
    String key(Object obj);
}
