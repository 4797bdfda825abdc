package dev.informer.watch;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Threads;
import dev.informer.concurrent.internal.Waits;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs an action (stopping a watch) when a deadline on a {@link Clock} passes, unless cancelled first.
 * A blocking {@code Watch.next()} has no timeout, so an {@link Until} deadline is enforced by stopping
 * the watch from this one thread. Thread-safe.
 */
final class DeadlineWatchdog {

    private final Clock clock;
    private final long deadlineNanos;
    private final Runnable onExpiry;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition cancelledCondition = lock.newCondition();
    // @GuardedBy("lock")
    private boolean cancelled;
    // @GuardedBy("lock")
    private boolean expired;

    private DeadlineWatchdog(Clock clock, long deadlineNanos, Runnable onExpiry) {
        this.clock = clock;
        this.deadlineNanos = deadlineNanos;
        this.onExpiry = onExpiry;
    }

    static DeadlineWatchdog start(Clock clock, long deadlineNanos, Runnable onExpiry, ThreadFactory threads) {
        DeadlineWatchdog watchdog = new DeadlineWatchdog(clock, deadlineNanos, onExpiry);
        Threads.start(threads, watchdog::run, "deadline watchdog");
        return watchdog;
    }

    /** Whether the deadline passed (and the action ran or is running) before {@link #cancel()}. */
    boolean expired() {
        return Locks.read(lock, () -> expired);
    }

    /** Cancels the action if the deadline has not passed yet; ends the thread. Idempotent. */
    void cancel() {
        Locks.run(lock, () -> {
            cancelled = true;
            cancelledCondition.signalAll();
        });
    }

    private void run() {
        lock.lock();
        try {
            if (!Waits.untilDeadlineUnless(clock, lock, cancelledCondition, deadlineNanos, () -> cancelled)) {
                return;
            }
            expired = true;
        } catch (InterruptedException e) {
            return; // nobody but the JVM interrupts this private thread; give up the deadline
        } finally {
            lock.unlock();
        }
        onExpiry.run();
    }
}
