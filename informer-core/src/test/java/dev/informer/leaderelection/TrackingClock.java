package dev.informer.leaderelection;

import dev.informer.clock.Clock;
import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A {@link FakeClock} that also knows each waiting thread's deadline, so that a test can wait until
 * every elector is idle: waiting for a moment that has not come yet. After {@link #step}, an elector
 * whose deadline passed is not idle until it has reacted and waits again, which makes stepping
 * deterministic (a plain waiter count would still count it before it woke up).
 */
final class TrackingClock implements Clock {

    private final FakeClock fake = new FakeClock();
    private final Object monitor = new Object();
    // @GuardedBy("monitor")
    private final Map<Thread, Long> deadlines = new HashMap<>();

    @Override
    public Instant now() {
        return fake.now();
    }

    @Override
    public long nanoTime() {
        return fake.nanoTime();
    }

    @Override
    public void awaitUntil(Lock lock, Condition condition, long deadlineNanos) throws InterruptedException {
        Thread self = Thread.currentThread();
        synchronized (monitor) {
            deadlines.put(self, deadlineNanos);
            monitor.notifyAll();
        }
        try {
            fake.awaitUntil(lock, condition, deadlineNanos);
        } finally {
            synchronized (monitor) {
                deadlines.remove(self);
                monitor.notifyAll();
            }
        }
    }

    /** Moves time forward and wakes the waiters. */
    void step(Duration duration) {
        fake.step(duration); // not under monitor: waking takes the waiters' locks, which they hold to deregister
        synchronized (monitor) {
            monitor.notifyAll();
        }
    }

    /** Seconds elapsed on this clock since it was created. */
    double seconds() {
        return fake.nanoTime() / 1e9;
    }

    /**
     * Blocks (bounded by real time) until at least {@code count} threads wait for a moment still in the
     * future; returns whether they do.
     */
    boolean awaitIdle(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (idleCountLocked() < count) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(monitor, Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(50)));
            }
            return true;
        }
    }

    /** Like {@link #awaitIdle} but fails the test with {@code what} when it times out. */
    void requireIdle(int count, String what) throws InterruptedException {
        if (!awaitIdle(count, Duration.ofSeconds(20))) {
            throw new AssertionError(
                    "timed out waiting for " + count + " idle thread(s): " + what + " at t=" + seconds() + "s");
        }
    }

    private int idleCountLocked() {
        long now = fake.nanoTime();
        int idle = 0;
        for (long d : deadlines.values()) {
            if (d - now > 0) {
                idle++;
            }
        }
        return idle;
    }
}
