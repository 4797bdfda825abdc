package dev.informer.leaderelection;

import java.time.Duration;

/**
 * What {@code onStartedLeading} receives: the stop signal of one leadership term (client-go passes a
 * {@code context.Context}). It is cancelled when this candidate stops leading: the renewal failed
 * for the renew deadline, or {@link LeaderElector#stop()} was called. When it is cancelled the thread
 * running {@code onStartedLeading} is also interrupted, so blocking calls return.
 *
 * <p>Code guarded by the lease must stop promptly once this is cancelled; with {@code
 * releaseOnCancel} the lease may be taken by another candidate right after. Thread-safe; cancellation
 * is permanent.
 */
public interface LeaderContext {

    /** The identity that leads in this term. */
    String identity();

    /** Whether this term is over. */
    boolean isCancelled();

    /**
     * Blocks until this term is over. Returns normally (with the thread's interrupt status set) when
     * the interrupt came with the cancellation.
     *
     * @throws InterruptedException if the waiting thread is interrupted before the term is over
     */
    void awaitCancellation() throws InterruptedException;

    /**
     * Blocks until this term is over or {@code timeout} has passed on the elector's clock.
     *
     * @return whether the term is over
     * @throws InterruptedException if the waiting thread is interrupted before the term is over
     */
    boolean awaitCancellation(Duration timeout) throws InterruptedException;
}
