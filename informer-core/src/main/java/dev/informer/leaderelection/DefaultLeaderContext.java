package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/** The {@link LeaderContext} of one term; cancelled once by the elector. Thread-safe. */
final class DefaultLeaderContext implements LeaderContext {

    private final String identity;
    private final Clock clock;
    // The elector's lazy fence: true once the renew deadline passed without a renewal (it then cancels us).
    private final BooleanSupplier fenceTripped;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition cancelledSignal = lock.newCondition();
    // Written under lock, read without it by isCancelled().
    // @GuardedBy("lock")
    private volatile boolean cancelled;
    // The thread running onStartedLeading, interrupted on cancel.
    // @GuardedBy("lock")
    private @Nullable Thread leadingThread;

    DefaultLeaderContext(String identity, Clock clock) {
        this(identity, clock, () -> false);
    }

    DefaultLeaderContext(String identity, Clock clock, BooleanSupplier fenceTripped) {
        this.identity = identity;
        this.clock = clock;
        this.fenceTripped = fenceTripped;
    }

    @Override
    public String identity() {
        return identity;
    }

    @Override
    public boolean isCancelled() {
        // The fence check cancels this context when it trips, so the answer never goes back to false.
        return cancelled || fenceTripped.getAsBoolean();
    }

    @Override
    public void awaitCancellation() throws InterruptedException {
        lock.lock();
        try {
            while (!cancelled) {
                try {
                    cancelledSignal.await();
                } catch (InterruptedException e) {
                    if (!cancelled) {
                        throw e;
                    }
                    // Interrupted by the cancellation itself: that is the awaited event, not an error.
                    Thread.currentThread().interrupt();
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean awaitCancellation(Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + Clock.toNanosSaturated(timeout);
        lock.lock();
        try {
            while (!cancelled) {
                if (clock.nanoTime() - deadline >= 0) {
                    return false;
                }
                try {
                    clock.awaitUntil(lock, cancelledSignal, deadline);
                } catch (InterruptedException e) {
                    if (!cancelled) {
                        throw e;
                    }
                    Thread.currentThread().interrupt();
                }
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Remembers the thread to interrupt on cancellation; interrupts it at once if already cancelled. */
    void attach(Thread thread) {
        Locks.run(lock, () -> {
            leadingThread = thread;
            if (cancelled) {
                thread.interrupt();
            }
        });
    }

    /** Ends the term: wakes the waiters and interrupts the leading thread. Idempotent. */
    void cancel() {
        lock.lock();
        try {
            if (cancelled) {
                return;
            }
            cancelled = true;
            cancelledSignal.signalAll();
            if (leadingThread != null) {
                leadingThread.interrupt();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "LeaderContext[" + identity + (cancelled ? ", cancelled]" : "]");
    }
}
