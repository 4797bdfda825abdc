package dev.informer.controller;

/**
 * One reconcile loop registered with a {@link Manager}: a rate-limited work queue of {@link Request}s
 * fed by informer notifications, and worker threads that run its {@link Reconciler} (controller-runtime's
 * {@code controller.Controller}). Made by {@link ControllerBuilder#build}; started, gated by leader
 * election and stopped by its manager.
 *
 * <p>Thread-safe.
 */
public interface Controller {

    /** The controller's name: its queue's name, its worker threads' prefix, its metrics' label. */
    String name();

    /** How many workers reconcile in parallel. */
    int maxConcurrentReconciles();

    /**
     * Adds {@code request} to the queue, as an event would (controller-runtime's channel source): it is
     * reconciled once the controller runs, at most once more if it is queued already. Ignored after
     * the controller stopped.
     */
    void enqueue(Request request);

    /** How many requests wait in the queue (not counting those being reconciled). */
    int queueLength();

    /** How many workers are reconciling right now. */
    int activeWorkers();
}
