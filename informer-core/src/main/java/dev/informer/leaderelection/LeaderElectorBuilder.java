package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

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
public final class LeaderElectorBuilder {

    private @Nullable ResourceLock lock;
    private Duration leaseDuration = LeaderElector.DEFAULT_LEASE_DURATION;
    private Duration renewDeadline = LeaderElector.DEFAULT_RENEW_DEADLINE;
    private Duration retryPeriod = LeaderElector.DEFAULT_RETRY_PERIOD;
    private @Nullable Consumer<LeaderContext> onStartedLeading;
    private @Nullable Runnable onStoppedLeading;
    private @Nullable Consumer<String> onNewLeader;
    private boolean releaseOnCancel;
    private String name = "";
    private Clock clock = Clock.system();
    private @Nullable ThreadFactory threadFactory;
    private @Nullable Random random;
    private @Nullable LeaderElectionHealthCheck healthCheck;

    LeaderElectorBuilder() {}

    /** The lock competed for (required), e.g. {@link ResourceLock#lease}. */
    public LeaderElectorBuilder lock(ResourceLock lock) {
        this.lock = Objects.requireNonNull(lock, "lock");
        return this;
    }

    /**
     * How long other candidates wait, after observing the last change of the record, before taking the
     * lock over (default 15 s); written into the lease in whole seconds.
     */
    public LeaderElectorBuilder leaseDuration(Duration leaseDuration) {
        this.leaseDuration = Objects.requireNonNull(leaseDuration, "leaseDuration");
        return this;
    }

    /**
     * How long after its last successful renewal the leader keeps retrying before it gives up leading
     * (default 10 s); from then on {@link LeaderElector#isLeader()} is false (the local fence).
     */
    public LeaderElectorBuilder renewDeadline(Duration renewDeadline) {
        this.renewDeadline = Objects.requireNonNull(renewDeadline, "renewDeadline");
        return this;
    }

    /** The period between attempts to acquire or renew (default 2 s; acquisition adds jitter). */
    public LeaderElectorBuilder retryPeriod(Duration retryPeriod) {
        this.retryPeriod = Objects.requireNonNull(retryPeriod, "retryPeriod");
        return this;
    }

    /**
     * Called on a new thread when this candidate starts leading (required); typically runs the
     * controller until the {@link LeaderContext} is cancelled.
     */
    public LeaderElectorBuilder onStartedLeading(Consumer<LeaderContext> callback) {
        this.onStartedLeading = Objects.requireNonNull(callback, "onStartedLeading");
        return this;
    }

    /**
     * Called once (required) when this candidate stops leading or, if it never led, when the election
     * ends, as client-go does. Usually on the run thread; when the renew deadline passed and a caller
     * of {@link LeaderElector#isLeader()} noticed it first, at once on a new thread from the thread
     * factory (the run thread may be stuck in a lock call).
     */
    public LeaderElectorBuilder onStoppedLeading(Runnable callback) {
        this.onStoppedLeading = Objects.requireNonNull(callback, "onStoppedLeading");
        return this;
    }

    /**
     * Called (optional) on the notifier thread with the holder's identity each time the observed holder
     * differs from the last one reported, the first observed holder included; {@code ""} when the
     * lock was released.
     */
    public LeaderElectorBuilder onNewLeader(Consumer<String> callback) {
        this.onNewLeader = Objects.requireNonNull(callback, "onNewLeader");
        return this;
    }

    /**
     * Whether to release the lock when the election is stopped while leading (default false), so
     * that another candidate takes over at its next retry instead of after the lease duration. Only
     * safe if everything the lease guards has stopped before {@link LeaderElector#close()} is called.
     */
    public LeaderElectorBuilder releaseOnCancel(boolean releaseOnCancel) {
        this.releaseOnCancel = releaseOnCancel;
        return this;
    }

    /** A name for logs and health checks (default {@code ""}). */
    public LeaderElectorBuilder name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** The clock all waiting and timing uses (default {@link Clock#system()}). */
    public LeaderElectorBuilder clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * The factory of the run thread ({@link LeaderElector#start()}), the {@code onStartedLeading}
     * threads and the notifier thread (default: daemon threads named {@code leader-election-N}).
     */
    public LeaderElectorBuilder threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        return this;
    }

    /** The source of acquisition jitter (default an unseeded {@link Random}); seed it for reproducible tests. */
    public LeaderElectorBuilder random(Random random) {
        this.random = Objects.requireNonNull(random, "random");
        return this;
    }

    /** A health check to attach the built elector to (client-go's {@code WatchDog}). */
    public LeaderElectorBuilder healthCheck(LeaderElectionHealthCheck healthCheck) {
        this.healthCheck = Objects.requireNonNull(healthCheck, "healthCheck");
        return this;
    }

    /**
     * The elector, not yet running.
     *
     * @throws IllegalArgumentException when a duration breaks a rule or the identity is empty
     * @throws IllegalStateException when the lock or a required callback is missing
     */
    public LeaderElector build() {
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
        if (onStartedLeading == null) {
            throw new IllegalStateException("OnStartedLeading callback must not be null: set onStartedLeading");
        }
        if (onStoppedLeading == null) {
            throw new IllegalStateException("OnStoppedLeading callback must not be null: set onStoppedLeading");
        }
        if (lock == null) {
            throw new IllegalStateException("Lock must not be null: set lock");
        }
        String identity = lock.identity();
        if (identity == null || identity.isEmpty()) {
            throw new IllegalArgumentException("Lock identity is empty: " + lock.describe());
        }
        DefaultLeaderElector elector = new DefaultLeaderElector(new DefaultLeaderElector.Config(
                lock,
                identity,
                leaseDuration,
                renew,
                retry,
                onStartedLeading,
                onStoppedLeading,
                onNewLeader,
                releaseOnCancel,
                name,
                clock,
                threadFactory == null ? ThreadFactories.platformDaemon("leader-election") : threadFactory,
                random == null ? new Random() : random));
        if (healthCheck != null) {
            healthCheck.setLeaderElection(elector);
        }
        return elector;
    }
}
