package dev.informer.controller;

import java.util.Locale;

/**
 * How one reconcile ended, as the {@code result} label of controller-runtime's {@code
 * controller_runtime_reconcile_total}: {@code success}, {@code error}, {@code requeue}, {@code
 * requeue_after}.
 */
public enum ReconcileOutcome {
    /** Returned {@link Result#done()}. */
    SUCCESS,
    /** Threw, or exceeded the reconcile timeout. */
    ERROR,
    /** Returned {@link Result#requeue()}. */
    REQUEUE,
    /** Returned {@link Result#requeueAfter}. */
    REQUEUE_AFTER;

    /** The metric label value, e.g. {@code "requeue_after"}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
