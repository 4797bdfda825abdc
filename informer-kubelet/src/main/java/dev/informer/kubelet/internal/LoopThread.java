package dev.informer.kubelet.internal;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The lifecycle of the one thread that runs a kubelet loop (a source's periodic loop, the status
 * manager's sync loop): started at most once, closed at most once, and never started after it was
 * closed. The owner shares its lock and wake condition, so the loop waits on the same condition as
 * its other state changes and reads {@link #isClosed()} under the same lock.
 *
 * <p>Thread-safe. {@link #close()} marks the loop closed, wakes it, interrupts the thread and waits
 * for it (unless called from that thread); it is idempotent, and a thread never started is not
 * waited for.
 */
public final class LoopThread {

    private final String name;
    private final ReentrantLock lock;
    private final Condition wake;
    private final Thread thread;
    // @GuardedBy("lock")
    private boolean started;
    // Written under the lock; read without it, so that the loop may ask at any time.
    private volatile boolean closed;

    /**
     * A loop named {@code name} in its errors ("{@code <name> has already been started}") whose thread,
     * made by {@code threadFactory}, runs {@code body}.
     */
    public LoopThread(String name, ReentrantLock lock, Condition wake, ThreadFactory threadFactory, Runnable body) {
        this.name = name;
        this.lock = lock;
        this.wake = wake;
        this.thread = threadFactory.newThread(body);
    }

    /**
     * Starts the thread.
     *
     * @throws IllegalStateException if started or closed before
     */
    public void start() {
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

    /**
     * Whether {@link #close()} was called. Does not take the lock; as {@code close()} sets it under the
     * lock before it signals, a loop that checks it under the lock before waiting misses no close.
     */
    public boolean isClosed() {
        return closed;
    }

    /** Closes the loop: wakes it, interrupts its thread and waits for the thread to end. */
    public void close() {
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
