package dev.informer.controller;

import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * An {@link EventPredicate} made of one condition per kind of notification: what the factories and
 * combinators of {@code EventPredicate} return. Immutable; as thread-safe as its conditions.
 *
 * @param onCreate asked for {@link #create}
 * @param onUpdate asked for {@link #update}, with the old and the new object
 * @param onDelete asked for {@link #delete}
 * @param <T> the object type
 */
record ConditionPredicate<T>(
        Predicate<? super T> onCreate, BiPredicate<? super T, ? super T> onUpdate, Predicate<? super T> onDelete)
        implements EventPredicate<T> {

    @Override
    public boolean create(T object) {
        return onCreate.test(object);
    }

    @Override
    public boolean update(T oldObject, T newObject) {
        return onUpdate.test(oldObject, newObject);
    }

    @Override
    public boolean delete(T object) {
        return onDelete.test(object);
    }
}
