package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.kubelet.internal.LoopThread;
import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an action at once, then every period on the injected clock, and early whenever {@link
 * #trigger()} is called; on one thread. Nothing ends the loop but {@link #close()} and a closed
 * channel: a round that throws (any runtime exception or error, OutOfMemoryError included) is
 * logged at ERROR with its cause (once per distinct failure; repeats at DEBUG) and the next round
 * runs a period later; an interrupt that is not {@code close()} is logged and ignored. {@link
 * #close()} stops the loop and waits for the thread (interrupting a blocked action).
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
    private final Duration period;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private final LoopThread thread;
    // @GuardedBy("lock")
    private boolean triggered;
    // Loop thread only: consecutive failed rounds and the last failure, to log each new one once.
    private int failures;
    private @Nullable String lastFailure;

    PeriodicLoop(String name, Action action, Clock clock, Duration period, ThreadFactory threadFactory) {
        this.name = name;
        this.action = action;
        this.clock = clock;
        this.period = period;
        this.thread = new LoopThread(name, lock, wake, threadFactory, this::loop);
    }

    void start() {
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
        while (true) {
            try {
                action.run();
                succeeded();
                if (!awaitNextRound()) {
                    return;
                }
            } catch (ChannelClosedException e) {
                return;
            } catch (InterruptedException e) {
                if (thread.isClosed()) {
                    return;
                }
                // Not ours: an interrupt that is not close() must not end the source in silence.
                LOG.warn("{}: interrupted while not closed; going on", name);
                if (!awaitNextRoundQuietly()) {
                    return;
                }
            } catch (RuntimeException | Error e) {
                // Anything escaping a round, OutOfMemoryError included: the source must not die.
                failed(e);
                if (!awaitNextRoundQuietly()) {
                    return;
                }
            }
        }
    }

    private void succeeded() {
        if (failures > 0) {
            LOG.info("{}: a round succeeded again after {} failed round(s)", name, failures);
            failures = 0;
            lastFailure = null;
        }
    }

    /** Logs a failed round: at ERROR when it differs from the previous failure, else at DEBUG. */
    private void failed(Throwable e) {
        failures++;
        String failure = e.toString();
        if (failure.equals(lastFailure)) {
            LOG.debug("{}: round failed again ({} in a row): {}", name, failures, failure, e);
        } else {
            LOG.error("{}: a round failed; retrying in {}: {}", name, period, failure);
            LOG.debug("{}: the failed round", name, e);
        }
        lastFailure = failure;
    }

    /** Waits for the next period or a trigger; false once closed. */
    private boolean awaitNextRound() throws InterruptedException {
        long next = clock.nanoTime() + period.toNanos();
        lock.lockInterruptibly();
        try {
            while (!thread.isClosed() && !triggered && clock.nanoTime() - next < 0) {
                clock.awaitUntil(lock, wake, next);
            }
            if (thread.isClosed()) {
                return false;
            }
            triggered = false;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** As {@link #awaitNextRound()}, but an interrupt that is not {@link #close()} is logged and ignored. */
    private boolean awaitNextRoundQuietly() {
        while (true) {
            try {
                return awaitNextRound();
            } catch (InterruptedException e) {
                if (thread.isClosed()) {
                    return false;
                }
                LOG.warn("{}: interrupted while not closed; going on", name);
            }
        }
    }

    void close() {
        thread.close();
    }
}
