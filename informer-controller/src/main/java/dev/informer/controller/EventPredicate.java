package dev.informer.controller;

import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectMeta;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Decides which informer notifications enqueue a request (controller-runtime's {@code
 * predicate.Predicate}). Each method answers for one kind of notification; every default answers
 * {@code true}. A delete is asked about the object's last known state, also when the informer only
 * saw a tombstone.
 *
 * <p>The factories mirror controller-runtime: {@link #generationChanged()}, {@link #labelsChanged()},
 * {@link #annotationsChanged()} and {@link #resourceVersionChanged()} filter updates only (creates and
 * deletes pass); {@link #of} applies a plain condition to every notification. Combine them with
 * {@link #and}, {@link #or} and {@link #not}.
 *
 * <p>Implementations must be thread-safe, quick and side-effect free: they run on the informer's
 * listener thread.
 *
 * @param <T> the object type
 */
public interface EventPredicate<T> {

    /** Whether an object that appeared (or was in the initial list) enqueues. */
    default boolean create(T object) {
        return true;
    }

    /** Whether a change (or a resync, with equal resource versions) enqueues. */
    default boolean update(T oldObject, T newObject) {
        return true;
    }

    /** Whether a deletion enqueues. */
    default boolean delete(T object) {
        return true;
    }

    /** Enqueues when both enqueue. */
    default EventPredicate<T> and(EventPredicate<? super T> other) {
        Objects.requireNonNull(other, "other");
        return new ConditionPredicate<T>(
                object -> create(object) && other.create(object),
                (oldObject, newObject) -> update(oldObject, newObject) && other.update(oldObject, newObject),
                object -> delete(object) && other.delete(object));
    }

    /** Enqueues when either enqueues. */
    default EventPredicate<T> or(EventPredicate<? super T> other) {
        Objects.requireNonNull(other, "other");
        return new ConditionPredicate<T>(
                object -> create(object) || other.create(object),
                (oldObject, newObject) -> update(oldObject, newObject) || other.update(oldObject, newObject),
                object -> delete(object) || other.delete(object));
    }

    /** Enqueues exactly when {@code predicate} does not. */
    static <T> EventPredicate<T> not(EventPredicate<T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return new ConditionPredicate<T>(
                object -> !predicate.create(object),
                (oldObject, newObject) -> !predicate.update(oldObject, newObject),
                object -> !predicate.delete(object));
    }

    /**
     * A custom condition on the object, asked for every notification (for an update: about the new
     * object), like controller-runtime's {@code NewPredicateFuncs}.
     */
    static <T> EventPredicate<T> of(Predicate<? super T> condition) {
        Objects.requireNonNull(condition, "condition");
        return new ConditionPredicate<T>(condition, (oldObject, newObject) -> condition.test(newObject), condition);
    }

    /**
     * Updates enqueue only when {@code metadata.generation} changed, i.e. the spec changed (status and
     * metadata writes do not bump it). An object without a generation counts as changed when the other
     * has one.
     */
    static <T extends KubernetesObject> EventPredicate<T> generationChanged() {
        return updateWhenChanged(o -> {
            ObjectMeta meta = o.metadata();
            return meta == null ? null : meta.generation();
        });
    }

    /** Updates enqueue only when the labels changed. */
    static <T extends KubernetesObject> EventPredicate<T> labelsChanged() {
        return updateWhenChanged(KubernetesObject::labels);
    }

    /** Updates enqueue only when the annotations changed. */
    static <T extends KubernetesObject> EventPredicate<T> annotationsChanged() {
        return updateWhenChanged(KubernetesObject::annotations);
    }

    /**
     * Updates enqueue only when the resource version changed: filters out the informer's periodic
     * resyncs, which re-deliver unchanged objects.
     */
    static <T extends KubernetesObject> EventPredicate<T> resourceVersionChanged() {
        return updateWhenChanged(KubernetesObject::resourceVersion);
    }

    private static <T> EventPredicate<T> updateWhenChanged(Function<? super T, ?> field) {
        return new ConditionPredicate<T>(
                object -> true,
                (oldObject, newObject) -> oldObject != null
                        && newObject != null
                        && !Objects.equals(field.apply(oldObject), field.apply(newObject)),
                object -> true);
    }
}
