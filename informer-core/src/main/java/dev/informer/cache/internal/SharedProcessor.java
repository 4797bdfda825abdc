package dev.informer.cache.internal;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.ResourceEventHandlerRegistration;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fans an informer's notifications out to its {@link ProcessorListener}s (client-go's
 * {@code sharedProcessor}). Non-sync notifications go to every listener; sync notifications (periodic
 * resyncs) only to the listeners that {@link #shouldResync()} last found due.
 *
 * <h2>Threading and ordering</h2>
 * <ul>
 *   <li>{@link #distribute} reads a copy-on-write array of listeners without locking and appends the
 *       same notification instance to each listener's buffer: no allocation per listener, and it
 *       never waits for a handler.</li>
 *   <li>Each listener sees the notifications in the order {@code distribute} was called for it (per
 *       calling thread; the informer calls it from its single processing thread).</li>
 *   <li>Every method is thread-safe. For a handler to see an exact event stream (no event both
 *       missed and replayed), the caller serializes {@code addListener}, its replay of the store
 *       and {@code distribute}, as the informer does with its delta lock.</li>
 * </ul>
 *
 * <h2>Dispatch mode</h2>
 * A {@link DispatchMode} chooses how the listeners' loops run: on a small worker pool shared by this
 * processor's listeners (the default; {@link ListenerPool}), on one platform thread per listener, or on
 * one virtual thread per listener. Every mode keeps each listener's ordered buffer, never calls one
 * handler concurrently with itself, and keeps a slow handler from delaying the others.
 *
 * <h2>Lifecycle</h2>
 * Listeners added before {@link #start()} buffer until it; after it they start at once.
 * {@link #stop()} stops every listener (pending notifications are dropped) and joins their threads;
 * {@link #stop(Duration, String)} waits at most a grace period, then names and interrupts the handlers
 * still running and leaves them behind. The processor cannot be restarted, and adding a listener to a stopped processor throws
 * {@link IllegalStateException}.
 *
 * @param <T> the object type
 */
public final class SharedProcessor<T> {

    private static final Logger LOG = LoggerFactory.getLogger(SharedProcessor.class);
    private static final int INBOX_INITIAL_CAPACITY = 64;

    private final String name;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final int bufferSize;
    private final DispatchMode mode;
    // the worker pool of DispatchMode.pooled(); null in the other modes
    private final @Nullable ListenerPool pool;

    private final Object lock = new Object();
    // Copy-on-write under lock, read lock-free by distribute().
    private volatile ProcessorListener<T>[] listeners = newArray(0);
    // @GuardedBy("lock") every listener whose thread was started and has not been joined, removed or
    // not: stop() joins them all
    private final List<ProcessorListener<T>> started = new ArrayList<>();
    // @GuardedBy("lock")
    private boolean running;
    // @GuardedBy("lock")
    private boolean stopped;
    // @GuardedBy("lock")
    private long nextListenerId = 1;

    // DispatchMode.pooled() only: distribute() appends to this inbox and the pool's fan-out task copies
    // it into the listeners' buffers on a worker, so the distributing thread touches no listener.
    private final FanOut fanOut = new FanOut();
    // serializes fan-outs (the task's, and a sync distribute's or addListener's flush) so that every
    // listener's buffer receives the notifications in distribute order
    private final ReentrantLock fanOutLock = new ReentrantLock();
    // guards inbox, inboxSize, fanOutScheduled
    private final Object inboxLock = new Object();
    // @GuardedBy("inboxLock")
    private Object[] inbox = new Object[INBOX_INITIAL_CAPACITY];
    // @GuardedBy("fanOutLock") the drained array, handed back to the inbox after its fan-out
    private Object[] spareInbox = new Object[INBOX_INITIAL_CAPACITY];
    // @GuardedBy("inboxLock")
    private int inboxSize;
    // @GuardedBy("inboxLock") the fan-out task is queued on the pool or running
    private boolean fanOutScheduled;
    // notifications in the inbox or being fanned out (metrics), and the initial-list adds among them
    // (registrations' hasSynced): counted up by distribute, down once the fan-out has buffered them
    private final AtomicInteger inboxed = new AtomicInteger();
    private final AtomicInteger initialAddsInboxed = new AtomicInteger();
    // set once the pool and listeners run; distribute() uses the inbox only then
    private volatile boolean inboxActive;

    /** A processor whose listeners' buffers start at {@link ProcessorListener#INITIAL_BUFFER_SIZE}. */
    public SharedProcessor(Clock clock, ThreadFactory threadFactory) {
        this(clock, threadFactory, ProcessorListener.INITIAL_BUFFER_SIZE);
    }

    /**
     * A processor named {@code name} (its informer's name: it prefixes the names of the listeners'
     * sync checkers) whose listeners' buffers start at {@link ProcessorListener#INITIAL_BUFFER_SIZE}.
     */
    public SharedProcessor(String name, Clock clock, ThreadFactory threadFactory) {
        this(name, clock, threadFactory, ProcessorListener.INITIAL_BUFFER_SIZE);
    }

    /**
     * @param clock         times resyncs and handler durations
     * @param threadFactory makes one run thread per listener (e.g. {@code dev.informer.concurrent.ThreadFactories.virtualIfAvailable})
     * @param bufferSize    initial capacity of each listener's pending buffer
     * @throws IllegalArgumentException if {@code bufferSize} is less than 1
     */
    public SharedProcessor(Clock clock, ThreadFactory threadFactory, int bufferSize) {
        this("processor", clock, threadFactory, bufferSize);
    }

    /** As {@link #SharedProcessor(Clock, ThreadFactory, int)}, named {@code name}. */
    public SharedProcessor(String name, Clock clock, ThreadFactory threadFactory, int bufferSize) {
        this(name, clock, threadFactory, bufferSize, DispatchMode.defaults());
    }

    /**
     * As {@link #SharedProcessor(Clock, ThreadFactory, int)}, named {@code name}, running its listeners
     * as {@code mode} says. The thread factory makes the pool's workers and watchdog ({@link
     * DispatchMode#pooled()}) or the listeners' threads ({@link DispatchMode#threadPerListener()});
     * {@link DispatchMode#virtualThreads()} makes its own virtual threads.
     */
    public SharedProcessor(String name, Clock clock, ThreadFactory threadFactory, int bufferSize, DispatchMode mode) {
        this.name = Objects.requireNonNull(name, "name");
        this.clock = Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        if (bufferSize < 1) {
            throw new IllegalArgumentException("bufferSize must be at least 1: " + bufferSize);
        }
        this.bufferSize = bufferSize;
        this.mode = Objects.requireNonNull(mode, "mode");
        this.threadFactory = mode.kind() == DispatchMode.Kind.VIRTUAL_THREADS
                ? ThreadFactories.virtualIfAvailable(name + "-listener")
                : threadFactory;
        this.pool = mode.kind() == DispatchMode.Kind.POOLED
                ? new ListenerPool(
                        name, clock, threadFactory, mode.workers(), Clock.toNanosSaturated(mode.slowHandlerThreshold()))
                : null;
    }

    /** How this processor runs its listeners. */
    public DispatchMode dispatchMode() {
        return mode;
    }

    /**
     * Adds a listener for {@code handler} without resync; see
     * {@link #addListener(ResourceEventHandler, Duration, Duration, BooleanSupplier)}.
     */
    public ProcessorListener<T> addListener(
            ResourceEventHandler<? super T> handler, BooleanSupplier upstreamHasSynced) {
        return addListener(handler, Duration.ZERO, Duration.ZERO, upstreamHasSynced);
    }

    /**
     * Adds a listener for {@code handler}, starting its thread if the processor runs. The listener is
     * the handler's registration; the caller may {@link ProcessorListener#add add} notifications to it
     * alone (the replay of the store for a handler added after start) before distributing further.
     * New listeners receive the next sync notifications until {@link #shouldResync()} says otherwise.
     *
     * @param requestedResyncPeriod the period the handler asked for (kept to recompute the period
     *                              when the check period changes)
     * @param resyncPeriod          the period in effect; zero for none
     * @param upstreamHasSynced     the informer's {@code hasSynced}, combined into the registration's
     * @throws IllegalStateException if the processor has stopped
     */
    public ProcessorListener<T> addListener(
            ResourceEventHandler<? super T> handler,
            Duration requestedResyncPeriod,
            Duration resyncPeriod,
            BooleanSupplier upstreamHasSynced) {
        return addListener(handler, null, null, requestedResyncPeriod, resyncPeriod, upstreamHasSynced);
    }

    /**
     * As {@link #addListener(ResourceEventHandler, Duration, Duration, BooleanSupplier)}, for a handler
     * with a name ({@code null}: none) for its log lines, metrics and sync checker, and a logger
     * ({@code null}: the listener's own).
     */
    public ProcessorListener<T> addListener(
            ResourceEventHandler<? super T> handler,
            @Nullable String handlerName,
            @Nullable Logger logger,
            Duration requestedResyncPeriod,
            Duration resyncPeriod,
            BooleanSupplier upstreamHasSynced) {
        synchronized (lock) {
            if (stopped) {
                throw new IllegalStateException(
                        "handler " + handler + " was not added to the shared processor because it has stopped already");
            }
            ProcessorListener<T> listener = new ProcessorListener<>(
                    nextListenerId,
                    handler,
                    handlerName,
                    logger,
                    this,
                    name,
                    requestedResyncPeriod,
                    resyncPeriod,
                    clock,
                    pool == null ? upstreamHasSynced : withInboxFannedOut(upstreamHasSynced),
                    bufferSize);
            nextListenerId++;
            ProcessorListener<T>[] grown = Arrays.copyOf(listeners, listeners.length + 1);
            grown[grown.length - 1] = listener;
            if (running) {
                startListener(listener);
            }
            if (pool != null) {
                // what was distributed before this listener existed must not reach it: fan the inbox out
                // to the others first (the informer then replays its store to the new listener)
                fanOutLock.lock();
                try {
                    fanOutInbox();
                    listeners = grown;
                } finally {
                    fanOutLock.unlock();
                }
            } else {
                listeners = grown;
            }
            return listener;
        }
    }

    /**
     * Removes the listener behind {@code registration} and stops it: nothing more is delivered to its
     * handler (a handler call in progress completes). Does not wait for its thread, so a handler may
     * remove itself. Returns false if the registration is not one of this processor's listeners.
     */
    public boolean removeListener(ResourceEventHandlerRegistration registration) {
        if (!(registration instanceof ProcessorListener<?> target)) {
            return false;
        }
        synchronized (lock) {
            ProcessorListener<T>[] current = listeners;
            for (int i = 0; i < current.length; i++) {
                if (current[i] == target) {
                    ProcessorListener<T>[] shrunk = newArray(current.length - 1);
                    System.arraycopy(current, 0, shrunk, 0, i);
                    System.arraycopy(current, i + 1, shrunk, i, current.length - i - 1);
                    listeners = shrunk;
                    current[i].stop();
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * Removes the listener behind {@code registration} as {@link #removeListener} does, then waits at
     * most {@code timeout} (real time) for its thread to finish the handler call in progress, if any,
     * and end (client-go 1.37's {@code ShutDownEventHandler}). When it returns true the handler is not
     * running and will never be called again. A registration removed before is waited for all the same.
     *
     * @return whether the listener's thread has ended (or never started) within {@code timeout}
     * @throws IllegalArgumentException if {@code registration} was not made by this processor
     * @throws IllegalStateException    if called from the listener's own thread (its handler): it could
     *                                  never end while waiting; use {@link #removeListener} there
     * @throws InterruptedException     if interrupted while waiting (the listener stays removed)
     */
    public boolean removeListenerAndWait(ResourceEventHandlerRegistration registration, Duration timeout)
            throws InterruptedException {
        Objects.requireNonNull(registration, "registration");
        Objects.requireNonNull(timeout, "timeout");
        if (!(registration instanceof ProcessorListener<?> target) || !target.ownedBy(this)) {
            throw new IllegalArgumentException("registration " + registration + " was not made by " + this);
        }
        if (target.runsOnCurrentThread()) {
            throw new IllegalStateException("handler " + target.describeHandler() + " cannot wait for its own listener "
                    + "to shut down (it would wait for itself); remove it without waiting");
        }
        removeListener(registration);
        if (!target.awaitTermination(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS)) {
            return false;
        }
        forgetEnded(uncheckedCast(target));
        return true;
    }

    @SuppressWarnings("unchecked")
    private static <T> ProcessorListener<T> uncheckedCast(ProcessorListener<?> listener) {
        return (ProcessorListener<T>) listener;
    }

    /**
     * Hands {@code notification} to every listener, or with {@code sync} only to those due for a
     * resync. Never blocks on a handler; allocates nothing per listener (beyond buffer growth).
     *
     * <p>With {@link DispatchMode#pooled()}, once started, a non-sync notification is appended to this
     * processor's inbox and the pool's fan-out task copies it into the listeners' buffers on a worker
     * (one wake-up at most, and the distributing thread touches no listener). A sync notification, and
     * every notification in the other modes or before start, goes into the buffers at once; a sync
     * distribute first fans out the inbox, so each listener still sees distribute order.
     */
    public void distribute(Notification<T> notification, boolean sync) {
        Objects.requireNonNull(notification, "notification");
        if (!sync && inboxActive) {
            boolean schedule;
            synchronized (inboxLock) {
                Object[] items = inbox;
                if (inboxSize == items.length) {
                    items = inbox = Arrays.copyOf(items, items.length * 2);
                }
                items[inboxSize++] = notification;
                inboxed.incrementAndGet();
                if (notification.isInitialListAdd()) {
                    initialAddsInboxed.incrementAndGet();
                }
                schedule = !fanOutScheduled;
                fanOutScheduled = true;
            }
            if (schedule && pool != null) {
                pool.schedule(fanOut);
            }
            return;
        }
        if (pool == null) {
            distributeNow(notification, sync);
            return;
        }
        fanOutLock.lock();
        try {
            fanOutInbox();
            distributeNow(notification, sync);
        } finally {
            fanOutLock.unlock();
        }
    }

    private void distributeNow(Notification<T> notification, boolean sync) {
        // listeners that went idle -> scheduled, chained and queued on the pool at once
        @Nullable PoolTask first = null;
        @Nullable PoolTask last = null;
        for (ProcessorListener<T> listener : listeners) {
            if ((!sync || listener.syncing()) && listener.addDeferringSchedule(notification)) {
                listener.nextScheduled = null;
                if (last == null) {
                    first = listener;
                } else {
                    last.nextScheduled = listener;
                }
                last = listener;
            }
        }
        scheduleChain(first, last);
    }

    /**
     * Drains the inbox into every listener's buffer (one lock per listener for the whole batch) and
     * queues the listeners that went idle to scheduled on the pool.
     */
    // @GuardedBy("fanOutLock")
    private void fanOutInbox() {
        scheduleChain(fanOutInboxChained(), chainTail);
    }

    // @GuardedBy("fanOutLock") the last listener of the chain fanOutInboxChained returned
    private @Nullable PoolTask chainTail;

    /**
     * Drains the inbox into every listener's buffer (one lock per listener for the whole batch) and
     * returns the listeners that went idle to scheduled, chained through {@code nextScheduled} (the
     * caller runs or queues them), or null.
     */
    // @GuardedBy("fanOutLock")
    private @Nullable PoolTask fanOutInboxChained() {
        Object[] items;
        int count;
        synchronized (inboxLock) {
            count = inboxSize;
            if (count == 0) {
                return null;
            }
            items = inbox;
            inbox = spareInbox; // the array drained last time, emptied; never smaller than the initial one
            inboxSize = 0;
        }
        int initialAdds = 0;
        for (int i = 0; i < count; i++) {
            if (((Notification<?>) items[i]).isInitialListAdd()) {
                initialAdds++;
            }
        }
        @Nullable PoolTask first = null;
        @Nullable PoolTask last = null;
        for (ProcessorListener<T> listener : listeners) {
            if (listener.addAllDeferringSchedule(items, count)) {
                listener.nextScheduled = null;
                if (last == null) {
                    first = listener;
                } else {
                    last.nextScheduled = listener;
                }
                last = listener;
            }
        }
        Arrays.fill(items, 0, count, null);
        spareInbox = items;
        // after the listeners' trackers counted the initial-list adds: hasSynced stays false throughout
        initialAddsInboxed.addAndGet(-initialAdds);
        inboxed.addAndGet(-count);
        chainTail = last;
        return first;
    }

    /** Queues the chain {@code first} .. {@code last} of listeners that went idle to scheduled, if any. */
    private void scheduleChain(@Nullable PoolTask first, @Nullable PoolTask last) {
        if (first != null && last != null && pool != null) {
            pool.scheduleAll(first, last);
        }
    }

    /** Notifications distributed and not yet in the listeners' buffers (pooled mode), for metrics. */
    int inboxed() {
        return inboxed.get();
    }

    /**
     * {@code upstreamHasSynced}, and no initial-list add still in the inbox: a registration must not
     * report synced while its initial-list notifications have not even reached its buffer.
     */
    private BooleanSupplier withInboxFannedOut(BooleanSupplier upstreamHasSynced) {
        Objects.requireNonNull(upstreamHasSynced, "upstreamHasSynced");
        // the upstream first (as the tracker does), then the inbox, then (in the tracker) the buffer count
        return () -> upstreamHasSynced.getAsBoolean() && initialAddsInboxed.get() == 0;
    }

    /**
     * The pool task that fans the inbox out, one batch per turn. The listeners it schedules go to the
     * pool's run queue like any others (not run on this turn: a worker stuck in one slow handler must
     * leave the rest where the watchdog's replacement worker finds them).
     */
    private final class FanOut extends PoolTask {
        @Override
        Turn runTurn(ListenerPool.Worker worker) {
            fanOutLock.lock();
            try {
                fanOutInbox();
            } finally {
                fanOutLock.unlock();
            }
            synchronized (inboxLock) {
                if (inboxSize > 0) {
                    return Turn.MORE;
                }
                fanOutScheduled = false;
                return Turn.DONE;
            }
        }

        @Override
        public String toString() {
            return "FanOut[" + name + "]";
        }
    }

    /**
     * Starts every listener's thread; listeners added later start at once.
     *
     * @throws IllegalStateException if already started or stopped
     */
    public void start() {
        synchronized (lock) {
            if (stopped) {
                throw new IllegalStateException("the shared processor has stopped and cannot be started again");
            }
            if (running) {
                throw new IllegalStateException("the shared processor is already running");
            }
            running = true;
            if (pool != null) {
                pool.start();
            }
            for (ProcessorListener<T> listener : listeners) {
                startListener(listener);
            }
            inboxActive = pool != null;
        }
    }

    // @GuardedBy("lock")
    private void startListener(ProcessorListener<T> listener) {
        if (pool != null) {
            listener.start(pool);
        } else {
            listener.start(threadFactory);
        }
        started.add(listener);
    }

    /**
     * Stops every listener and waits for all their threads (including those of removed listeners still
     * finishing a handler call) to end. Blocks as long as a handler call in progress runs (logging a
     * warning every second); see {@link #stop(Duration, String)} for a bounded wait. Idempotent.
     */
    public void stop() throws InterruptedException {
        for (ProcessorListener<T> listener : stopListeners()) {
            while (!listener.awaitTermination(1, TimeUnit.SECONDS)) {
                if (listener.runsOnCurrentThread()) {
                    break; // a handler stopping its own informer: its thread ends when the handler returns
                }
                listener.logger()
                        .warn(
                                "waiting for listener {} of handler {} to return from its handler call",
                                listener.id(),
                                listener.describeHandler());
            }
            forgetEnded(listener);
        }
        if (pool != null) {
            pool.awaitTermination(System.nanoTime() + TimeUnit.SECONDS.toNanos(10));
        }
    }

    /**
     * Stops every listener and waits at most {@code grace} (real time) in total for their threads.
     * A handler still running after that is named in one WARN (with {@code owner}, e.g. the informer),
     * its thread is interrupted and not waited for: it ends when the handler returns. Equivalent to
     * {@link #beginStop()} then {@link #finishStop(long, String)}. (Joining threads is inherently real
     * time, so the bound is real time, not the injected clock's.)
     *
     * @return whether every listener thread ended within the grace period (a handler stopping its
     *         own processor does not count against it)
     * @throws InterruptedException if the caller is interrupted while waiting
     */
    public boolean stop(Duration grace, String owner) throws InterruptedException {
        long deadline = stopDeadline(grace);
        beginStop();
        return finishStop(deadline, owner);
    }

    /** {@link #stop(Duration, String)} with this processor as the owner named in the warning. */
    public boolean stop(Duration grace) throws InterruptedException {
        return stop(grace, toString());
    }

    /**
     * The first half of a bounded stop: stops every listener (pending notifications are dropped,
     * nothing more is delivered) without waiting. Idempotent; never blocks on a handler.
     */
    public void beginStop() {
        stopListeners();
    }

    /**
     * The second half of a bounded stop: waits until {@code deadlineNanos} (a {@link System#nanoTime()}
     * reading) for the listener threads; each one still in a handler call then gets one WARN naming its
     * handler and {@code owner} and is interrupted, and is not waited for.
     *
     * @return whether every listener thread ended in time (the caller's own thread excluded)
     * @throws InterruptedException if the caller is interrupted while waiting (call it again to go on
     *                              waiting until the same deadline)
     */
    public boolean finishStop(long deadlineNanos, String owner) throws InterruptedException {
        List<ProcessorListener<T>> toAwait;
        synchronized (lock) {
            toAwait = new ArrayList<>(started);
        }
        boolean allEnded = true;
        for (ProcessorListener<T> listener : toAwait) {
            if (listener.runsOnCurrentThread()) {
                continue; // a handler stopping its own informer: its thread ends when the handler returns
            }
            long remaining = Math.max(0, deadlineNanos - System.nanoTime());
            if (listener.awaitTermination(remaining, TimeUnit.NANOSECONDS)) {
                forgetEnded(listener);
                continue;
            }
            allEnded = false;
            Thread runThread = listener.abandon();
            if (runThread != null) {
                listener.logger()
                        .warn(
                                "{}: event handler {} (listener {}) is still running after the stop grace period; its "
                                        + "thread {} is interrupted and not waited for",
                                owner,
                                listener.describeHandler(),
                                listener.id(),
                                runThread.getName());
            }
        }
        if (pool != null) {
            pool.awaitTermination(deadlineNanos);
        }
        return allEnded;
    }

    /** The handler's class, and its own description when it has one. */
    static String describe(Object handler) {
        String className = handler.getClass().getName();
        String text = String.valueOf(handler);
        return text.startsWith(className) ? text : className + " (" + text + ")";
    }

    /**
     * The {@link System#nanoTime()} deadline {@code grace} from now (capped at a year, so it never
     * overflows), for {@link #finishStop}.
     *
     * @throws IllegalArgumentException if {@code grace} is negative
     */
    public static long stopDeadline(Duration grace) {
        Objects.requireNonNull(grace, "grace");
        if (grace.isNegative()) {
            throw new IllegalArgumentException("the stop grace period must not be negative: " + grace);
        }
        Duration cap = Duration.ofDays(365);
        return System.nanoTime() + (grace.compareTo(cap) > 0 ? cap : grace).toNanos();
    }

    private List<ProcessorListener<T>> stopListeners() {
        synchronized (lock) {
            stopped = true;
            running = false;
            inboxActive = false;
            for (ProcessorListener<T> listener : listeners) {
                listener.stop();
            }
            listeners = newArray(0);
            if (pool != null) {
                pool.shutdown();
            }
            return new ArrayList<>(started);
        }
    }

    private void forgetEnded(ProcessorListener<T> listener) {
        synchronized (lock) {
            started.remove(listener);
        }
    }

    /**
     * Asks every listener whether its resync is due now; marks those listeners as the receivers of the
     * next sync notifications and schedules their next resync. Returns whether any is due (the
     * reflector then resyncs its store).
     */
    public boolean shouldResync() {
        synchronized (lock) {
            boolean resyncNeeded = false;
            long now = clock.nanoTime();
            for (ProcessorListener<T> listener : listeners) {
                boolean due = listener.shouldResync(now);
                listener.setSyncing(due);
                if (due) {
                    resyncNeeded = true;
                    listener.determineNextResync(now);
                }
            }
            return resyncNeeded;
        }
    }

    /** Recomputes every listener's resync period for a new informer resync check period. */
    public void resyncCheckPeriodChanged(Duration resyncCheckPeriod) {
        synchronized (lock) {
            for (ProcessorListener<T> listener : listeners) {
                listener.setResyncPeriod(determineResyncPeriod(listener.requestedResyncPeriod(), resyncCheckPeriod));
            }
        }
    }

    /**
     * The resync period a listener gets (client-go's {@code determineResyncPeriod}): zero stays zero;
     * any period becomes zero (with a warning) if the informer does not resync at all; a period shorter
     * than the informer's check period is raised to it (with a warning).
     */
    public static Duration determineResyncPeriod(Duration desired, Duration check) {
        if (desired.isZero()) {
            return desired;
        }
        if (check.isZero()) {
            LOG.warn(
                    "The specified resync period {} is invalid because this shared informer doesn't support resyncing",
                    desired);
            return Duration.ZERO;
        }
        if (desired.compareTo(check) < 0) {
            LOG.warn(
                    "The specified resync period {} is being increased to the minimum resync check period {}",
                    desired,
                    check);
            return check;
        }
        return desired;
    }

    /** The number of registered listeners. */
    public int listenerCount() {
        return listeners.length;
    }

    /** The registered listeners, in registration order (a snapshot). */
    public List<ProcessorListener<T>> listeners() {
        return List.of(listeners);
    }

    /** A metrics snapshot of every registered listener, in registration order. */
    public List<ListenerMetrics> metrics() {
        ProcessorListener<T>[] current = listeners;
        List<ListenerMetrics> snapshot = new ArrayList<>(current.length);
        for (ProcessorListener<T> listener : current) {
            snapshot.add(listener.metrics());
        }
        return snapshot;
    }

    /** Whether {@link #start()} was called and {@link #stop()} was not. */
    public boolean isRunning() {
        synchronized (lock) {
            return running;
        }
    }

    /** Whether {@link #stop()} was called. */
    public boolean isStopped() {
        synchronized (lock) {
            return stopped;
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> ProcessorListener<T>[] newArray(int length) {
        return (ProcessorListener<T>[]) new ProcessorListener<?>[length];
    }

    @Override
    public String toString() {
        return "SharedProcessor[" + name + ", listeners=" + listeners.length + ", " + mode + "]";
    }
}
