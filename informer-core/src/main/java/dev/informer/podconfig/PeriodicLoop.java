package dev.informer.podconfig;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an action at once, then every period on the injected clock, and early whenever {@link
 * #trigger()} is called; on one thread. The action's runtime exceptions are logged and the loop goes
 * on. {@link #close()} stops the loop and waits for the thread (interrupting a blocked action).
 */
final class PeriodicLoop {

    /** The work of one round; may block, and is interrupted by {@link #close()}. */
    interface Action {
        void run() throws InterruptedException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicLoop.class);

    private final String name;
    private final Action action;
    private final Clock clock;
    private final long periodNanos;
    private final Thread thread;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    // @GuardedBy("lock")
    private boolean triggered;
    // @GuardedBy("lock")
    private boolean started;
    // @GuardedBy("lock")
    private boolean closed;

    PeriodicLoop(String name, Action action, Clock clock, Duration period, ThreadFactory threadFactory) {
        this.name = name;
        this.action = action;
        this.clock = clock;
        this.periodNanos = period.toNanos();
        this.thread = threadFactory.newThread(this::loop);
    }

    void start() {
        lock.lock();
        try {
            if (started || closed) {
                throw new IllegalStateException(name + " has already been " + (closed ? "closed" : "started"));
            }
            started = true;
        } finally {
            lock.unlock();
        }
        thread.start();
    }

    /** Makes the loop run its action as soon as the current round (if any) ends. */
    void trigger() {
        lock.lock();
        try {
            triggered = true;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void loop() {
        try {
            while (true) {
                try {
                    action.run();
                } catch (ChannelClosedException e) {
                    return;
                } catch (RuntimeException e) {
                    LOG.error("{}: a round failed; retrying next period", name, e);
                }
                long next = clock.nanoTime() + periodNanos;
                lock.lockInterruptibly();
                try {
                    while (!closed && !triggered && clock.nanoTime() - next < 0) {
                        clock.awaitUntil(lock, wake, next);
                    }
                    if (closed) {
                        return;
                    }
                    triggered = false;
                } finally {
                    lock.unlock();
                }
            }
        } catch (InterruptedException e) {
            // closing
        }
    }

    void close() {
        boolean wasStarted;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            wasStarted = started;
            wake.signalAll();
        } finally {
            lock.unlock();
        }
        if (wasStarted && thread != Thread.currentThread()) {
            thread.interrupt();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
