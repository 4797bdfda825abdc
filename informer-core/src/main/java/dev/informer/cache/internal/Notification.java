package dev.informer.cache.internal;

import dev.informer.cache.ResourceEventHandler;
import java.util.Objects;

/**
 * One informer event on its way to the handlers (client-go's {@code addNotification},
 * {@code updateNotification}, {@code deleteNotification}).
 *
 * <p>The informer allocates one notification per event and {@link SharedProcessor#distribute
 * distributes} that same instance to every listener: the dispatch path allocates nothing per listener.
 * Immutable; safe to share between threads.
 *
 * @param <T> the object type
 */
public sealed interface Notification<T> permits Notification.Added, Notification.Updated, Notification.Deleted {

    /** Calls the handler method this notification stands for. */
    void deliverTo(ResourceEventHandler<? super T> handler);

    /** Whether this is an add that belongs to the initial list (counted for the registration's {@code hasSynced}). */
    default boolean isInitialListAdd() {
        return false;
    }

    /** An add notification. */
    static <T> Notification<T> added(T newObj, boolean isInInitialList) {
        return new Added<>(newObj, isInInitialList);
    }

    /** An update notification (also used for resyncs, with both states of the same resource version). */
    static <T> Notification<T> updated(T oldObj, T newObj) {
        return new Updated<>(oldObj, newObj);
    }

    /** A delete notification for an object or its {@link dev.informer.store.DeletedFinalStateUnknown} tombstone. */
    static <T> Notification<T> deleted(Object oldObjOrTombstone) {
        return new Deleted<>(oldObjOrTombstone);
    }

    /**
     * {@code onAdd(newObj, isInInitialList)}.
     *
     * @param newObj          the added object, never {@code null}
     * @param isInInitialList whether it is part of the initial list
     */
    record Added<T>(T newObj, boolean isInInitialList) implements Notification<T> {
        public Added {
            Objects.requireNonNull(newObj, "newObj");
        }

        @Override
        public void deliverTo(ResourceEventHandler<? super T> handler) {
            handler.onAdd(newObj, isInInitialList);
        }

        @Override
        public boolean isInitialListAdd() {
            return isInInitialList;
        }
    }

    /**
     * {@code onUpdate(oldObj, newObj)}.
     *
     * @param oldObj the previous state, never {@code null}
     * @param newObj the new state, never {@code null}
     */
    record Updated<T>(T oldObj, T newObj) implements Notification<T> {
        public Updated {
            Objects.requireNonNull(oldObj, "oldObj");
            Objects.requireNonNull(newObj, "newObj");
        }

        @Override
        public void deliverTo(ResourceEventHandler<? super T> handler) {
            handler.onUpdate(oldObj, newObj);
        }
    }

    /**
     * {@code onDelete(oldObj)}.
     *
     * @param oldObj the deleted object or its tombstone, never {@code null}
     */
    record Deleted<T>(Object oldObj) implements Notification<T> {
        public Deleted {
            Objects.requireNonNull(oldObj, "oldObj");
        }

        @Override
        public void deliverTo(ResourceEventHandler<? super T> handler) {
            handler.onDelete(oldObj);
        }
    }
}
