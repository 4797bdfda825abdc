package dev.informer.cache.internal;

import dev.informer.clock.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker pool of {@link dev.informer.cache.DispatchMode#pooled()}: a few worker threads that run
 * the turns of the scheduled {@link ProcessorListener}s, and a watchdog that detaches a worker whose
 * handler call has run longer than the slow-handler threshold (the listener keeps that thread for
 * good and the pool starts a replacement worker).
 *
 * <h2>Threading</h2>
 * <ul>
 *   <li>A listener is in the run queue at most once (its {@code scheduled} flag, flipped under its
 *       lock, is the idle-to-scheduled transition), so no two workers run one listener.</li>
 *   <li>{@link #schedule} appends to an intrusive queue (no node allocated) under a short monitor
 *       and unparks a parked worker only if no worker is spinning and no wake-up is already in
 *       flight: one distribute to any number of listeners costs at most one wake-up. A woken worker
 *       that leaves work behind wakes the next one.</li>
 *   <li>A worker out of work spins briefly (one at a time) before parking.</li>
 *   <li>The watchdog reads the processor's {@link Clock} to time handler calls; it is paced in
 *       real time while a worker is busy and parks when the pool has been idle for a while.</li>
 * </ul>
 * Workers and the watchdog come from the processor's thread factory. The monitor guards only queue
 * and idle-stack pointer updates (no blocking, no handler call under it).
 */
final class ListenerPool {

    private static final Logger LOG = LoggerFactory.getLogger(ListenerPool.class);

    /** Empty polls of the run queue before a worker parks. */
    private static final int SPINS = 2_000;
    /** The most notifications a turn takes from a listener's ring under one lock. */
    static final int CHUNK = 64;
    /** Consecutive idle watchdog ticks after which the watchdog parks until the next turn. */
    private static final int IDLE_TICKS_BEFORE_PARK = 16;

    static final int OUTSIDE_HANDLER = 0;
    static final int IN_HANDLER = 1;
    static final int DETACHED = 2;

    /** One pool thread; a listener's turn reports its handler calls here for the watchdog. */
    static final class Worker implements Runnable {
        private final ListenerPool pool;
        final AtomicInteger state = new AtomicInteger(OUTSIDE_HANDLER);
        // a turn moves notifications from the listener's ring here in chunks, one lock per chunk
        final Object[] chunk = new Object[CHUNK];
        // written before state becomes IN_HANDLER (a volatile write that publishes it), read by the
        // watchdog after it reads IN_HANDLER: a plain field saves a fence per handler call
        private long handlerStartNanos;
        // @GuardedBy("pool")
        private @Nullable Worker nextIdle;
        // @GuardedBy("pool")
        private boolean idle;
        // @GuardedBy("pool") woken by schedule(): clears the pool's wakePending when it resumes
        private boolean woken;

        @Nullable
        Thread thread;

        Worker(ListenerPool pool) {
            this.pool = pool;
        }

        /** Marks the start of a handler call at {@code startNanos} (the processor's clock). */
        void enterHandler(long startNanos) {
            handlerStartNanos = startNanos;
            state.set(IN_HANDLER);
            // Dekker with watch(): it sets watchdogParked, then reads the states
            if (pool.watchdogParked.get() && pool.watchdogParked.compareAndSet(true, false)) {
                LockSupport.unpark(pool.watchdog);
            }
        }

        /**
         * Marks the end of a handler call; false if the watchdog detached this worker during it (the
         * listener must then keep this thread as its own).
         */
        boolean exitHandler() {
            return state.compareAndSet(IN_HANDLER, OUTSIDE_HANDLER);
        }

        @Override
        public void run() {
            pool.work(this);
        }
    }

    private final String name;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final long thresholdNanos;
    private final long tickNanos;

    // run queue, intrusive through ProcessorListener.nextScheduled; head volatile for the spinners
    private volatile @Nullable PoolTask head;
    // @GuardedBy("this")
    private @Nullable PoolTask tail;
    // @GuardedBy("this") parked workers (a stack)
    private @Nullable Worker idleHead;
    // @GuardedBy("this") a worker was unparked and has not resumed yet
    private boolean wakePending;
    // @GuardedBy("this") the pool's current (not detached) workers
    private final List<Worker> workers = new ArrayList<>();
    // @GuardedBy("this") every thread started, for the shutdown join
    private final List<Thread> threads = new ArrayList<>();
    // @GuardedBy("this")
    private boolean started;

    private final AtomicInteger spinning = new AtomicInteger();
    private volatile boolean shutdown;
    private volatile Worker[] watched = new Worker[0];
    private final AtomicBoolean watchdogParked = new AtomicBoolean();
    private volatile @Nullable Thread watchdog;

    ListenerPool(String name, Clock clock, ThreadFactory threadFactory, int size, long thresholdNanos) {
        this.name = Objects.requireNonNull(name, "name");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        if (size < 1) {
            throw new IllegalArgumentException("a listener pool needs at least 1 worker: " + size);
        }
        this.thresholdNanos = thresholdNanos;
        this.tickNanos = Math.max(TimeUnit.MICROSECONDS.toNanos(200), thresholdNanos / 4);
        synchronized (this) {
            for (int i = 0; i < size; i++) {
                workers.add(new Worker(this));
            }
        }
    }

    /** Starts the workers and the watchdog. */
    void start() {
        List<Thread> toStart = new ArrayList<>();
        synchronized (this) {
            if (started) {
                throw new IllegalStateException("the listener pool of " + name + " was already started");
            }
            started = true;
            for (Worker worker : workers) {
                toStart.add(newThread(worker));
            }
            watched = workers.toArray(new Worker[0]);
            watchdog = newThread(this::watch);
            toStart.add(watchdog);
        }
        for (Thread thread : toStart) {
            thread.start();
        }
    }

    private Thread newThread(Runnable runnable) {
        Thread thread = threadFactory.newThread(runnable);
        if (thread == null) {
            throw new IllegalStateException("the processor's ThreadFactory returned null for a pool thread of " + name);
        }
        if (runnable instanceof Worker worker) {
            worker.thread = thread;
        }
        threads.add(thread);
        return thread;
    }

    /** Appends {@code listener} (just flipped to scheduled) to the run queue; wakes a worker if none will come. */
    void schedule(PoolTask listener) {
        listener.nextScheduled = null;
        scheduleAll(listener, listener);
    }

    /**
     * Appends the chain {@code first} .. {@code last} (linked through {@code nextScheduled}, every one
     * just flipped to scheduled by the caller) to the run queue under one monitor enter; wakes at most one
     * worker.
     */
    void scheduleAll(PoolTask first, PoolTask last) {
        Worker toWake = null;
        synchronized (this) {
            if (tail == null) {
                head = first;
            } else {
                tail.nextScheduled = first;
            }
            tail = last;
            if (!wakePending && spinning.get() == 0) {
                toWake = popIdle();
            }
        }
        if (toWake != null) {
            LockSupport.unpark(toWake.thread);
        }
    }

    // @GuardedBy("this")
    private @Nullable Worker popIdle() {
        Worker worker = idleHead;
        if (worker != null) {
            idleHead = worker.nextIdle;
            worker.nextIdle = null;
            worker.idle = false;
            worker.woken = true;
            wakePending = true;
        }
        return worker;
    }

    private void work(Worker self) {
        while (true) {
            PoolTask listener = take(self);
            if (listener == null) {
                return;
            }
            PoolTask.Turn turn = listener.runTurn(self);
            // An interrupt meant for an abandoned handler must not end the worker.
            Thread.interrupted();
            if (turn == PoolTask.Turn.MORE) {
                schedule(listener);
            } else if (turn == PoolTask.Turn.DETACHED) {
                listener.runDetached();
                return;
            }
        }
    }

    /** The next listener to run, or null once shut down (or this worker was detached meanwhile). */
    private @Nullable PoolTask take(Worker self) {
        while (true) {
            Worker toWake = null;
            synchronized (this) {
                if (self.woken) {
                    self.woken = false;
                    wakePending = false;
                }
                if (shutdown) {
                    return null;
                }
                PoolTask listener = head;
                if (listener != null) {
                    head = listener.nextScheduled;
                    if (head == null) {
                        tail = null;
                    } else if (!wakePending && spinning.get() == 0) {
                        toWake = popIdle(); // work left behind: wake the next worker
                    }
                    listener.nextScheduled = null;
                }
                if (listener != null || toWake != null) {
                    if (toWake != null) {
                        LockSupport.unpark(toWake.thread);
                    }
                    if (listener != null) {
                        return listener;
                    }
                }
            }
            if (spinning.get() == 0 && spinning.compareAndSet(0, 1)) {
                try {
                    for (int i = 0; i < SPINS && head == null && !shutdown; i++) {
                        Thread.onSpinWait();
                    }
                } finally {
                    spinning.set(0);
                }
                if (head != null) {
                    continue;
                }
            }
            synchronized (this) {
                if (shutdown) {
                    return null;
                }
                if (head != null) {
                    continue;
                }
                self.idle = true;
                self.nextIdle = idleHead;
                idleHead = self;
            }
            while (true) {
                LockSupport.park(this);
                synchronized (this) {
                    if (!self.idle || shutdown) {
                        break;
                    }
                }
                Thread.interrupted(); // a stray interrupt must not spin the park loop
            }
        }
    }

    private void watch() {
        int idleTicks = 0;
        while (!shutdown) {
            if (idleTicks >= IDLE_TICKS_BEFORE_PARK) {
                watchdogParked.set(true);
                if (!anyInHandler()) {
                    while (watchdogParked.get() && !shutdown) {
                        LockSupport.park(this);
                        Thread.interrupted();
                    }
                }
                watchdogParked.set(false);
                idleTicks = 0;
            } else {
                LockSupport.parkNanos(this, tickNanos);
                Thread.interrupted();
            }
            if (shutdown) {
                return;
            }
            boolean busy = false;
            long now = clock.nanoTime();
            for (Worker worker : watched) {
                if (worker.state.get() != IN_HANDLER) {
                    continue;
                }
                busy = true;
                if (now - worker.handlerStartNanos >= thresholdNanos
                        && worker.state.compareAndSet(IN_HANDLER, DETACHED)) {
                    replace(worker);
                }
            }
            idleTicks = busy ? 0 : idleTicks + 1;
        }
    }

    private boolean anyInHandler() {
        for (Worker worker : watched) {
            if (worker.state.get() == IN_HANDLER) {
                return true;
            }
        }
        return false;
    }

    /** Takes a detached worker out of the pool and starts a new one in its place. */
    private void replace(Worker detached) {
        Thread replacement;
        synchronized (this) {
            workers.remove(detached);
            if (shutdown) {
                watched = workers.toArray(new Worker[0]);
                return;
            }
            Worker worker = new Worker(this);
            workers.add(worker);
            watched = workers.toArray(new Worker[0]);
            replacement = newThread(worker);
        }
        LOG.debug(
                "{}: a handler call has run longer than {} ms; its listener keeps thread {} and the pool starts {}",
                name,
                TimeUnit.NANOSECONDS.toMillis(thresholdNanos),
                String.valueOf(detached.thread),
                replacement.getName());
        replacement.start();
    }

    /** Stops the workers (after their current turn) and the watchdog. Idempotent; never blocks. */
    void shutdown() {
        List<Thread> toWake;
        synchronized (this) {
            shutdown = true;
            idleHead = null;
            head = null;
            tail = null;
            toWake = new ArrayList<>(threads);
        }
        for (Thread thread : toWake) {
            LockSupport.unpark(thread);
        }
    }

    /**
     * Waits until {@code deadlineNanos} ({@link System#nanoTime()}) for the pool's threads that are not
     * running a handler; a worker stuck in an abandoned handler (or detached to a listener) is not waited
     * for. Returns whether they all ended.
     */
    boolean awaitTermination(long deadlineNanos) throws InterruptedException {
        List<Thread> toJoin;
        synchronized (this) {
            toJoin = new ArrayList<>();
            for (Worker worker : workers) {
                if (worker.thread != null && worker.state.get() != IN_HANDLER) {
                    toJoin.add(worker.thread);
                }
            }
            if (watchdog != null) {
                toJoin.add(watchdog);
            }
        }
        boolean allEnded = true;
        for (Thread thread : toJoin) {
            if (thread == Thread.currentThread()) {
                continue;
            }
            TimeUnit.NANOSECONDS.timedJoin(thread, Math.max(0, deadlineNanos - System.nanoTime()));
            allEnded &= !thread.isAlive();
        }
        return allEnded;
    }

    /** The current number of pool workers (detached ones excluded). */
    synchronized int size() {
        return workers.size();
    }

    @Override
    public String toString() {
        return "ListenerPool[" + name + "]";
    }
}
