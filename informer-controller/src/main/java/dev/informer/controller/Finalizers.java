package dev.informer.controller;

import dev.informer.api.KubernetesObject;
import dev.informer.api.ObjectMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * controller-runtime's {@code controllerutil} finalizer helpers for the library's immutable objects:
 * {@link #add} and {@link #remove} return a copy (or the same instance when nothing changes), which
 * the caller then writes, usually with {@code update} inside {@link Retry#retryOnConflict}.
 *
 * <p>The usual cleanup flow: while the object is not being deleted, make sure it has the finalizer;
 * once {@code metadata.deletionTimestamp} is set ({@link #isBeingDeleted}), clean up and remove it, and
 * the server deletes the object.
 *
 * <p>Stateless and thread-safe.
 */
public final class Finalizers {

    private Finalizers() {}

    /** Whether {@code object} lists {@code finalizer}. */
    public static boolean has(KubernetesObject object, String finalizer) {
        Objects.requireNonNull(finalizer, "finalizer");
        ObjectMeta meta = object.metadata();
        return meta != null && meta.finalizers().contains(finalizer);
    }

    /** Whether the object's deletion was requested ({@code metadata.deletionTimestamp} is set). */
    public static boolean isBeingDeleted(KubernetesObject object) {
        ObjectMeta meta = object.metadata();
        return meta != null && meta.deletionTimestamp() != null;
    }

    /**
     * {@code object} with {@code finalizer} appended; the same instance when it has it already.
     *
     * @throws IllegalArgumentException if {@code finalizer} is blank
     */
    public static <T extends KubernetesObject> T add(T object, String finalizer) {
        requireName(finalizer);
        if (has(object, finalizer)) {
            return object;
        }
        return ObjectCopies.withMetadata(object, meta -> {
            List<String> finalizers = new ArrayList<>(meta.finalizers());
            finalizers.add(finalizer);
            return meta.toBuilder().finalizers(finalizers).build();
        });
    }

    /** {@code object} without {@code finalizer}; the same instance when it does not have it. */
    public static <T extends KubernetesObject> T remove(T object, String finalizer) {
        requireName(finalizer);
        if (!has(object, finalizer)) {
            return object;
        }
        return ObjectCopies.withMetadata(object, meta -> {
            List<String> finalizers = new ArrayList<>(meta.finalizers());
            finalizers.removeIf(finalizer::equals);
            return meta.toBuilder().finalizers(finalizers).build();
        });
    }

    private static void requireName(String finalizer) {
        if (finalizer == null || finalizer.isBlank()) {
            throw new IllegalArgumentException("a finalizer name must not be blank");
        }
    }
}
