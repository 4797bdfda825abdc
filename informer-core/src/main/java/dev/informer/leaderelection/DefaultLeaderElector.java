package dev.informer.leaderelection;

import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link LeaderElector}: client-go's {@code leaderelection.go} on the injected clock. See the
 * interface for the contract; the comments here name the client-go step each part ports.
 */
final class DefaultLeaderElector implements LeaderElector {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderElector.class);
    private static final long NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

    /**
     * The last record seen or written and when (on this candidate's monotonic clock); {@code timed}
     * is false before anything was observed (client-go's zero time, earlier than any moment).
     */
    private record Observation(LeaderElectionRecord record, long observedNanos, boolean timed) {}

    private final LeaderElectorSettings settings;
    private final ResourceLock lock;
    private final String identity;
    private final Consumer<LeaderContext> onStartedLeading;
    private final Runnable onStoppedLeading;
    private final long renewDeadlineNanos;
    private final long retryPeriodNanos;
    private final Clock clock;
    private final String description;

    // Replaced atomically; read by isLeader()/getLeader()/check() on any thread.
    private volatile Observation observed = new Observation(LeaderElectionRecord.EMPTY, 0, false);
    // The local fence: when (monotonic clock) the last successful acquire or renew was sent; valid
    // only while renewedEver. Written by the run thread (or package tests), read by isLeader() anywhere.
    private volatile long renewedAtNanos;
    private volatile boolean renewedEver;
    // Set once when the current term ends (renew deadline passed, renewal lost, stop): isLeader()
    // stays false from then on, whoever noticed first (the run thread or a lazy isLeader()).
    private final AtomicBoolean termEnded = new AtomicBoolean();
    // onStoppedLeading runs once, on the thread that ended the term or at the end of run().
    private final AtomicBoolean stoppedLeadingFired = new AtomicBoolean();

    // Confined to the run thread: the record last read from the lock (client-go's observedRawRecord;
    // null = nothing read yet) and the holder last reported to onNewLeader.
    private @Nullable LeaderElectionRecord lastFetched;
    private String reportedLeader = "";
    private @Nullable ExecutorService notifier;
    // Set when an interrupt ended a wait; the interrupt status is restored when run() returns.
    private boolean interruptedWhileWaiting;

    private final AtomicBoolean runCalled = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final ReentrantLock stateLock = new ReentrantLock();
    private final Condition stopSignal = stateLock.newCondition();
    // Written under stateLock (then stopSignal is signalled), read anywhere.
    // @GuardedBy("stateLock")
    private volatile boolean stopped;
    // The current term, null while not leading; cancelled by stop() or when the term ends.
    private volatile @Nullable DefaultLeaderContext term;

    /** Made by {@link LeaderElector.Builder#build()}, which checked the settings and passes what it checked. */
    DefaultLeaderElector(
            LeaderElectorSettings settings,
            ResourceLock lock,
            String identity,
            Consumer<LeaderContext> onStartedLeading,
            Runnable onStoppedLeading) {
        this.settings = settings;
        this.clock = settings.clock();
        this.renewDeadlineNanos = Clock.toNanosSaturated(settings.renewDeadline());
        this.retryPeriodNanos = Clock.toNanosSaturated(settings.retryPeriod());
        this.lock = lock;
        this.description = lock.describe();
        this.identity = identity;
        this.onStartedLeading = onStartedLeading;
        this.onStoppedLeading = onStoppedLeading;
    }

    // ---- lifecycle ----

    @Override
    public void run() {
        claimRun();
        runClaimed();
    }

    @Override
    public void start() {
        claimRun();
        Thread thread = settings.threadFactory().newThread(this::runClaimed);
        thread.start();
    }

    @Override
    public void close() {
        termEnded.set(true); // isLeader() is false from now on, although the run thread may still be in a lock call
        Locks.run(stateLock, () -> {
            stopped = true;
            stopSignal.signalAll();
        });
        DefaultLeaderContext current = term;
        if (current != null) {
            current.cancel();
        }
    }

    @Override
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return terminated.await(Clock.toNanosSaturated(timeout), TimeUnit.NANOSECONDS);
    }

    private void claimRun() {
        if (!runCalled.compareAndSet(false, true)) {
            throw new IllegalStateException(
                    "a LeaderElector runs once: run() or start() was already called on " + this);
        }
    }

    // client-go's Run: acquire, start leading on its own thread, renew until that fails, stop leading.
    private void runClaimed() {
        notifier = Executors.newSingleThreadExecutor(settings.threadFactory());
        boolean interrupted = false;
        try {
            if (!acquire()) {
                return;
            }
            DefaultLeaderContext context = new DefaultLeaderContext(identity, clock, this::fenceTripped);
            term = context;
            if (stopped) {
                context.cancel(); // stop() ran before term was visible to it
            }
            Thread leading = settings.threadFactory().newThread(() -> startedLeading(context));
            leading.start();
            context.attach(leading);
            renew();
        } finally {
            termEnded.set(true);
            DefaultLeaderContext context = term;
            if (context != null) {
                context.cancel();
            }
            interrupted = Thread.interrupted();
            fireStoppedLeading();
            notifier.shutdown();
            terminated.countDown();
            if (interrupted || interruptedWhileWaiting) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Calls onStoppedLeading unless it was called already (at most once per elector). */
    private void fireStoppedLeading() {
        if (!stoppedLeadingFired.compareAndSet(false, true)) {
            return;
        }
        try {
            onStoppedLeading.run();
        } catch (RuntimeException e) {
            LOG.error("onStoppedLeading of {} threw", this, e);
        }
    }

    /**
     * Ends the current term (once): isLeader() turns false for good, the context is cancelled and the
     * run thread woken. Returns whether this call ended it. Never blocks on a lock call.
     */
    private boolean endTerm() {
        if (!termEnded.compareAndSet(false, true)) {
            return false;
        }
        DefaultLeaderContext current = term;
        if (current != null) {
            current.cancel();
        }
        Locks.run(stateLock, stopSignal::signalAll);
        return true;
    }

    private void startedLeading(DefaultLeaderContext context) {
        try {
            onStartedLeading.accept(context);
        } catch (RuntimeException e) {
            LOG.error("onStartedLeading of {} threw", this, e);
        }
    }

    // ---- client-go's acquire / renew / release ----

    /** Tries every retry period (jittered) until the lock is acquired; false when stopped first. */
    private boolean acquire() {
        LOG.info("attempting to acquire leader lease {}...", description);
        while (!stopped) {
            boolean succeeded = tryAcquireOrRenew();
            maybeReportTransition();
            if (succeeded) {
                recordEvent("became leader");
                LOG.info("successfully acquired lease {}", description);
                return true;
            }
            LOG.debug("failed to acquire lease {}", description);
            long jitter = (long) (settings.random().nextDouble() * JITTER_FACTOR * retryPeriodNanos);
            if (!waitFor(retryPeriodNanos + jitter)) {
                break;
            }
        }
        return false;
    }

    /**
     * Renews every retry period until no renewal succeeded for the renew deadline, counted from the
     * last successful one (the local fence), or the election is stopped.
     */
    private void renew() {
        while (!stopped && !termEnded.get()) {
            long deadline = renewedAtNanos + renewDeadlineNanos;
            boolean renewed = renewBefore(deadline);
            maybeReportTransition();
            if (!renewed) {
                if (!stopped && endTerm()) {
                    warnStoppedLeading();
                    fireStoppedLeading();
                }
                break;
            }
            LOG.trace("successfully renewed lease {}", description);
            if (!waitFor(retryPeriodNanos)) {
                break;
            }
        }
        if (settings.releaseOnCancel()) {
            release();
        }
        recordEvent("stopped leading");
    }

    /**
     * client-go's PollImmediateUntil under the renew deadline: tries at once, then every retry period,
     * until a try succeeds (true) or the deadline passes, the term ends or the election is stopped
     * (false). The deadline is checked before each try, so a leader that was paused past it (a GC
     * pause, SIGSTOP, a frozen VM) does not write again.
     */
    private boolean renewBefore(long deadline) {
        while (true) {
            if (termEnded.get() || clock.nanoTime() - deadline >= 0) {
                return false;
            }
            boolean succeeded = tryAcquireOrRenew();
            if (succeeded) {
                if (!termEnded.get() && clock.nanoTime() - deadline < 0) {
                    return true;
                }
                if (stopped) {
                    return false;
                }
                // client-go bounds the call itself by the deadline, so a late success never counts.
                LOG.warn("renewal of lease {} finished after the renew deadline; giving up leadership", description);
                return false;
            }
            long next = clock.nanoTime() + retryPeriodNanos;
            if (!waitUntil(next - deadline < 0 ? next : deadline) || clock.nanoTime() - deadline >= 0) {
                return false;
            }
        }
    }

    /**
     * Gives the lock up if this candidate holds it: writes a record with no holder and a one second
     * duration, keeping the transition count read just before (so its resourceVersion is current).
     * Returns whether the lock is not held by us afterwards as far as we know.
     */
    boolean release() {
        Optional<LeaderElectionRecord> current;
        try {
            current = lock.get();
        } catch (RuntimeException e) {
            LOG.error("error retrieving resource lock {} to release it", description, e);
            return false;
        }
        if (current.isEmpty()) {
            LOG.info("lease lock {} not found, nothing to release", description);
            return false;
        }
        if (!holdsRecord() || !current.get().holderIdentity().equals(identity)) {
            // Not ours (any more): a leader resumed after a pause must not overwrite its successor's lease.
            return true;
        }
        Instant now = clock.now();
        LeaderElectionRecord released =
                new LeaderElectionRecord("", 1, now, now, current.get().leaderTransitions());
        try {
            lock.update(released);
        } catch (RuntimeException e) {
            LOG.error("failed to release lock {}", description, e);
            return false;
        }
        setObserved(released);
        LOG.info("released lease {}", description);
        return true;
    }

    /**
     * One attempt (client-go's tryAcquireOrRenew): acquire the lock if it is free or expired as
     * observed on our clock, renew it if we hold it. Returns whether we hold it now.
     */
    boolean tryAcquireOrRenew() {
        Instant now = clock.now();
        long nowNanos = clock.nanoTime();
        int leaseSeconds = (int) settings.leaseDuration().toSeconds();
        LeaderElectionRecord desired = new LeaderElectionRecord(identity, leaseSeconds, now, now, 0);

        // 1. Fast path: the leader updates optimistically, assuming the record it last saw is current.
        if (holdsRecord() && isLeaseValid(nowNanos)) {
            LeaderElectionRecord mine = observed.record();
            LeaderElectionRecord renewed =
                    new LeaderElectionRecord(identity, leaseSeconds, mine.acquireTime(), now, mine.leaderTransitions());
            if (write(
                    lock::update,
                    renewed,
                    "failed to update lock " + description + " optimistically, falling back to slow path")) {
                return true;
            }
        }

        // A term that ended (e.g. while the fast path hung) is never renewed by a fresh write.
        if (termOver()) {
            return false;
        }

        // 2. Read the record, or create it.
        Optional<LeaderElectionRecord> fetched;
        try {
            fetched = lock.get();
        } catch (RuntimeException e) {
            LOG.error("error retrieving resource lock {}", description, e);
            return false;
        }
        if (fetched.isEmpty()) {
            return write(lock::create, desired, "error initially creating leader election record " + description);
        }

        // 3. A changed record restarts the lease duration, measured on our clock from now.
        LeaderElectionRecord old = fetched.get();
        if (!old.equals(lastFetched)) {
            setObserved(old);
            lastFetched = old;
        }
        if (old.isHeld() && isLeaseValid(nowNanos) && !holdsRecord()) {
            LOG.debug("lock {} is held by {} and has not yet expired", description, old.holderIdentity());
            return false;
        }

        // 4. Acquire (one more transition) or renew (keep acquire time and transitions).
        if (holdsRecord()) {
            desired = new LeaderElectionRecord(identity, leaseSeconds, old.acquireTime(), now, old.leaderTransitions());
        } else {
            desired = new LeaderElectionRecord(identity, leaseSeconds, now, now, old.leaderTransitions() + 1);
        }
        if (termOver()) {
            return false;
        }
        return write(lock::update, desired, "failed to update lock " + description);
    }

    /**
     * Writes {@code record} with {@code write} (the lock's create or update); on success remembers it as
     * observed and renewed as of the send, else logs {@code failureLine}. Returns whether it was written.
     */
    private boolean write(Consumer<LeaderElectionRecord> write, LeaderElectionRecord record, String failureLine) {
        long sent = clock.nanoTime();
        try {
            write.accept(record);
        } catch (RuntimeException e) {
            logUpdateFailure(failureLine, e);
            return false;
        }
        setObserved(record);
        setRenewed(sent);
        return true;
    }

    /** Reports the observed holder to onNewLeader when it differs from the last one reported. */
    void maybeReportTransition() {
        String holder = observed.record().holderIdentity();
        if (holder.equals(reportedLeader)) {
            return;
        }
        reportedLeader = holder;
        Consumer<String> callback = settings.onNewLeader();
        if (callback == null) {
            return;
        }
        Runnable report = () -> {
            try {
                callback.accept(holder);
            } catch (RuntimeException e) {
                LOG.error("onNewLeader of {} threw for leader {}", this, holder, e);
            }
        };
        ExecutorService executor = notifier;
        try {
            if (executor == null) {
                report.run(); // called outside run() (package tests): report synchronously
            } else {
                executor.execute(report);
            }
        } catch (RejectedExecutionException e) {
            LOG.warn("onNewLeader of {} not called for leader {}: the election has ended", this, holder, e);
        }
    }

    // ---- observation ----

    private boolean isLeaseValid(long nowNanos) {
        Observation current = observed;
        if (!current.timed()) {
            return false;
        }
        long expiry = current.observedNanos() + current.record().leaseDurationSeconds() * NANOS_PER_SECOND;
        return expiry - nowNanos > 0;
    }

    private void setObserved(LeaderElectionRecord record) {
        observed = new Observation(record, clock.nanoTime(), true);
    }

    /**
     * Remembers a successful write of our record, timed when the request was sent: the server applied
     * it no earlier, so no other candidate can take the lease before {@code sentNanos + leaseDuration},
     * later than the fence at {@code sentNanos + renewDeadline}.
     */
    private void setRenewed(long sentNanos) {
        renewedAtNanos = sentNanos;
        renewedEver = true;
    }

    private void warnStoppedLeading() {
        LOG.warn(
                "stopped leading on lease {}: no renewal succeeded within the renew deadline of {} (last successful "
                        + "renewal {} ago); no further renewal or write",
                description,
                seconds(renewDeadlineNanos),
                seconds(clock.nanoTime() - renewedAtNanos));
    }

    private static String seconds(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.1fs", nanos / 1e9);
    }

    /** Whether a term was running and has ended: then no write may renew it. */
    private boolean termOver() {
        return term != null && termEnded.get();
    }

    /** client-go's IsLeader: whether the last observed record names this candidate (unfenced). */
    private boolean holdsRecord() {
        return observed.record().holderIdentity().equals(identity);
    }

    /**
     * The lazy half of the fence: true once the renew deadline has passed since the last successful
     * renewal of the current term (or the term ended otherwise). The first caller to notice ends the
     * term and runs onStoppedLeading on a new thread, so it fires at once even while the run thread
     * is stuck in a lock call, and this method never blocks.
     */
    boolean fenceTripped() {
        if (termEnded.get()) {
            return true;
        }
        if (!renewedEver || clock.nanoTime() - renewedAtNanos - renewDeadlineNanos < 0) {
            return false;
        }
        if (term != null && endTerm()) {
            warnStoppedLeading();
            Thread callback = settings.threadFactory().newThread(this::fireStoppedLeading);
            callback.start();
        }
        return true;
    }

    @Override
    public boolean isLeader() {
        return holdsRecord() && renewedEver && !fenceTripped();
    }

    @Override
    public String getLeader() {
        return observed.record().holderIdentity();
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public String name() {
        return settings.name();
    }

    @Override
    public Optional<String> check(Duration maxTolerableExpiredLease) {
        Observation current = observed;
        if (!holdsRecord() || !current.timed()) {
            return Optional.empty();
        }
        long tolerated =
                Clock.toNanosSaturated(settings.leaseDuration()) + Clock.toNanosSaturated(maxTolerableExpiredLease);
        long since = clock.nanoTime() - current.observedNanos();
        if (since - tolerated > 0) {
            return Optional.of("failed election to renew leadership on lease " + displayName() + ": last renewed "
                    + Duration.ofNanos(since) + " ago");
        }
        return Optional.empty();
    }

    // ---- helpers ----

    /** Waits {@code nanos} on the clock; false if stopped (or interrupted) first. */
    private boolean waitFor(long nanos) {
        return waitUntil(clock.nanoTime() + nanos);
    }

    /** Waits until the clock reaches {@code deadline}; false if stopped (or interrupted) first. */
    private boolean waitUntil(long deadline) {
        stateLock.lock();
        try {
            while (!stopped && !(term != null && termEnded.get())) {
                if (clock.nanoTime() - deadline >= 0) {
                    return true;
                }
                clock.awaitUntil(stateLock, stopSignal, deadline);
            }
            return false;
        } catch (InterruptedException e) {
            // An interrupt of the run thread is a stop; the status is restored when run() returns.
            interruptedWhileWaiting = true;
            stopped = true;
            stopSignal.signalAll();
            DefaultLeaderContext current = term;
            if (current != null) {
                current.cancel();
            }
            return false;
        } finally {
            stateLock.unlock();
        }
    }

    private void recordEvent(String message) {
        try {
            lock.recordEvent(message);
        } catch (RuntimeException e) {
            LOG.warn("recording event '{}' on lock {} failed", message, description, e);
        }
    }

    private static void logUpdateFailure(String what, RuntimeException e) {
        if (e instanceof StatusException status && (status.isConflict() || status.isAlreadyExists())) {
            // Routine when candidates race or someone else wrote the lock: no stack trace needed.
            LOG.info("{}: {}", what, e.getMessage());
        } else {
            LOG.error(what, e);
        }
    }

    private String displayName() {
        return settings.name().isEmpty() ? description : settings.name();
    }

    @Override
    public String toString() {
        return "LeaderElector[" + displayName() + ", identity=" + identity + "]";
    }
}
