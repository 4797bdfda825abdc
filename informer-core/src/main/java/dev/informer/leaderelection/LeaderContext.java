package dev.informer.leaderelection;

import java.time.Duration;

/**
 * What {@code onStartedLeading} receives: the stop signal of one leadership term (client-go passes a
 * {@code context.Context}). It is cancelled when this candidate stops leading: no renewal succeeded
 * for the renew deadline (noticed by the elector's loop, or by {@link #isCancelled()} or {@link
 * LeaderElector#isLeader()} themselves, on the monotonic clock), or {@link LeaderElector#close()} was
 * called. When it is cancelled the thread
 * running {@code onStartedLeading} is also interrupted, so blocking calls return.
 *
 * <p>Code guarded by the lease must stop promptly once this is cancelled; with {@code
 * releaseOnCancel} the lease may be taken by another candidate right after. Thread-safe; cancellation
 * is permanent.
 */
public interface LeaderContext {

    /** The identity that leads in this term. */
    String identity();

    /**
     * Whether this term is over; checks the elector's renew deadline itself (like {@link
     * LeaderElector#isLeader()}), so it is true at once after a pause past the deadline, even before
     * the elector's loop has run again. Never blocks.
     */
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
