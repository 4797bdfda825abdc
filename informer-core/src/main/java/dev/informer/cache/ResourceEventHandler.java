package dev.informer.cache;

/**
 * Receives the notifications of an informer (client-go's {@code ResourceEventHandler}). Register it
 * with the informer's {@code addEventHandler}; every method defaults to doing nothing, so implement
 * only what you need (or build one from lambdas with {@link ResourceEventHandlers}).
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li><b>One thread per registration:</b> each registered handler is called from its own listener
 *       thread, never concurrently with itself, in the order the informer produced the
 *       notifications. Different registrations run in parallel and never wait for each other: a
 *       slow handler only grows its own pending buffer.</li>
 *   <li><b>Store first:</b> when a notification is delivered, the informer's store already holds the
 *       state it describes (or a newer one). Handlers should not block for long (enqueue a key into a
 *       {@link dev.informer.workqueue.WorkQueue} and return) and must not modify the objects they
 *       receive: they are the store's objects, shared with every other handler.</li>
 *   <li><b>Exceptions:</b> a {@link RuntimeException} thrown by a handler is logged with its stack
 *       trace and the handler keeps receiving later notifications; the notification that failed is
 *       not retried.</li>
 * </ul>
 *
 * @param <T> the object type
 */
public interface ResourceEventHandler<T> {

    /**
     * An object was added to the store. {@code isInInitialList} is {@code true} when the object was
     * part of the initial list (or, for a handler registered after the informer started, part of the
     * store's content replayed to it), {@code false} for objects that appeared later.
     */
    default void onAdd(T obj, boolean isInInitialList) {}

    /**
     * An object changed, or a periodic resync re-delivered it (then {@code oldObj} and {@code newObj}
     * have the same resource version and may be the same instance).
     */
    default void onUpdate(T oldObj, T newObj) {}

    /**
     * An object was deleted. {@code objOrTombstone} is the object's final state, or a
     * {@link dev.informer.store.DeletedFinalStateUnknown} when the informer missed the delete (the
     * watch was disconnected) and only noticed on relist: then its {@code obj()} is the last state the
     * informer knew, possibly stale, and {@code key()} the store key.
     */
    default void onDelete(Object objOrTombstone) {}
}
