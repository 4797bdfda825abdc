package dev.informer.clock.testing;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A clock that moves only when a test steps it, like client-go's {@code clock/testing.FakeClock}.
 *
 * <p>{@link #step(Duration)} and {@link #setTime(Instant)} wake every thread waiting in
 * {@link #awaitUntil}, which then re-checks its deadline against the new time. {@link #awaitWaiters(int, Duration)}
 * lets a test wait (on real time, bounded) until the component under test is blocked on this clock,
 * which removes the race between "the component starts waiting" and "the test steps time".
 *
 * <p>Thread-safe. Time never goes backwards through {@link #step}; {@link #setTime} may move wall
 * time anywhere but moves monotonic time by the same difference only when it goes forward.
 */
public final class FakeClock implements Clock {

    private record Waiter(Lock lock, Condition condition, long deadlineNanos, long sinceNanos) {}

    private final Object monitor = new Object();
    // @GuardedBy("monitor")
    private Instant wall;
    // @GuardedBy("monitor")
    private long nanos;
    // @GuardedBy("monitor")
    private final List<Waiter> waiters = new ArrayList<>();

    /** A fake clock at 2024-01-01T00:00:00Z, monotonic reading 0. */
    public FakeClock() {
        this(Instant.parse("2024-01-01T00:00:00Z"));
    }

    /** A fake clock at {@code start}, monotonic reading 0. */
    public FakeClock(Instant start) {
        this.wall = start;
        this.nanos = 0;
    }

    @Override
    public Instant now() {
        synchronized (monitor) {
            return wall;
        }
    }

    @Override
    public long nanoTime() {
        synchronized (monitor) {
            return nanos;
        }
    }

    /** Moves time forward by {@code duration} and wakes the waiters. */
    public void step(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a fake clock does not step backwards: " + duration);
        }
        List<Waiter> toWake;
        synchronized (monitor) {
            wall = wall.plus(duration);
            nanos += duration.toNanos();
            toWake = new ArrayList<>(waiters);
            monitor.notifyAll();
        }
        wake(toWake);
    }

    /** Sets wall time; monotonic time moves forward by the same amount if {@code time} is later. */
    public void setTime(Instant time) {
        List<Waiter> toWake;
        synchronized (monitor) {
            Duration delta = Duration.between(wall, time);
            wall = time;
            if (!delta.isNegative()) {
                nanos += delta.toNanos();
            }
            toWake = new ArrayList<>(waiters);
            monitor.notifyAll();
        }
        wake(toWake);
    }

    /** Whether any thread is waiting on this clock now. */
    public boolean hasWaiters() {
        synchronized (monitor) {
            return !waiters.isEmpty();
        }
    }

    /** How many threads are waiting on this clock now. */
    public int waiterCount() {
        synchronized (monitor) {
            return waiters.size();
        }
    }

    /**
     * Blocks (bounded by real time {@code timeout}) until at least {@code count} threads wait on this
     * clock. Returns whether they do.
     */
    public boolean awaitWaiters(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (waiters.size() < count) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(monitor, remaining);
            }
            return true;
        }
    }

    /**
     * Blocks (bounded by real time {@code timeout}) until at least {@code count} threads wait on this
     * clock that started waiting when it read {@code sinceNanos} or later. Returns whether they do.
     *
     * <p>After {@link #step}, {@code awaitWaitersSince(1, clock.nanoTime(), timeout)} tells a test
     * that a component which waits on this clock between passes has woken, seen the new time and
     * done everything that was due by it, and is waiting again; a component whose deadline had
     * already passed returns from {@link #awaitUntil} without waiting, so it only counts once it
     * has caught up.
     */
    public boolean awaitWaitersSince(int count, long sinceNanos, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (monitor) {
            while (waiters.stream()
                            .filter(w -> w.sinceNanos() - sinceNanos >= 0)
                            .count()
                    < count) {
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(monitor, remaining);
            }
            return true;
        }
    }

    @Override
    @SuppressWarnings("WaitNotInLoop") // one wait by contract: the caller re-checks its state in a loop
    public void awaitUntil(Lock lock, Condition condition, long deadlineNanos) throws InterruptedException {
        Waiter waiter;
        synchronized (monitor) {
            if (nanos - deadlineNanos >= 0) {
                return;
            }
            waiter = new Waiter(lock, condition, deadlineNanos, nanos);
            waiters.add(waiter);
            monitor.notifyAll();
        }
        try {
            // Woken by the component's own signal or by step(); the real-time bound only guards
            // against a lost wake-up and costs nothing in the normal path.
            condition.await(1, TimeUnit.SECONDS);
        } finally {
            synchronized (monitor) {
                waiters.remove(waiter);
                monitor.notifyAll();
            }
        }
    }

    private static void wake(List<Waiter> toWake) {
        for (Waiter waiter : toWake) {
            waiter.lock().lock();
            try {
                waiter.condition().signalAll();
            } finally {
                waiter.lock().unlock();
            }
        }
    }

    @Override
    public String toString() {
        return "FakeClock[" + now() + "]";
    }
}
