package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Threads;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The delaying queue (client-go's {@code delayingType}): a {@link WorkQueue} plus a heap of waiting
 * items and one thread that moves each item into the queue when its deadline passes on the clock.
 *
 * <p>Unlike client-go, {@code addAfter} inserts into the heap directly under a short lock and wakes
 * the waiting thread, instead of handing the entry over a bounded channel: an add can never block
 * behind a full channel, and the item is waiting as soon as {@code addAfter} returns.
 *
 * <p>Lock order: this queue's lock, then the wrapped queue's lock (the waiting thread adds ready items
 * while holding this lock so that an item is always either waiting or queued, never in between).
 */
final class DefaultDelayingQueue<T> extends ForwardingWorkQueue<T, WorkQueue<T>> implements DelayingQueue<T> {

    /**
     * Longest the waiting thread sleeps without re-checking the heap: insurance against a lost
     * wake-up, as client-go's heartbeat.
     */
    static final Duration MAX_WAIT = Duration.ofSeconds(10);

    private static final long MAX_WAIT_NANOS = MAX_WAIT.toNanos();
    // Delays are capped so that deadline arithmetic never overflows; ~73 years is "never" for a retry.
    private static final long MAX_DELAY_NANOS = Long.MAX_VALUE / 4;

    private final Clock clock;
    private final CounterMetric retries;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    // @GuardedBy("lock")
    private final WaitingHeap<T> waiting = new WaitingHeap<>();
    // @GuardedBy("lock")
    private boolean stopped;

    private DefaultDelayingQueue(WorkQueue<T> queue, Clock clock, CounterMetric retries) {
        super(queue);
        this.clock = clock;
        this.retries = retries;
    }

    /** Wraps {@code queue} and starts the waiting thread from {@code threadFactory}. */
    static <T> DefaultDelayingQueue<T> create(
            WorkQueue<T> queue, Clock clock, CounterMetric retries, ThreadFactory threadFactory) {
        DefaultDelayingQueue<T> delaying = new DefaultDelayingQueue<>(queue, clock, retries);
        Threads.start(threadFactory, delaying::waitingLoop, "work queue");
        return delaying;
    }

    @Override
    public void addAfter(T item, Duration delay) {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(delay, "delay");
        if (queue.shuttingDown()) {
            return;
        }
        retries.inc();
        if (delay.isNegative() || delay.isZero()) {
            queue.add(item);
            return;
        }
        long delayNanos = Math.min(Clock.toNanosSaturated(delay), MAX_DELAY_NANOS);
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            if (waiting.offer(item, clock.nanoTime() + delayNanos)) {
                wake.signal(); // the earliest deadline moved: the waiting thread must re-arm its wait
            }
        } finally {
            lock.unlock();
        }
    }

    private void waitingLoop() {
        lock.lock();
        try {
            while (!stopped && !queue.shuttingDown()) {
                long now = clock.nanoTime();
                while (!waiting.isEmpty() && waiting.peekDeadline() - now <= 0) {
                    queue.add(waiting.poll());
                }
                long deadline = now + MAX_WAIT_NANOS;
                if (!waiting.isEmpty() && waiting.peekDeadline() - deadline < 0) {
                    deadline = waiting.peekDeadline();
                }
                clock.awaitUntil(lock, wake, deadline);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the thread's owner asked it to stop
        } finally {
            waiting.clear();
            lock.unlock();
        }
    }

    private void stopWaiting() {
        Locks.run(lock, () -> {
            stopped = true;
            waiting.clear();
            wake.signalAll();
        });
    }

    /** How many items wait for their deadline (shown by {@link #toString}). */
    int waitingLen() {
        return Locks.read(lock, () -> waiting.size());
    }

    @Override
    public void shutDown() {
        queue.shutDown();
        stopWaiting();
    }

    @Override
    public void shutDownWithDrain() throws InterruptedException {
        stopWaiting();
        queue.shutDownWithDrain();
    }

    @Override
    public String toString() {
        return "DelayingQueue[" + queue + ", waiting=" + waitingLen() + "]";
    }
}
