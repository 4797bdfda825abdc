package dev.informer.cache.internal;

import dev.informer.cache.DoneChecker;
import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.ResourceEventHandlerRegistration;
import dev.informer.clock.Clock;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Relays notifications from a {@link SharedProcessor} to one {@link ResourceEventHandler} (client-go's
 * {@code processorListener}): an unbounded {@link RingGrowing} pending buffer delivered from in order,
 * either by a dedicated run thread or by turns on the processor's worker pool (see
 * {@link dev.informer.cache.DispatchMode}). It is also the handler's {@link ResourceEventHandlerRegistration}.
 *
 * <h2>Threading</h2>
 * <ul>
 *   <li>{@link #add} appends under a short lock and never waits for the handler, so a slow handler only
 *       grows this listener's buffer. With a dedicated thread it wakes that thread only if it sleeps;
 *       on a pool it schedules the listener only on the idle-to-scheduled transition, so a listener is
 *       queued at most once and run by one worker at a time. The lock is a {@link ReentrantLock} (a
 *       virtual run thread never pins its carrier on it); sleeping is {@link LockSupport#park}.</li>
 *   <li>The run thread (from the processor's {@link ThreadFactory}) or pool worker calls the handler
 *       with no lock held, one notification at a time, in {@code add} order, never concurrently with
 *       itself; a pool turn delivers at most {@link dev.informer.cache.DispatchMode#BATCH_SIZE}
 *       notifications, then yields the worker. A {@link RuntimeException} from the handler is logged
 *       with its stack trace and delivery goes on with the next notification.</li>
 *   <li>On a pool, a handler call that outlives the slow-handler threshold makes the pool's watchdog
 *       detach that worker: the listener keeps the thread as its own from then on.</li>
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
public final class ProcessorListener<T> extends PoolTask implements ResourceEventHandlerRegistration {

    /** The pending buffer's initial capacity (client-go's {@code initialBufferSize}). */
    public static final int INITIAL_BUFFER_SIZE = 1024;

    private static final Logger LOG = LoggerFactory.getLogger(ProcessorListener.class);

    private final long id;
    private final ResourceEventHandler<? super T> handler;
    // null when the handler was registered without a name
    private final @Nullable String name;
    private final Logger log;
    // the processor that created this listener
    private final @Nullable Object owner;
    private final String ownerName;
    private final Clock clock;
    private final SingleFileTracker syncTracker;

    private final ReentrantLock lock = new ReentrantLock();
    // @GuardedBy("lock")
    private final RingGrowing<Notification<T>> pending;
    // written under lock; volatile so that a pool worker sees a stop between the notifications of a chunk
    private volatile boolean stopped;
    // notifications a pool worker has taken from the ring and not yet handed to the handler (metrics)
    private volatile int inHand;
    // @GuardedBy("lock")
    private boolean started;
    // @GuardedBy("lock") true while the run thread is (about to be) parked: add() and stop() unpark it
    private boolean runThreadWaiting;
    // @GuardedBy("lock") the dedicated run thread (its own, or a pool worker detached by the watchdog)
    private @Nullable Thread thread;
    // @GuardedBy("lock") the pool this listener runs on; null with a dedicated thread
    private @Nullable ListenerPool pool;
    // @GuardedBy("lock") queued on or running on the pool: add() does not schedule it again
    private boolean scheduled;
    // @GuardedBy("lock") the pool worker running a turn of this listener now, if any
    private @Nullable Thread turnThread;
    // counted down once no handler call is in progress and none will ever start again
    private final CountDownLatch ended = new CountDownLatch(1);
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

    // Written only by the run thread (release stores through COUNTERS, no fence per handler call), read
    // by metrics() with acquire loads: fresh values without the lock.
    private long delivered;
    private long failed;
    private long handlerNanos;
    private static final VarHandle DELIVERED;
    private static final VarHandle FAILED;
    private static final VarHandle HANDLER_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            DELIVERED = lookup.findVarHandle(ProcessorListener.class, "delivered", long.class);
            FAILED = lookup.findVarHandle(ProcessorListener.class, "failed", long.class);
            HANDLER_NANOS = lookup.findVarHandle(ProcessorListener.class, "handlerNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
            @Nullable String name,
            @Nullable Logger logger,
            @Nullable Object owner,
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
        if (addDeferringSchedule(notification)) {
            // true only on a pool: pool was set (under the lock, before) and never changes back
            Objects.requireNonNull(pool, "pool").schedule(this);
        }
    }

    /**
     * As {@link #add}, but when the listener goes from idle to scheduled on its pool it is not queued:
     * returns true and the caller must hand it to the pool ({@link ListenerPool#scheduleAll}), so a
     * distribute queues all its newly scheduled listeners at once.
     */
    boolean addDeferringSchedule(Notification<T> notification) {
        Thread toWake = null;
        boolean toSchedule = false;
        lockFast();
        try {
            if (stopped) {
                return false;
            }
            if (notification.isInitialListAdd()) {
                syncTracker.start();
            }
            pending.writeOne(notification);
            if (runThreadWaiting) {
                runThreadWaiting = false; // one wake-up per sleep, however many notifications arrive
                toWake = thread;
            } else if (pool != null && thread == null && !scheduled) {
                scheduled = true; // idle -> scheduled: queued once however many notifications arrive
                toSchedule = true;
            }
        } finally {
            lock.unlock();
        }
        if (toWake != null) {
            LockSupport.unpark(toWake);
        }
        return toSchedule;
    }

    /**
     * As {@link #addDeferringSchedule} for {@code count} notifications of {@code notifications} at once,
     * in order, under one lock acquisition (a processor's fan-out of a batch). Returns true when the
     * listener went from idle to scheduled: the caller must hand it to the pool.
     */
    @SuppressWarnings("unchecked")
    boolean addAllDeferringSchedule(Object[] notifications, int count) {
        Thread toWake = null;
        boolean toSchedule = false;
        lockFast();
        try {
            if (stopped) {
                return false;
            }
            for (int i = 0; i < count; i++) {
                Notification<T> notification = (Notification<T>) notifications[i];
                if (notification.isInitialListAdd()) {
                    syncTracker.start();
                }
                pending.writeOne(notification);
            }
            if (runThreadWaiting) {
                runThreadWaiting = false;
                toWake = thread;
            } else if (pool != null && thread == null && !scheduled) {
                scheduled = true;
                toSchedule = true;
            }
        } finally {
            lock.unlock();
        }
        if (toWake != null) {
            LockSupport.unpark(toWake);
        }
        return toSchedule;
    }

    @Override
    public boolean hasSynced() {
        return syncTracker.hasSynced();
    }

    @Override
    public ListenerMetrics metrics() {
        int pendingNow;
        int capacity;
        lockFast();
        try {
            pendingNow = pending.len()
                    + (stopped
                            ? 0
                            : inHand + (owner instanceof SharedProcessor<?> processor ? processor.inboxed() : 0));
            capacity = pending.capacity();
        } finally {
            lock.unlock();
        }
        return new ListenerMetrics(
                id,
                pendingNow,
                (long) DELIVERED.getAcquire(this),
                (long) FAILED.getAcquire(this),
                Duration.ofNanos((long) HANDLER_NANOS.getAcquire(this)),
                capacity,
                name == null ? "" : name);
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
    public @Nullable String name() {
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
     * Starts a dedicated run thread from {@code threadFactory}.
     *
     * @throws IllegalStateException if already started or stopped, or the factory returned no thread
     */
    void start(ThreadFactory threadFactory) {
        Thread created;
        lockFast();
        try {
            requireStartable();
            created = threadFactory.newThread(this::run);
            if (created == null) {
                throw new IllegalStateException("the processor's ThreadFactory returned null for listener " + id);
            }
            thread = created;
            started = true;
        } finally {
            lock.unlock();
        }
        created.start();
    }

    /**
     * Starts delivering by turns on {@code workers}; schedules the listener at once if notifications are
     * pending.
     *
     * @throws IllegalStateException if already started or stopped
     */
    void start(ListenerPool workers) {
        boolean schedule;
        lockFast();
        try {
            requireStartable();
            pool = Objects.requireNonNull(workers, "workers");
            started = true;
            schedule = pending.len() > 0;
            scheduled = schedule;
        } finally {
            lock.unlock();
        }
        if (schedule) {
            workers.schedule(this);
        }
    }

    // @GuardedBy("lock")
    private void requireStartable() {
        if (started || stopped) {
            throw new IllegalStateException("listener " + id + " was already " + (stopped ? "stopped" : "started"));
        }
    }

    /** Stops delivery: drops pending notifications and lets the run thread end. Idempotent; never blocks. */
    void stop() {
        Thread toWake;
        lockFast();
        try {
            stopped = true;
            pending.clear();
            runThreadWaiting = false;
            toWake = thread;
            if (thread == null && turnThread == null) {
                ended.countDown(); // no handler call in progress, and none will start
            }
        } finally {
            lock.unlock();
        }
        if (toWake != null) {
            LockSupport.unpark(toWake);
        }
    }

    /**
     * Gives up on a stopped listener whose handler call outlived the stop grace period: interrupts the
     * thread running it (once) so that a blocking handler can return. Returns the thread it interrupted
     * now, or null (no handler call in progress, or abandoned before).
     */
    @Nullable
    Thread abandon() {
        Thread runThread;
        lockFast();
        try {
            runThread = thread != null ? thread : turnThread;
            if (abandoned || runThread == null || !runThread.isAlive()) {
                return null;
            }
            abandoned = true;
        } finally {
            lock.unlock();
        }
        runThread.interrupt();
        return runThread;
    }

    private boolean isStopped() {
        return stopped;
    }

    /**
     * Whether the calling thread is the one delivering to this listener (its handler is calling): a
     * wait for this listener's termination from there could never end.
     */
    boolean runsOnCurrentThread() {
        Thread current = Thread.currentThread();
        lockFast();
        try {
            return thread == current || turnThread == current;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits (real time, bounded) until no handler call is in progress and none will start (and a
     * dedicated run thread has ended); true if so or if never started. Returns false at once when called
     * from the delivering thread itself (a handler stopping its own informer): delivery ends when the
     * handler call returns.
     */
    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        Thread runThread;
        lockFast();
        try {
            if (!started) {
                return true;
            }
            runThread = thread;
        } finally {
            lock.unlock();
        }
        if (runsOnCurrentThread()) {
            return false;
        }
        if (!ended.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            return false;
        }
        lockFast();
        try {
            runThread = thread; // a pool worker detached meanwhile
        } finally {
            lock.unlock();
        }
        if (runThread == null) {
            return true;
        }
        TimeUnit.NANOSECONDS.timedJoin(runThread, Math.max(0, deadline - System.nanoTime()));
        return !runThread.isAlive();
    }

    /**
     * One pool turn on {@code worker}: delivers up to {@link dev.informer.cache.DispatchMode#BATCH_SIZE}
     * pending notifications. Called only by the worker that dequeued this listener.
     */
    @SuppressWarnings("unchecked")
    @Override
    Turn runTurn(ListenerPool.Worker worker) {
        Thread current = Thread.currentThread();
        Object[] chunk = worker.chunk;
        int count = 0;
        while (true) {
            int taken;
            lockFast();
            try {
                if (stopped) {
                    scheduled = false;
                    turnThread = null;
                    ended.countDown();
                    return Turn.DONE;
                }
                taken = count < dev.informer.cache.DispatchMode.BATCH_SIZE
                        ? pending.readMany(
                                chunk, Math.min(chunk.length, dev.informer.cache.DispatchMode.BATCH_SIZE - count))
                        : 0;
                if (taken == 0) {
                    turnThread = null;
                    if (pending.len() > 0) {
                        return Turn.MORE; // still scheduled: the worker queues it at the tail
                    }
                    scheduled = false;
                    return Turn.DONE;
                }
                turnThread = current;
                inHand = taken;
            } finally {
                lock.unlock();
            }
            for (int i = 0; i < taken; i++) {
                Notification<T> notification = (Notification<T>) chunk[i];
                chunk[i] = null;
                if (stopped) {
                    java.util.Arrays.fill(chunk, i, taken, null);
                    inHand = 0;
                    break; // the next round sees the stop
                }
                inHand = taken - i - 1;
                if (!deliver(notification, worker)) {
                    return detach(current, chunk, i + 1, taken);
                }
            }
            count += taken;
        }
    }

    /**
     * The watchdog detached the worker running this listener: the thread becomes the listener's own.
     * It first delivers the rest of the chunk it had taken (they precede what is in the ring).
     */
    @SuppressWarnings("unchecked")
    private Turn detach(Thread current, Object[] chunk, int from, int taken) {
        lockFast();
        try {
            thread = current;
            turnThread = null;
            scheduled = false;
        } finally {
            lock.unlock();
        }
        log.warn(
                "event handler {} (listener {}) ran longer than the slow-handler threshold; it keeps thread {} "
                        + "as its own and the other handlers go on on the pool",
                describeHandler(),
                id,
                current.getName());
        for (int i = from; i < taken; i++) {
            Notification<T> notification = (Notification<T>) chunk[i];
            chunk[i] = null;
            inHand = taken - i - 1;
            if (!stopped) {
                deliver(notification, null);
            }
        }
        inHand = 0;
        return Turn.DETACHED;
    }

    /**
     * Locks the listener lock, spinning briefly first: the critical sections are a few ring operations,
     * so waiting a moment beats parking (a ReentrantLock parks a contending thread at once).
     */
    private void lockFast() {
        for (int i = 0; i < 64; i++) {
            if (lock.tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        lock.lock();
    }

    /** Runs the dedicated loop on the calling pool worker, which the watchdog gave to this listener. */
    @Override
    void runDetached() {
        run();
    }

    private void run() {
        boolean normalExit = false;
        try {
            Notification<T> notification;
            while ((notification = next()) != null) {
                deliver(notification, null);
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
            ended.countDown();
        }
    }

    /** Blocks until a notification is pending (returns it) or the listener stops (returns null). */
    private @Nullable Notification<T> next() throws InterruptedException {
        while (true) {
            lockFast();
            try {
                if (stopped) {
                    return null;
                }
                Notification<T> notification = pending.readOne();
                if (notification != null) {
                    runThreadWaiting = false;
                    return notification;
                }
                runThreadWaiting = true;
            } finally {
                lock.unlock();
            }
            // An unpark between releasing the lock and parking leaves a permit: park returns at once.
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException("listener " + id + " was interrupted while waiting for notifications");
            }
        }
    }

    /**
     * Delivers one notification, reporting the call to {@code worker} (null on a dedicated thread).
     * Returns false if the watchdog detached the worker during the call.
     */
    private boolean deliver(Notification<T> notification, ListenerPool.@Nullable Worker worker) {
        long start = clock.nanoTime();
        if (worker != null) {
            worker.enterHandler(start);
        }
        boolean attached = true;
        try {
            notification.deliverTo(handler);
        } catch (RuntimeException e) {
            FAILED.setRelease(this, failed + 1);
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
            HANDLER_NANOS.setRelease(this, handlerNanos + (clock.nanoTime() - start));
            DELIVERED.setRelease(this, delivered + 1);
            // A failed initial-list add still counts as handled, or hasSynced would never become true.
            if (notification.isInitialListAdd()) {
                syncTracker.finished();
            }
            if (worker != null) {
                attached = worker.exitHandler();
            }
        }
        return attached;
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
