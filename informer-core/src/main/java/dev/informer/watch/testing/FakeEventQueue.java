package dev.informer.watch.testing;

import dev.informer.concurrent.internal.Locks;
import dev.informer.watch.Event;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The queue behind both fakes: producers send, one consumer takes, {@code stop()} ends the stream
 * after the events already sent (as closing a buffered Go channel). Thread-safe.
 */
final class FakeEventQueue<T> {

    private final String owner;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    // @GuardedBy("lock")
    private ArrayDeque<Event<T>> queue = new ArrayDeque<>();
    // @GuardedBy("lock")
    private boolean stopped;
    // @GuardedBy("lock")
    private int stopCount;

    FakeEventQueue(String owner, int capacity) {
        this.owner = owner;
        this.capacity = capacity;
    }

    /** Queues {@code event}; ignored once stopped. */
    void send(Event<T> event) {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            if (queue.size() >= capacity) {
                throw new IllegalStateException(owner + " buffer full: capacity " + capacity
                        + " events, none read yet; the consumer is not keeping up (or not reading)");
            }
            queue.add(event);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Nullable
    Event<T> take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (true) {
                Event<T> event = queue.poll();
                if (event != null) {
                    changed.signalAll();
                    return event;
                }
                if (stopped) {
                    return null;
                }
                changed.await();
            }
        } finally {
            lock.unlock();
        }
    }

    void stop() {
        Locks.run(lock, () -> {
            stopCount++;
            stopped = true;
            changed.signalAll();
        });
    }

    boolean isStopped() {
        return Locks.read(lock, () -> stopped);
    }

    int stopCount() {
        return Locks.read(lock, () -> stopCount);
    }

    int pending() {
        return Locks.read(lock, () -> queue.size());
    }

    void reset() {
        Locks.run(lock, () -> {
            stopped = false;
            queue = new ArrayDeque<>();
            changed.signalAll();
        });
    }
}
