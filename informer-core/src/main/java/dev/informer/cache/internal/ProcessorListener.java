package dev.informer.cache.internal;

import dev.informer.cache.DoneChecker;
import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.ResourceEventHandlerRegistration;
import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays notifications from a {@link SharedProcessor} to one {@link ResourceEventHandler} (client-go's
 * {@code processorListener}): an unbounded {@link RingGrowing} pending buffer and one run thread that
 * delivers from it in order. It is also the handler's {@link ResourceEventHandlerRegistration}.
 *
 * <h2>Threading</h2>
 * <ul>
 *   <li>{@link #add} appends under a short lock and wakes the run thread only if it sleeps: it never
 *       waits for the handler, so a slow handler only grows this listener's buffer. The lock is a
 *       monitor and the run thread sleeps in {@link LockSupport#park}, so neither contention nor
 *       wake-ups allocate: dispatch allocates nothing per listener but ring growth.</li>
 *   <li>The run thread (from the processor's {@link ThreadFactory}) calls the handler with no lock
 *       held, one notification at a time, in {@code add} order. A {@link RuntimeException} from the
 *       handler is logged with its stack trace and delivery goes on with the next notification.</li>
 *   <li>Once stopped (removed, or the processor stopped), pending notifications are dropped and
 *       nothing more is delivered; the thread ends after the handler call in progress, if any. A
 *       bounded stop that gives up on that call interrupts the thread (and clears the flag quietly
 *       once the handler returns).</li>
 *   <li>An optional handler name and logger ({@code HandlerOptions}): the name identifies the handler in
 *       this listener's log lines, metrics and sync checker; the logger receives its log lines.</li>
 *   <li>Resync bookkeeping ({@link #shouldResync}, {@link #determineNextResync}) has its own lock, on
 *       {@link Clock#nanoTime()} readings of the processor's clock.</li>
 * </ul>
 *
 * <p>Created only by {@link SharedProcessor#addListener}; a listener cannot be restarted.
 *
 * @param <T> the object type
 */
public final class ProcessorListener<T> implements ResourceEventHandlerRegistration {

    /** The pending buffer's initial capacity (client-go's {@code initialBufferSize}). */
    public static final int INITIAL_BUFFER_SIZE = 1024;

    private static final Logger LOG = LoggerFactory.getLogger(ProcessorListener.class);

    private final long id;
    private final ResourceEventHandler<? super T> handler;
    // null when the handler was registered without a name
    private final String name;
    private final Logger log;
    // the processor that created this listener
    private final Object owner;
    private final String ownerName;
    private final Clock clock;
    private final SingleFileTracker syncTracker;

    private final Object lock = new Object();
    // @GuardedBy("lock")
    private final RingGrowing<Notification<T>> pending;
    // @GuardedBy("lock")
    private boolean stopped;
    // @GuardedBy("lock") true while the run thread is (about to be) parked: add() and stop() unpark it
    private boolean runThreadWaiting;
    // @GuardedBy("lock")
    private Thread thread;
    // @GuardedBy("lock") set when a bounded stop gave up waiting and interrupted the run thread
    private boolean abandoned;

    private final Object resyncLock = new Object();
    private final Duration requestedResyncPeriod;
    // @GuardedBy("resyncLock") 0 = no resync
    private long resyncPeriodNanos;
    // @GuardedBy("resyncLock")
    private long nextResyncNanos;
    // Whether sync notifications go to this listener now; set by SharedProcessor.shouldResync().
    private volatile boolean syncing = true;

    // Written only by the run thread; volatile so metrics() reads fresh values without the lock.
    private volatile long delivered;
    private volatile long failed;
    private volatile long handlerNanos;

    ProcessorListener(
            long id,
            ResourceEventHandler<? super T> handler,
            Duration requestedResyncPeriod,
            Duration resyncPeriod,
            Clock clock,
            BooleanSupplier upstreamHasSynced,
            int bufferSize) {
        this(
                id,
                handler,
                null,
                null,
                null,
                "processor",
                requestedResyncPeriod,
                resyncPeriod,
                clock,
                upstreamHasSynced,
                bufferSize);
    }

    ProcessorListener(
            long id,
            ResourceEventHandler<? super T> handler,
            String name,
            Logger logger,
            Object owner,
            String ownerName,
            Duration requestedResyncPeriod,
            Duration resyncPeriod,
            Clock clock,
            BooleanSupplier upstreamHasSynced,
            int bufferSize) {
        this.id = id;
        this.handler = Objects.requireNonNull(handler, "handler");
        this.name = name;
        this.log = logger != null ? logger : LOG;
        this.owner = owner;
        this.ownerName = ownerName;
        this.requestedResyncPeriod = requireNonNegative(requestedResyncPeriod, "requestedResyncPeriod");
        this.resyncPeriodNanos =
                requireNonNegative(resyncPeriod, "resyncPeriod").toNanos();
        this.clock = clock;
        this.syncTracker = new SingleFileTracker(Objects.requireNonNull(upstreamHasSynced, "upstreamHasSynced"));
        this.pending = new RingGrowing<>(bufferSize);
        determineNextResync(clock.nanoTime());
    }

    /**
     * Enqueues {@code notification} for delivery; never blocks on the handler. Ignored once the
     * listener is stopped. An initial-list add is counted for {@link #hasSynced()} until delivered.
     */
    public void add(Notification<T> notification) {
        Thread toWake = null;
        synchronized (lock) {
            if (stopped) {
                return;
            }
            if (notification.isInitialListAdd()) {
                syncTracker.start();
            }
            pending.writeOne(notification);
            if (runThreadWaiting) {
                runThreadWaiting = false; // one wake-up per sleep, however many notifications arrive
                toWake = thread;
            }
        }
        if (toWake != null) {
            LockSupport.unpark(toWake);
        }
    }

    @Override
    public boolean hasSynced() {
        return syncTracker.hasSynced();
    }

    @Override
    public ListenerMetrics metrics() {
        int pendingNow;
        int capacity;
        synchronized (lock) {
            pendingNow = pending.len();
            capacity = pending.capacity();
        }
        return new ListenerMetrics(
                id, pendingNow, delivered, failed, Duration.ofNanos(handlerNanos), capacity, name == null ? "" : name);
    }

    /**
     * Named {@code "<informer>/<handler name>"}, or {@code "<informer>/listener <id>"} for a handler
     * registered without a name.
     */
    @Override
    public DoneChecker hasSyncedChecker() {
        return DoneChecker.of(ownerName + "/" + (name != null ? name : "listener " + id), this::hasSynced);
    }

    /** The handler's name, or {@code null} if it was registered without one. */
    public String name() {
        return name;
    }

    /** The logger this listener logs to: the handler's own, or this class's. */
    public Logger logger() {
        return log;
    }

    /** The handler for log lines: its name (and class) when it has one, else its class and description. */
    public String describeHandler() {
        String described = SharedProcessor.describe(handler);
        return name == null ? described : "'" + name + "' (" + described + ")";
    }

    boolean ownedBy(Object processor) {
        return owner == processor;
    }

    /** This listener's number within its processor, from 1. */
    public long id() {
        return id;
    }

    /** The handler this listener delivers to. */
    public ResourceEventHandler<? super T> handler() {
        return handler;
    }

    /** The resync period the handler asked for (after the informer's minimum), as registered. */
    public Duration requestedResyncPeriod() {
        return requestedResyncPeriod;
    }

    /** The resync period in effect; zero means this listener never gets sync notifications. */
    public Duration resyncPeriod() {
        synchronized (resyncLock) {
            return Duration.ofNanos(resyncPeriodNanos);
        }
    }

    /** Changes the resync period in effect (the informer's resync check period changed). */
    public void setResyncPeriod(Duration resyncPeriod) {
        long nanos = requireNonNegative(resyncPeriod, "resyncPeriod").toNanos();
        synchronized (resyncLock) {
            resyncPeriodNanos = nanos;
        }
    }

    /**
     * Whether a resync is due at {@code nowNanos} (a {@link Clock#nanoTime()} reading): never when the
     * resync period is zero, otherwise once {@code nowNanos} reaches the next resync time.
     */
    public boolean shouldResync(long nowNanos) {
        synchronized (resyncLock) {
            return resyncPeriodNanos != 0 && nowNanos - nextResyncNanos >= 0;
        }
    }

    /** Schedules the next resync one resync period after {@code nowNanos}. */
    public void determineNextResync(long nowNanos) {
        synchronized (resyncLock) {
            nextResyncNanos = nowNanos + resyncPeriodNanos;
        }
    }

    boolean syncing() {
        return syncing;
    }

    void setSyncing(boolean syncing) {
        this.syncing = syncing;
    }

    /**
     * Starts the run thread.
     *
     * @throws IllegalStateException if already started or stopped, or the factory returned no thread
     */
    void start(ThreadFactory threadFactory) {
        Thread created;
        synchronized (lock) {
            if (thread != null || stopped) {
                throw new IllegalStateException("listener " + id + " was already " + (stopped ? "stopped" : "started"));
            }
            created = threadFactory.newThread(this::run);
            if (created == null) {
                throw new IllegalStateException("the processor's ThreadFactory returned null for listener " + id);
            }
            thread = created;
        }
        created.start();
    }

    /** Stops delivery: drops pending notifications and lets the run thread end. Idempotent; never blocks. */
    void stop() {
        Thread toWake;
        synchronized (lock) {
            stopped = true;
            pending.clear();
            runThreadWaiting = false;
            toWake = thread;
        }
        if (toWake != null) {
            LockSupport.unpark(toWake);
        }
    }

    /**
     * Gives up on a stopped listener whose handler call outlived the stop grace period: interrupts the
     * run thread (once) so that a blocking handler can return. Returns whether it interrupted it now
     * (false if the thread has ended, never started, or was abandoned before).
     */
    boolean abandon() {
        Thread runThread;
        synchronized (lock) {
            if (abandoned || thread == null || !thread.isAlive()) {
                return false;
            }
            abandoned = true;
            runThread = thread;
        }
        runThread.interrupt();
        return true;
    }

    private boolean isStopped() {
        synchronized (lock) {
            return stopped;
        }
    }

    /** The run thread, or {@code null} if never started. */
    Thread thread() {
        synchronized (lock) {
            return thread;
        }
    }

    /**
     * Waits (real time, bounded) for the run thread to end; true if it has ended or never started.
     * Returns false at once when called from the run thread itself (a handler stopping its own
     * informer): that thread ends when the handler call returns.
     */
    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        Thread runThread = thread();
        if (runThread == null) {
            return true;
        }
        if (runThread == Thread.currentThread()) {
            return false;
        }
        unit.timedJoin(runThread, timeout);
        return !runThread.isAlive();
    }

    private void run() {
        boolean normalExit = false;
        try {
            Notification<T> notification;
            while ((notification = next()) != null) {
                deliver(notification);
            }
            normalExit = true;
        } catch (InterruptedException e) {
            log.warn(
                    "listener {} for handler {} was interrupted; it delivers no more notifications",
                    id,
                    describeHandler(),
                    e);
            Thread.currentThread().interrupt();
            normalExit = true;
        } finally {
            if (!normalExit) {
                log.error(
                        "listener {} for handler {} ended abnormally; it delivers no more notifications",
                        id,
                        describeHandler());
            }
            stop(); // a dead listener must not keep buffering
        }
    }

    /** Blocks until a notification is pending (returns it) or the listener stops (returns null). */
    private Notification<T> next() throws InterruptedException {
        while (true) {
            synchronized (lock) {
                if (stopped) {
                    return null;
                }
                Notification<T> notification = pending.readOne();
                if (notification != null) {
                    runThreadWaiting = false;
                    return notification;
                }
                runThreadWaiting = true;
            }
            // An unpark between releasing the lock and parking leaves a permit: park returns at once.
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException("listener " + id + " was interrupted while waiting for notifications");
            }
        }
    }

    private void deliver(Notification<T> notification) {
        long start = clock.nanoTime();
        try {
            notification.deliverTo(handler);
        } catch (RuntimeException e) {
            failed++;
            log.error(
                    "event handler {} (listener {}) threw on a notification of type {}; it keeps receiving later ones",
                    name != null ? describeHandler() : handler,
                    id,
                    notification.getClass().getSimpleName(),
                    e);
        } finally {
            // A handler that leaves its thread interrupted must not end its own listener; stopping
            // goes through the stopped flag, never through an interrupt.
            if (Thread.interrupted() && !isStopped()) {
                log.warn(
                        "event handler {} (listener {}) left its thread interrupted; the flag is cleared and the "
                                + "listener keeps delivering",
                        name != null ? describeHandler() : handler,
                        id);
            }
            handlerNanos += clock.nanoTime() - start;
            delivered++;
            // A failed initial-list add still counts as handled, or hasSynced would never become true.
            if (notification.isInitialListAdd()) {
                syncTracker.finished();
            }
        }
    }

    private static Duration requireNonNegative(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative: " + duration);
        }
        return duration;
    }

    @Override
    public String toString() {
        return "ProcessorListener[" + id + (name != null ? ", name=" + name : "") + ", handler=" + handler + "]";
    }
}
