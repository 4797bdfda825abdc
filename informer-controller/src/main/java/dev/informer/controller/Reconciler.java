package dev.informer.controller;

import dev.informer.cache.CancellationToken;
import org.jspecify.annotations.Nullable;

/**
 * Brings the world in line with the desired state of one object (controller-runtime's {@code
 * reconcile.Reconciler}). It is called with a key, never with an event: read the object from the
 * informer's cache (a {@link dev.informer.cache.Lister}); a missing object means it was deleted.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li><b>One key, one worker:</b> a key is never reconciled by two workers at once; an event that
 *       arrives during its reconcile makes it run once more afterwards. Different keys run in
 *       parallel (up to the controller's {@code maxConcurrentReconciles}), so the reconciler must be
 *       thread-safe.</li>
 *   <li><b>Idempotent:</b> the same key may be reconciled many times with nothing changed (resyncs,
 *       requeues, restarts, a new leader).</li>
 *   <li><b>Errors:</b> any exception means "again, with backoff" (a rate-limited requeue): it is
 *       logged with the key (stack trace at DEBUG) and never ends the worker.</li>
 *   <li><b>Cancellation:</b> {@code cancellation} is cancelled, and the worker thread interrupted,
 *       when the reconcile timeout passes, when the process stops leading, and when the manager's
 *       shutdown deadline passes (a graceful shutdown first lets the reconciles under way finish). A
 *       reconciler must honour one of the two (check the token between steps, let blocking calls
 *       throw {@link InterruptedException}): one that ignores both holds its worker, and its key,
 *       until it returns, and after a timeout what it returns is discarded and counted as an
 *       error.</li>
 * </ul>
 *
 * @param <K> the key type; the runtime's controllers use {@link Request}
 */
@FunctionalInterface
public interface Reconciler<K> {

    /**
     * Reconciles {@code key}.
     *
     * @param key          the object to reconcile
     * @param cancellation cancelled when this reconcile should stop (timeout, leadership lost, shutdown deadline)
     * @return done, requeue or requeueAfter; {@code null} counts as {@link Result#done()}
     * @throws Exception anything: the key is requeued with backoff
     */
    @Nullable
    Result reconcile(K key, CancellationToken cancellation) throws Exception;
}
