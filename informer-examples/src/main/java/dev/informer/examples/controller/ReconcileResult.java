package dev.informer.examples.controller;

import java.util.Objects;

/**
 * What one successful reconcile of an {@link AppKey} did. Immutable.
 *
 * @param key       the app reconciled
 * @param action    what happened to its ConfigMap
 * @param readyPods how many of its pods are ready (0 when the ConfigMap was deleted)
 * @param totalPods how many pods carry the app label in the namespace
 */
public record ReconcileResult(AppKey key, Action action, int readyPods, int totalPods) {

    /** What a reconcile did to the app's ConfigMap. */
    public enum Action {
        /** The ConfigMap did not exist and was created. */
        CREATED,
        /** The ConfigMap existed with other content and was updated. */
        UPDATED,
        /** No pod carries the app label any more: the ConfigMap was deleted. */
        DELETED,
        /** The ConfigMap already said the right thing (or, with no pods, did not exist). */
        UNCHANGED,
        /** A ConfigMap of that name exists but is not managed by this controller: left alone. */
        SKIPPED
    }

    public ReconcileResult {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(action, "action");
    }
}
