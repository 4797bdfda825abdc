package dev.informer.cache;

import dev.informer.store.DeletedFinalStateUnknown;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Passes to {@code handler} only the notifications about objects that match {@code filter}, turning
 * updates that cross the filter into adds and deletes (client-go's
 * {@code FilteringResourceEventHandler}):
 *
 * <table>
 *   <caption>update(old, new)</caption>
 *   <tr><th>old matches</th><th>new matches</th><th>handler receives</th></tr>
 *   <tr><td>yes</td><td>yes</td><td>{@code onUpdate(old, new)}</td></tr>
 *   <tr><td>no</td><td>yes</td><td>{@code onAdd(new, false)}</td></tr>
 *   <tr><td>yes</td><td>no</td><td>{@code onDelete(old)}</td></tr>
 *   <tr><td>no</td><td>no</td><td>nothing</td></tr>
 * </table>
 *
 * <p>Deletes are filtered on the deleted object; for a {@link DeletedFinalStateUnknown} tombstone, on
 * its last known object (the tombstone itself is passed on), and a tombstone without an object is
 * always passed on, since nothing can be decided about it. This differs from client-go, whose untyped
 * filter sees the tombstone itself.
 *
 * <p>Immutable; thread-safe if {@code filter} and {@code handler} are. The filter must be a pure
 * function of the object: it is evaluated on both the old and new state of every update.
 *
 * @param <T> the object type
 */
public final class FilteringResourceEventHandler<T> implements ResourceEventHandler<T> {

    private final Predicate<? super T> filter;
    private final ResourceEventHandler<? super T> handler;

    /**
     * @throws NullPointerException if an argument is {@code null}
     */
    public FilteringResourceEventHandler(Predicate<? super T> filter, ResourceEventHandler<? super T> handler) {
        this.filter = Objects.requireNonNull(filter, "filter");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    @Override
    public void onAdd(T obj, boolean isInInitialList) {
        if (filter.test(obj)) {
            handler.onAdd(obj, isInInitialList);
        }
    }

    @Override
    public void onUpdate(T oldObj, T newObj) {
        boolean newer = filter.test(newObj);
        boolean older = filter.test(oldObj);
        if (newer && older) {
            handler.onUpdate(oldObj, newObj);
        } else if (newer) {
            handler.onAdd(newObj, false);
        } else if (older) {
            handler.onDelete(oldObj);
        }
    }

    @Override
    @SuppressWarnings("unchecked") // a tombstone or deleted object of this informer holds its object type
    public void onDelete(Object objOrTombstone) {
        Object candidate =
                objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone ? tombstone.obj() : objOrTombstone;
        if (candidate == null || filter.test((T) candidate)) {
            handler.onDelete(objOrTombstone);
        }
    }

    @Override
    public String toString() {
        return "FilteringResourceEventHandler[" + handler + "]";
    }
}
