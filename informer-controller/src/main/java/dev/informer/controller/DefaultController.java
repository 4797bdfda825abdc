package dev.informer.controller;

import dev.informer.cache.CancellationToken;
import dev.informer.clock.Clock;
import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.RateLimitingQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's queue, workers and reconcile watchdog (controller-runtime's {@code
 * internal/controller.Controller}). Started once by its manager with a fence (whether this process
 * may reconcile now); stopped by {@link #stopTakingWork} (drain) and, past the drain deadline, {@link
 * #interruptInFlight}.
 *
 * <p>Each reconcile runs on the worker thread itself, so a key is held (not done) until its
 * reconciler returns; a reconcile that exceeds the timeout is interrupted and cancelled by the
 * watchdog thread, and whatever it returns then counts as an error.
 */
final class DefaultController implements Controller {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultController.class);

    private final String name;
    private final Reconciler<Request> reconciler;
    private final RateLimitingQueue<Request> queue;
    private final int workerCount;
    private final @Nullable Duration timeout;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final Map<ReconcileOutcome, CounterMetric> totals = new EnumMap<>(ReconcileOutcome.class);
    private final CounterMetric errors;
    private final HistogramMetric reconcileTime;
    private final GaugeMetric activeWorkersMetric;
    private final ControllerMetrics metrics;

    private final Lock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // @GuardedBy("lock"): the reconciles under way, by worker thread
    private final Map<Thread, Slot> slots = new HashMap<>();
    // @GuardedBy("lock")
    private final List<Thread> workers = new ArrayList<>();
    // @GuardedBy("lock")
    private boolean started;
    // @GuardedBy("lock")
    private boolean stopping;

    private final AtomicInteger active = new AtomicInteger();
    private final AtomicBoolean warnedNotLeading = new AtomicBoolean();
    private volatile BooleanSupplier fence = () -> false;

    /** One reconcile under way: its key, cancellation, deadline, and whether it was interrupted. */
    private static final class Slot {
        final Request request;
        final CancellationToken cancellation = new CancellationToken();
        final long deadlineNanos;
        boolean interrupted;
        boolean timedOut;

        Slot(Request request, long deadlineNanos) {
            this.request = request;
            this.deadlineNanos = deadlineNanos;
        }
    }

    DefaultController(
            String name,
            Reconciler<Request> reconciler,
            RateLimitingQueue<Request> queue,
            int workerCount,
            @Nullable Duration timeout,
            Clock clock,
            ThreadFactory threadFactory,
            ControllerMetrics metrics) {
        this.name = name;
        this.reconciler = reconciler;
        this.queue = queue;
        this.workerCount = workerCount;
        this.timeout = timeout;
        this.clock = clock;
        this.threadFactory = threadFactory;
        this.metrics = metrics;
        for (ReconcileOutcome outcome : ReconcileOutcome.values()) {
            totals.put(outcome, metrics.newReconcileTotalMetric(name, outcome));
        }
        this.errors = metrics.newReconcileErrorsMetric(name);
        this.reconcileTime = metrics.newReconcileTimeMetric(name);
        this.activeWorkersMetric = metrics.newActiveWorkersMetric(name);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int maxConcurrentReconciles() {
        return workerCount;
    }

    @Override
    public void enqueue(Request request) {
        queue.add(java.util.Objects.requireNonNull(request, "request"));
    }

    @Override
    public int queueLength() {
        return queue.len();
    }

    @Override
    public int activeWorkers() {
        return active.get();
    }

    @Override
    public String toString() {
        return "controller " + name;
    }

    /**
     * Starts the workers (and the watchdog when a timeout is set). {@code fence} is asked right before
     * every reconcile; when it says no, the key is dropped unreconciled (the leader reconciles it).
     */
    void start(BooleanSupplier fence) {
        lock.lock();
        try {
            if (started || stopping) {
                return;
            }
            started = true;
            this.fence = fence;
            metrics.newMaxConcurrentReconcilesMetric(name).set(workerCount);
            for (int i = 0; i < workerCount; i++) {
                Thread worker = threadFactory.newThread(this::runWorker);
                workers.add(worker);
            }
            if (timeout != null) {
                Thread watchdog = threadFactory.newThread(this::runWatchdog);
                watchdog.start();
            }
            workers.forEach(Thread::start);
        } finally {
            lock.unlock();
        }
        LOG.info("controller {} started {} workers", name, workerCount);
    }

    /**
     * Stops handing out keys: workers finish the reconcile they are in and end; queued keys are
     * dropped. With {@code cancelInFlight} (leadership lost), the reconciles under way are cancelled
     * and interrupted at once instead of drained. Idempotent.
     */
    void stopTakingWork(boolean cancelInFlight) {
        lock.lock();
        try {
            stopping = true;
            changed.signalAll();
            if (cancelInFlight) {
                interruptLocked("leadership lost");
            }
        } finally {
            lock.unlock();
        }
        queue.shutDown();
    }

    /** Waits (real time, it waits for threads) until every worker ended or the deadline passed. */
    boolean awaitWorkers(long deadlineNanos) throws InterruptedException {
        List<Thread> toJoin;
        lock.lock();
        try {
            toJoin = new ArrayList<>(workers);
        } finally {
            lock.unlock();
        }
        for (Thread worker : toJoin) {
            long left = deadlineNanos - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(worker, left);
            }
            if (worker.isAlive()) {
                return false;
            }
        }
        return true;
    }

    /** Cancels and interrupts every reconcile under way; returns their keys. */
    List<Request> interruptInFlight(String why) {
        lock.lock();
        try {
            return interruptLocked(why);
        } finally {
            lock.unlock();
        }
    }

    private List<Request> interruptLocked(String why) {
        List<Request> keys = new ArrayList<>();
        slots.forEach((thread, slot) -> {
            keys.add(slot.request);
            if (!slot.interrupted) {
                slot.interrupted = true;
                slot.cancellation.cancel();
                thread.interrupt();
                LOG.debug("controller {}: interrupting the reconcile of {}: {}", name, slot.request, why);
            }
        });
        return keys;
    }

    /** Empty while every worker started is alive (or the controller was stopped), else the reason. */
    Optional<String> deadWorker() {
        lock.lock();
        try {
            if (stopping) {
                return Optional.empty();
            }
            for (Thread worker : workers) {
                if (!worker.isAlive()) {
                    return Optional.of("controller " + name + ": worker " + worker.getName() + " has ended");
                }
            }
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    private boolean isStopping() {
        lock.lock();
        try {
            return stopping;
        } finally {
            lock.unlock();
        }
    }

    private void runWorker() {
        try {
            for (Optional<Request> item = queue.get(); item.isPresent(); item = queue.get()) {
                Request request = item.get();
                try {
                    process(request);
                } finally {
                    queue.done(request);
                }
            }
        } catch (InterruptedException e) {
            if (!isStopping()) {
                LOG.warn(
                        "controller {}: worker {} interrupted while waiting for work; it ends",
                        name,
                        Thread.currentThread().getName());
            }
            Thread.currentThread().interrupt();
        }
    }

    private void process(Request request) {
        if (isStopping()) {
            return;
        }
        if (!fence.getAsBoolean()) {
            queue.forget(request);
            if (!warnedNotLeading.getAndSet(true)) {
                LOG.warn(
                        "controller {}: this process does not lead; {} and later keys are not reconciled",
                        name,
                        request);
            }
            return;
        }
        Slot slot = begin(request);
        active.incrementAndGet();
        activeWorkersMetric.inc();
        long start = clock.nanoTime();
        Result result = null;
        Exception failure = null;
        try {
            result = reconciler.reconcile(request, slot.cancellation);
        } catch (Exception e) {
            failure = e;
        } finally {
            end(slot);
            activeWorkersMetric.dec();
            active.decrementAndGet();
            reconcileTime.observe((clock.nanoTime() - start) / 1e9);
        }
        ReconcileOutcome outcome;
        if (slot.timedOut) {
            outcome = ReconcileOutcome.ERROR;
            LOG.warn(
                    "controller {}: reconcile of {} exceeded the timeout of {}; requeued with backoff",
                    name,
                    request,
                    timeout);
            queue.addRateLimited(request);
        } else if (failure != null) {
            outcome = ReconcileOutcome.ERROR;
            LOG.warn(
                    "controller {}: reconcile of {} failed, requeued with backoff: {}",
                    name,
                    request,
                    failure.toString());
            LOG.debug("controller {}: reconcile of {} failed", name, request, failure);
            queue.addRateLimited(request);
        } else if (result == null || result.kind() == Result.Kind.DONE) {
            outcome = ReconcileOutcome.SUCCESS;
            queue.forget(request);
        } else if (result.kind() == Result.Kind.REQUEUE) {
            outcome = ReconcileOutcome.REQUEUE;
            queue.addRateLimited(request);
        } else {
            outcome = ReconcileOutcome.REQUEUE_AFTER;
            queue.forget(request);
            queue.addAfter(request, result.delay());
        }
        total(outcome).inc();
        if (outcome == ReconcileOutcome.ERROR) {
            errors.inc();
        }
    }

    private CounterMetric total(ReconcileOutcome outcome) {
        CounterMetric total = totals.get(outcome);
        if (total == null) {
            // The constructor registers a counter for every outcome.
            throw new IllegalStateException("controller " + name + " has no reconcile counter for " + outcome);
        }
        return total;
    }

    private Slot begin(Request request) {
        long deadline =
                timeout == null ? Long.MAX_VALUE : saturatedAdd(clock.nanoTime(), Clock.toNanosSaturated(timeout));
        Slot slot = new Slot(request, deadline);
        lock.lock();
        try {
            slots.put(Thread.currentThread(), slot);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        return slot;
    }

    private void end(Slot slot) {
        lock.lock();
        try {
            slots.remove(Thread.currentThread());
            changed.signalAll();
            if (slot.interrupted) {
                // The interrupt was meant for this reconcile only: the worker goes on with the next key.
                Thread.interrupted();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Interrupts and cancels each reconcile that passed its deadline, waiting on the clock in between. */
    private void runWatchdog() {
        lock.lock();
        try {
            while (!(stopping && slots.isEmpty())) {
                long now = clock.nanoTime();
                long next = Long.MAX_VALUE;
                for (Map.Entry<Thread, Slot> entry : slots.entrySet()) {
                    Slot slot = entry.getValue();
                    if (slot.interrupted) {
                        continue;
                    }
                    if (now - slot.deadlineNanos >= 0) {
                        slot.timedOut = true;
                        slot.interrupted = true;
                        slot.cancellation.cancel();
                        entry.getKey().interrupt();
                    } else {
                        next = Math.min(next, slot.deadlineNanos);
                    }
                }
                if (next == Long.MAX_VALUE) {
                    changed.await();
                } else {
                    clock.awaitUntil(lock, changed, next);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
