package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Threads;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The plain queue (client-go's {@code workqueue.Type}): a FIFO of dirty items plus the dirty and
 * processing sets, all under one lock. With metrics enabled, one thread refreshes the unfinished-work
 * gauges every {@code unfinishedWorkUpdatePeriod} on the clock until shutdown.
 */
final class DefaultWorkQueue<T> implements WorkQueue<T> {

    private final ReentrantLock lock = new ReentrantLock();
    // Workers wait here for an item or the shutdown.
    private final Condition itemOrShutdown = lock.newCondition();
    // shutDownWithDrain waits here for the processing set to empty (a separate condition so that a
    // done() signal meant for a worker can never be swallowed by the drainer, or vice versa).
    private final Condition processingDrained = lock.newCondition();
    // The metrics thread waits here between updates.
    private final Condition metricsTick = lock.newCondition();

    // @GuardedBy("lock") order of work; every element is dirty and not processing
    private final ArrayDeque<T> queue = new ArrayDeque<>();
    // @GuardedBy("lock") every item that needs processing
    private final Set<T> dirty = new HashSet<>();
    // @GuardedBy("lock") items handed out and not yet done; may also be dirty
    private final Set<T> processing = new HashSet<>();
    // @GuardedBy("lock")
    private boolean shuttingDown;
    // @GuardedBy("lock")
    private boolean drain;

    private final Clock clock;
    // null when the queue has no metrics, so the hot path pays one null check
    private final @Nullable QueueMetrics<T> metrics;
    private final long unfinishedWorkUpdateNanos;

    private DefaultWorkQueue(Clock clock, @Nullable QueueMetrics<T> metrics, Duration unfinishedWorkUpdatePeriod) {
        this.clock = clock;
        this.metrics = metrics;
        this.unfinishedWorkUpdateNanos = unfinishedWorkUpdatePeriod.toNanos();
    }

    /** Builds the queue and, when it has metrics, starts its unfinished-work thread. */
    static <T> DefaultWorkQueue<T> create(
            Clock clock,
            @Nullable QueueMetrics<T> metrics,
            Duration unfinishedWorkUpdatePeriod,
            ThreadFactory threadFactory) {
        DefaultWorkQueue<T> queue = new DefaultWorkQueue<>(clock, metrics, unfinishedWorkUpdatePeriod);
        if (metrics != null) {
            Threads.start(threadFactory, queue::updateUnfinishedWorkLoop, "work queue");
        }
        return queue;
    }

    @Override
    public void add(T item) {
        Objects.requireNonNull(item, "item");
        lock.lock();
        try {
            if (shuttingDown || !dirty.add(item)) {
                return;
            }
            if (metrics != null) {
                metrics.addedLocked(item);
            }
            if (processing.contains(item)) {
                return; // done() queues it again
            }
            queue.addLast(item);
            itemOrShutdown.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int len() {
        return Locks.read(lock, () -> queue.size());
    }

    @Override
    public Optional<T> get() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (queue.isEmpty() && !shuttingDown) {
                itemOrShutdown.await();
            }
            T item = queue.pollFirst();
            if (item == null) {
                return Optional.empty(); // shutting down and drained
            }
            if (metrics != null) {
                metrics.gotLocked(item);
            }
            processing.add(item);
            dirty.remove(item);
            return Optional.of(item);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void done(T item) {
        Objects.requireNonNull(item, "item");
        lock.lock();
        try {
            if (!processing.remove(item)) {
                throw new IllegalStateException("done(" + item + ") was called for an item that is not being processed"
                        + " (not handed out by get(), or done() already called)");
            }
            if (metrics != null) {
                metrics.doneLocked(item);
            }
            if (dirty.contains(item)) {
                queue.addLast(item);
                itemOrShutdown.signal();
            } else if (processing.isEmpty()) {
                processingDrained.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void shutDown() {
        Locks.run(lock, () -> {
            drain = false;
            shutDownLocked();
        });
    }

    @Override
    public void shutDownWithDrain() throws InterruptedException {
        lock.lock();
        try {
            drain = true;
            shutDownLocked();
            while (!processing.isEmpty() && drain) {
                processingDrained.await();
            }
        } finally {
            lock.unlock();
        }
    }

    private void shutDownLocked() {
        shuttingDown = true;
        itemOrShutdown.signalAll();
        processingDrained.signalAll();
        metricsTick.signalAll();
    }

    @Override
    public boolean shuttingDown() {
        return Locks.read(lock, () -> shuttingDown);
    }

    private void updateUnfinishedWorkLoop() {
        QueueMetrics<T> metrics = Objects.requireNonNull(this.metrics, "metrics"); // only started with metrics
        lock.lock();
        try {
            long next = clock.nanoTime() + unfinishedWorkUpdateNanos;
            while (!shuttingDown) {
                long now = clock.nanoTime();
                if (now - next >= 0) {
                    metrics.updateUnfinishedWorkLocked();
                    next = now + unfinishedWorkUpdateNanos;
                } else {
                    clock.awaitUntil(lock, metricsTick, next);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the thread's owner asked it to stop; nothing to clean up
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return Locks.read(
                lock,
                () -> "WorkQueue[queued=" + queue.size() + ", processing=" + processing.size()
                        + (shuttingDown ? ", shutting down]" : "]"));
    }
}
