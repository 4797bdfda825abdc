package dev.informer.examples.controller;

import java.time.Duration;

/**
 * Observes the example controller's reconciles, e.g. to print them (the demo) or count them (tests).
 * Called on the worker thread that ran the reconcile, so calls for different keys may be concurrent;
 * calls for one key are not (the queue never hands one key to two workers). Must be quick and
 * thread-safe; an exception it throws is logged and ignored. Every method defaults to nothing.
 */
public interface ReconcileListener {

    /** A reconcile succeeded after {@code took}. */
    default void onReconciled(ReconcileResult result, Duration took) {}

    /**
     * A reconcile failed; {@code attempt} counts the failures of this key in a row. When {@code
     * willRetry} the key has been re-queued with the rate limiter's backoff; otherwise the controller
     * gave up on it until its next event.
     */
    default void onFailed(AppKey key, RuntimeException error, int attempt, boolean willRetry) {}
}
