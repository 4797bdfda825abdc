package dev.informer.testing.internal;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The executor of the embedded server's JDK {@code HttpServer}: a bounded pool with a
 * header-read deadline and a separate budget for long-lived watches.
 *
 * <p>The JDK server hands a connection to its executor as soon as bytes arrive, and the task
 * reads the request line and headers with blocking reads before it calls the handler; a client
 * that sends half a header (slowloris) therefore holds a thread. Here:
 * <ul>
 *   <li>at most {@code workers} tasks read headers or serve ordinary requests at once (the rest
 *       wait in a bounded queue, FIFO);</li>
 *   <li>a task that has not reached the handler {@code headerTimeout} after its first byte
 *       arrived is interrupted, which closes its channel: the slow client's connection ends;</li>
 *   <li>a request that becomes a watch ({@link #beginWatch()}) leaves the worker budget for the
 *       watch budget ({@code maxWatches}), so open watches never starve ordinary requests; when
 *       that budget is spent, {@code beginWatch} answers false and the handler answers 429.</li>
 * </ul>
 * The pool reuses idle threads, starts new ones only when none is idle, never has more than
 * {@code workers + maxWatches} threads (plus one watchdog), and idle threads end after 30 s.
 *
 * <p>Thread-safe. Interrupts are delivered only while the task they are meant for runs (a
 * per-task lock orders them against the task's end), so a pooled thread never carries a stray
 * interrupt into the next task.
 */
public final class RequestExecutor implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(RequestExecutor.class);
    private static final int QUEUE_CAPACITY = 10_000;

    private enum State {
        QUEUED,
        READING,
        HANDLING,
        WATCHING,
        DONE
    }

    private final ThreadPoolExecutor pool;
    private final GrowFirstQueue queue;
    private final ScheduledExecutorService watchdog;
    private final Semaphore workerPermits;
    private final Semaphore watchPermits;
    private final long headerTimeoutNanos;
    private final LongSupplier nanoTime;
    private final Set<Task> reading = ConcurrentHashMap.newKeySet();

    @SuppressWarnings("ThreadLocalUsage") // per executor on purpose: each server tracks only its own tasks
    private final ThreadLocal<Task> current = new ThreadLocal<>();

    private final int maxWatches;

    /**
     * Creates the executor with its two budgets, ordinary requests and watches.
     *
     * @param workers       ordinary requests (and header reads) served at once, at least 1
     * @param maxWatches    watches streamed at once, at least 1
     * @param headerTimeout how long a request may take from its first byte to its handler
     * @param threads       the factory of pool and watchdog threads
     * @param nanoTime      monotonic time
     */
    public RequestExecutor(
            int workers, int maxWatches, Duration headerTimeout, ThreadFactory threads, LongSupplier nanoTime) {
        this.workerPermits = new Semaphore(workers, true);
        this.watchPermits = new Semaphore(maxWatches);
        this.maxWatches = maxWatches;
        this.headerTimeoutNanos = headerTimeout.toNanos();
        this.nanoTime = nanoTime;
        int size = workers + maxWatches;
        this.queue = new GrowFirstQueue();
        this.pool = new ThreadPoolExecutor(0, size, 30, TimeUnit.SECONDS, queue, threads, (task, executor) -> {
            if (executor.isShutdown() || !queue.enqueue(task)) {
                throw new RejectedExecutionException(
                        "the embedded API server's request queue is" + " full (" + QUEUE_CAPACITY + ")");
            }
        });
        queue.pool = pool;
        ScheduledThreadPoolExecutor dog = new ScheduledThreadPoolExecutor(1, threads);
        dog.setRemoveOnCancelPolicy(true);
        this.watchdog = dog;
        long tick = Math.max(10, Math.min(250, headerTimeout.toMillis() / 4));
        // tick() catches its own failures, so the schedule never ends silently; its future is not needed
        ScheduledFuture<?> unused = watchdog.scheduleWithFixedDelay(this::tick, tick, tick, TimeUnit.MILLISECONDS);
    }

    /**
     * Queues a connection's task.
     *
     * @throws RejectedExecutionException when the queue is full or the executor is shut down (the
     *                                    JDK server then closes that connection)
     */
    @Override
    public void execute(Runnable command) {
        pool.execute(new Task(command, nanoTime.getAsLong() + headerTimeoutNanos));
    }

    /**
     * Called by the handler when it starts: the headers are read, the deadline no longer applies.
     *
     * @return false when the deadline already passed (the connection is being closed; the
     *     handler should do nothing more); true otherwise, also on a thread that is not ours
     */
    public boolean beginRequest() {
        Task t = current.get();
        if (t == null) {
            return true;
        }
        synchronized (t) {
            if (t.state != State.READING) {
                return false;
            }
            t.state = State.HANDLING;
            reading.remove(t);
            return true;
        }
    }

    /**
     * Moves the running request from the worker budget to the watch budget.
     *
     * @return false when {@code maxWatches} watches are open (answer 429)
     */
    public boolean beginWatch() {
        Task t = current.get();
        if (t == null) {
            return true;
        }
        if (!watchPermits.tryAcquire()) {
            return false;
        }
        synchronized (t) {
            t.state = State.WATCHING;
        }
        workerPermits.release();
        return true;
    }

    /** The most watches streamed at once. */
    public int maxWatches() {
        return maxWatches;
    }

    /** Stops the watchdog and interrupts every task. */
    public void shutdownNow() {
        watchdog.shutdownNow();
        pool.shutdownNow();
    }

    /**
     * Waits for the pool's threads to end.
     *
     * @return whether they did within {@code timeout}
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return pool.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)
                && watchdog.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tick() {
        try {
            moveStuckTaskAndEnforceDeadlines();
        } catch (RuntimeException e) {
            LOG.warn("The embedded API server's watchdog failed; it runs again at its next tick: {}", e.toString());
            LOG.debug("Watchdog failure", e);
        }
    }

    private void moveStuckTaskAndEnforceDeadlines() {
        // Two tasks submitted at once may both have counted on the same idle thread; move a task
        // that waits while no thread is idle (and the pool may grow) onto a new thread.
        if (!queue.isEmpty()
                && pool.getPoolSize() < pool.getMaximumPoolSize()
                && pool.getActiveCount() >= pool.getPoolSize()) {
            Runnable waiting = queue.poll();
            if (waiting != null) {
                try {
                    pool.execute(waiting);
                } catch (RejectedExecutionException e) {
                    LOG.debug("Dropping a queued request: {}", e.getMessage()); // shutting down
                }
            }
        }
        long now = nanoTime.getAsLong();
        for (Task t : reading) {
            if (now - t.deadline >= 0) {
                t.interruptIfReading("the request headers did not arrive within the header timeout");
            }
        }
    }

    /**
     * A queue that makes the pool reuse an idle thread, else start a new one up to the maximum, and
     * only then queue (a plain ThreadPoolExecutor queues first, or starts a thread per task below
     * its core size even while others idle). The rejection handler calls {@link #enqueue}.
     */
    private static final class GrowFirstQueue extends LinkedBlockingQueue<Runnable> {
        private static final long serialVersionUID = 1L;
        transient volatile @Nullable ThreadPoolExecutor pool;

        GrowFirstQueue() {
            super(QUEUE_CAPACITY);
        }

        @Override
        public boolean offer(Runnable task) {
            ThreadPoolExecutor p = pool;
            if (p != null
                    && p.getPoolSize() < p.getMaximumPoolSize()
                    && p.getActiveCount() + size() >= p.getPoolSize()) {
                return false; // no idle thread: let the pool start one
            }
            return super.offer(task);
        }

        boolean enqueue(Runnable task) {
            return super.offer(task);
        }
    }

    /** One queued connection task. */
    private final class Task implements Runnable {
        private final Runnable command;
        private final long deadline;
        // @GuardedBy("this")
        private State state = State.QUEUED;
        // @GuardedBy("this")
        private @Nullable Thread runner;

        Task(Runnable command, long deadline) {
            this.command = command;
            this.deadline = deadline;
        }

        @Override
        public void run() {
            try {
                workerPermits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // shutting down; the JDK server closes the connection itself
            }
            State end;
            current.set(this);
            try {
                synchronized (this) {
                    runner = Thread.currentThread();
                    state = State.READING;
                    reading.add(this);
                }
                if (nanoTime.getAsLong() - deadline >= 0) {
                    // Queued past its deadline: an interrupted read fails at once and closes the channel.
                    interruptIfReading("the request waited longer than the header timeout");
                }
                command.run();
            } finally {
                current.remove();
                synchronized (this) {
                    end = state;
                    state = State.DONE;
                    runner = null;
                    reading.remove(this);
                    Thread.interrupted(); // a deadline interrupt belongs to this task only
                }
                if (end == State.WATCHING) {
                    watchPermits.release();
                } else {
                    workerPermits.release();
                }
            }
        }

        synchronized void interruptIfReading(String why) {
            if (state == State.READING && runner != null) {
                LOG.debug("Closing a connection: {}", why);
                state = State.DONE;
                reading.remove(this);
                runner.interrupt();
            }
        }
    }
}
