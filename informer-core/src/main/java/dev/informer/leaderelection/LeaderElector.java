package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;

/**
 * One candidate in a leader election (client-go's {@code leaderelection.LeaderElector}), built with
 * {@link #builder()}.
 *
 * <p>{@link #run()} first tries to acquire the lock every retry period (with jitter) until it
 * succeeds; then calls {@code onStartedLeading} on a thread of its own and renews the lock every retry
 * period. When no renewal has succeeded for the renew deadline, or on {@link #close()}, it stops
 * leading: the {@link LeaderContext} is cancelled, the lock is released if {@code releaseOnCancel} is
 * set (and the lock is still ours), {@code onStoppedLeading} runs (at once, before the release, when the
 * renew deadline passed) and {@code run()} returns. An elector runs once;
 * to compete again after losing, build a new one (client-go's controllers exit instead).
 *
 * <p>Expiry is judged only on this candidate's own clock: a lock held by someone else is taken over
 * only after its lease duration has passed since this candidate last saw the record change, so the
 * election tolerates clock skew between machines (not a different clock rate).
 *
 * <p><b>Local fencing</b> (client-go has none): the renew deadline is counted on the monotonic clock
 * ({@code Clock.nanoTime()}) from the moment the last successful renewal was <em>sent</em>. Once it
 * has passed, {@link #isLeader()} is false and the term is over, whether the renew loop noticed (it
 * was retrying, or it was paused and woke up late) or a caller of {@code isLeader()} or {@link
 * LeaderContext#isCancelled()} noticed first (the loop may be stuck in a lock call, or the whole
 * process was paused by a GC, SIGSTOP or a frozen VM): {@code onStoppedLeading} fires at once, the
 * context is cancelled, and the loop makes no further write. Since every other candidate waits at
 * least the lease duration after the write it observed, and {@code renewDeadline < leaseDuration},
 * {@code isLeader()} turns false before anyone else can acquire the lease. A term never resumes: a
 * renewal that succeeds after the deadline does not count. Checking {@code isLeader()} right before
 * each guarded action (as the example controller's workers do) keeps a resumed leader from acting;
 * an action already past its check when the process froze can still land late, which only the
 * server can prevent (conditional writes, fencing tokens).
 *
 * <p>Threads: the run thread (the caller of {@code run()}, or one from the thread factory for
 * {@link #start()}) makes every lock call and runs {@code onStoppedLeading}; {@code onStartedLeading}
 * runs on a new thread per term, {@code onNewLeader} on a notifier thread, in the order of the
 * changes; so a slow callback never delays a renewal. {@code onStoppedLeading} runs once: on the run
 * thread, or, when a caller of {@code isLeader()} noticed the end of the term first, on a new thread
 * from the thread factory. Exceptions thrown by callbacks are logged with
 * their stack trace and otherwise ignored. All waiting is on the injected clock.
 *
 * <p>All methods are thread-safe. {@link #isLeader()} and {@link #getLeader()} never block.
 */
public interface LeaderElector extends AutoCloseable {

    /** The retry period of acquisition is stretched by up to this factor at random (client-go's JitterFactor). */
    double JITTER_FACTOR = 1.2;
    /** The default lease duration, as client-go's core components use. */
    Duration DEFAULT_LEASE_DURATION = Duration.ofSeconds(15);
    /** The default renew deadline. */
    Duration DEFAULT_RENEW_DEADLINE = Duration.ofSeconds(10);
    /** The default retry period. */
    Duration DEFAULT_RETRY_PERIOD = Duration.ofSeconds(2);

    /** A builder with the defaults (15 s / 10 s / 2 s, no release on cancel). */
    static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the election on the calling thread until this candidate stops leading or {@link #close()} is
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
     * Asks the election to end (client-go: cancelling the context): {@link #isLeader()} turns false
     * and the current term's {@link LeaderContext} is cancelled at once; the run thread finishes the lock call under way, releases
     * the lock if so configured, calls {@code onStoppedLeading} and returns. Idempotent; does not
     * block. Stopping before running makes {@code run()} return at once (after {@code
     * onStoppedLeading}, as client-go).
     */
    @Override
    void close();

    /**
     * Waits (on real time, since it waits for a thread rather than for a moment of the clock) until
     * {@code run()} has returned.
     *
     * @return whether it has returned within {@code timeout}
     * @throws InterruptedException if the waiting thread is interrupted
     */
    boolean awaitTermination(Duration timeout) throws InterruptedException;

    /**
     * Whether this candidate leads now: the last observed record names it, its last successful
     * renewal was sent less than the renew deadline ago on the monotonic clock, and the term has not
     * ended (nor the election stopped). Never blocks; the first call that finds the renew deadline
     * passed ends the term (see the class comment). Once false in a term, it stays false.
     */
    boolean isLeader();

    /** The holder of the last observed record, {@code ""} when none has been observed or nobody holds it. */
    String getLeader();

    /** This candidate's identity (its lock's). */
    String identity();

    /** The name given to the builder, for logs ({@code ""} by default). */
    String name();

    /**
     * Health check for a leader whose renewal loop is stuck (client-go's {@code Check}): when the last
     * observed record names this candidate but was observed longer than the lease duration plus
     * {@code maxTolerableExpiredLease} ago, the run thread is stuck (the fence has long made {@link
     * #isLeader()} false, but a supervisor should restart the process).
     *
     * @return empty when healthy (or not leading), else the reason
     */
    Optional<String> check(Duration maxTolerableExpiredLease);

    /**
     * Builds a {@link LeaderElector}; obtain one from {@link LeaderElector#builder()}.
     *
     * <p>Required: {@link #lock}, {@link #onStartedLeading} and {@link #onStoppedLeading}. {@link #build()}
     * checks the configuration as client-go's {@code NewLeaderElector} does, failing fast with the rule
     * that was broken: leaseDuration &gt; renewDeadline &gt; retryPeriod &times; {@value
     * LeaderElector#JITTER_FACTOR}, every duration &gt; 0, callbacks and lock present, identity not
     * empty; and one rule client-go lacks: the lease duration is at least one second, since the Lease
     * stores whole seconds and a zero duration would make the lock look expired to every other candidate.
     *
     * <p>Not thread-safe; {@link #build()} may be called more than once, each elector independent.
     */
    final class Builder extends LeaderElectorSettingsBuilderBase {

        private Builder() {
            from(new LeaderElectorSettings(
                    null,
                    DEFAULT_LEASE_DURATION,
                    DEFAULT_RENEW_DEADLINE,
                    DEFAULT_RETRY_PERIOD,
                    null,
                    null,
                    null,
                    false,
                    "",
                    Clock.system(),
                    ThreadFactories.platformDaemon("leader-election"),
                    new Random(),
                    null));
        }

        /**
         * The elector, not yet running.
         *
         * @throws IllegalArgumentException when a duration breaks a rule or the identity is empty
         * @throws IllegalStateException when the lock or a required callback is missing
         */
        public LeaderElector build() {
            LeaderElectorSettings settings = settings();
            Duration leaseDuration = settings.leaseDuration();
            Duration renewDeadline = settings.renewDeadline();
            Duration retryPeriod = settings.retryPeriod();
            long lease = Clock.toNanosSaturated(leaseDuration);
            long renew = Clock.toNanosSaturated(renewDeadline);
            long retry = Clock.toNanosSaturated(retryPeriod);
            if (lease <= renew) {
                throw new IllegalArgumentException("leaseDuration must be greater than renewDeadline (leaseDuration "
                        + leaseDuration + ", renewDeadline " + renewDeadline + ")");
            }
            if (renew <= (long) (LeaderElector.JITTER_FACTOR * retry)) {
                throw new IllegalArgumentException("renewDeadline must be greater than retryPeriod*JitterFactor("
                        + LeaderElector.JITTER_FACTOR + ") (renewDeadline " + renewDeadline + ", retryPeriod "
                        + retryPeriod + ")");
            }
            if (lease < 1) {
                throw new IllegalArgumentException("leaseDuration must be greater than zero, was " + leaseDuration);
            }
            if (renew < 1) {
                throw new IllegalArgumentException("renewDeadline must be greater than zero, was " + renewDeadline);
            }
            if (retry < 1) {
                throw new IllegalArgumentException("retryPeriod must be greater than zero, was " + retryPeriod);
            }
            if (leaseDuration.toSeconds() < 1) {
                throw new IllegalArgumentException("leaseDuration must be at least 1s because the Lease stores whole"
                        + " seconds, was " + leaseDuration);
            }
            if (leaseDuration.toSeconds() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(
                        "leaseDuration must fit the Lease's int32 seconds, was " + leaseDuration);
            }
            Consumer<LeaderContext> onStartedLeading = settings.onStartedLeading();
            if (onStartedLeading == null) {
                throw new IllegalStateException("OnStartedLeading callback must not be null: set onStartedLeading");
            }
            Runnable onStoppedLeading = settings.onStoppedLeading();
            if (onStoppedLeading == null) {
                throw new IllegalStateException("OnStoppedLeading callback must not be null: set onStoppedLeading");
            }
            ResourceLock lock = settings.lock();
            if (lock == null) {
                throw new IllegalStateException("Lock must not be null: set lock");
            }
            String identity = lock.identity();
            if (identity == null || identity.isEmpty()) {
                throw new IllegalArgumentException("Lock identity is empty: " + lock.describe());
            }
            DefaultLeaderElector elector =
                    new DefaultLeaderElector(settings, lock, identity, onStartedLeading, onStoppedLeading);
            LeaderElectionHealthCheck healthCheck = settings.healthCheck();
            if (healthCheck != null) {
                healthCheck.setLeaderElection(elector);
            }
            return elector;
        }
    }
}
