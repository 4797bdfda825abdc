package dev.informer.leaderelection;

import java.time.Duration;
import java.util.Optional;

/**
 * One candidate in a leader election (client-go's {@code leaderelection.LeaderElector}), built with
 * {@link #builder()}.
 *
 * <p>{@link #run()} first tries to acquire the lock every retry period (with jitter) until it
 * succeeds; then calls {@code onStartedLeading} on a thread of its own and renews the lock every retry
 * period. When no renewal succeeds within the renew deadline, or on {@link #stop()}, it stops leading:
 * the {@link LeaderContext} is cancelled, the lock is released if {@code releaseOnCancel} is set,
 * {@code onStoppedLeading} runs, and {@code run()} returns. An elector runs once; to compete again
 * after losing, build a new one (client-go's controllers exit instead).
 *
 * <p>Expiry is judged only on this candidate's own clock: a lock held by someone else is taken over
 * only after its lease duration has passed since this candidate last saw the record change, so the
 * election tolerates clock skew between machines (not a different clock rate). Like client-go's, it
 * does not fence: after a leader's renewal starts failing, it keeps believing it leads for up to the
 * renew deadline, which must therefore be shorter than the lease duration.
 *
 * <p>Threads: the run thread (the caller of {@code run()}, or one from the thread factory for
 * {@link #start()}) makes every lock call and runs {@code onStoppedLeading}; {@code onStartedLeading}
 * runs on a new thread per term, {@code onNewLeader} on a notifier thread, in the order of the
 * changes; so a slow callback never delays a renewal. Exceptions thrown by callbacks are logged with
 * their stack trace and otherwise ignored. All waiting is on the injected clock.
 *
 * <p>All methods are thread-safe. {@link #isLeader()} and {@link #getLeader()} report the last
 * observed record and never block.
 */
public interface LeaderElector {

    /** The retry period of acquisition is stretched by up to this factor at random (client-go's JitterFactor). */
    double JITTER_FACTOR = 1.2;
    /** The default lease duration, as client-go's core components use. */
    Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(15);
    /** The default renew deadline. */
    Duration DEFAULT_RENEW_DEADLINE = Duration.ofSeconds(10);
    /** The default retry period. */
    Duration DEFAULT_RETRY_PERIOD = Duration.ofSeconds(2);

    /** A builder with the defaults (15 s / 10 s / 2 s, no release on cancel). */
    static LeaderElectorBuilder builder() {
        return new LeaderElectorBuilder();
    }

    /**
     * Runs the election on the calling thread until this candidate stops leading or {@link #stop()} is
     * called (interrupting the thread counts as a stop; its interrupt status is restored on return).
     *
     * @throws IllegalStateException if {@code run()} or {@link #start()} was called before
     */
    void run();

    /**
     * Runs {@link #run()} on a new thread from the thread factory and returns at once.
     *
     * @throws IllegalStateException if {@code run()} or {@code start()} was called before
     */
    void start();

    /**
     * Asks the election to end (client-go: cancelling the context): the current term's {@link
     * LeaderContext} is cancelled at once; the run thread finishes the lock call under way, releases
     * the lock if so configured, calls {@code onStoppedLeading} and returns. Idempotent; does not
     * block. Stopping before running makes {@code run()} return at once (after {@code
     * onStoppedLeading}, as client-go).
     */
    void stop();

    /**
     * Waits (on real time, since it waits for a thread rather than for a moment of the clock) until
     * {@code run()} has returned.
     *
     * @return whether it has returned within {@code timeout}
     * @throws InterruptedException if the waiting thread is interrupted
     */
    boolean awaitTermination(Duration timeout) throws InterruptedException;

    /** Whether the last observed record names this candidate as holder. */
    boolean isLeader();

    /** The holder of the last observed record, {@code ""} when none has been observed or nobody holds it. */
    String getLeader();

    /** This candidate's identity (its lock's). */
    String identity();

    /** The name given to the builder, for logs ({@code ""} by default). */
    String name();

    /**
     * Health check for a leader whose renewal loop is stuck (client-go's {@code Check}): when this
     * candidate believes it leads but has not observed its record for longer than the lease duration
     * plus {@code maxTolerableExpiredLease}, another candidate may already lead.
     *
     * @return empty when healthy (or not leading), else the reason
     */
    Optional<String> check(Duration maxTolerableExpiredLease);
}
