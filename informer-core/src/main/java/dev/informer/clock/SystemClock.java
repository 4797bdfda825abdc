package dev.informer.clock;

import java.time.Instant;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/** The real clock. Stateless and thread-safe. */
final class SystemClock implements Clock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {}

    @Override
    public Instant now() {
        return Instant.now();
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    @SuppressWarnings("WaitNotInLoop") // one wait by contract: the caller re-checks its state in a loop
    public void awaitUntil(Lock lock, Condition condition, long deadlineNanos) throws InterruptedException {
        long remaining = deadlineNanos - System.nanoTime();
        if (remaining > 0) {
            condition.awaitNanos(remaining);
        }
    }

    @Override
    public String toString() {
        return "Clock.system()";
    }
}
