package dev.informer.podconfig;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * A bounded FIFO that can be closed: producers block while it is full, consumers while it is empty;
 * closing wakes both, refuses further items and lets consumers drain what is left. Waits are real
 * time (they are hand-offs between threads, not periods).
 */
final class BoundedChannel<T> {

    private final String name;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final Condition notEmpty = lock.newCondition();
    // @GuardedBy("lock")
    private final ArrayDeque<T> items;
    // @GuardedBy("lock")
    private boolean closed;

    BoundedChannel(String name, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity of channel " + name + " must be at least 1: " + capacity);
        }
        this.name = name;
        this.capacity = capacity;
        this.items = new ArrayDeque<>(Math.min(capacity, 1024));
    }

    String name() {
        return name;
    }

    int capacity() {
        return capacity;
    }

    void put(T item) throws InterruptedException {
        Objects.requireNonNull(item, "item");
        lock.lockInterruptibly();
        try {
            while (!closed && items.size() >= capacity) {
                notFull.await();
            }
            addLocked(item);
        } finally {
            lock.unlock();
        }
    }

    boolean offer(T item, Duration timeout) throws InterruptedException {
        Objects.requireNonNull(item, "item");
        long remaining = timeout.toNanos();
        lock.lockInterruptibly();
        try {
            while (!closed && items.size() >= capacity) {
                if (remaining <= 0) {
                    return false;
                }
                remaining = notFull.awaitNanos(remaining);
            }
            addLocked(item);
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void addLocked(T item) {
        if (closed) {
            throw new ChannelClosedException(name);
        }
        items.addLast(item);
        notEmpty.signal();
    }

    /** Blocks until an item is there; throws {@link ChannelClosedException} once closed and drained. */
    T take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (items.isEmpty()) {
                if (closed) {
                    throw new ChannelClosedException(name);
                }
                notEmpty.await();
            }
            return removeLocked();
        } finally {
            lock.unlock();
        }
    }

    /** The next item, waiting up to {@code timeout}; {@code null} on time-out. */
    @Nullable
    T poll(Duration timeout) throws InterruptedException {
        long remaining = timeout.toNanos();
        lock.lockInterruptibly();
        try {
            while (items.isEmpty()) {
                if (closed) {
                    throw new ChannelClosedException(name);
                }
                if (remaining <= 0) {
                    return null;
                }
                remaining = notEmpty.awaitNanos(remaining);
            }
            return removeLocked();
        } finally {
            lock.unlock();
        }
    }

    private T removeLocked() {
        T item = items.removeFirst();
        notFull.signal();
        return item;
    }

    int size() {
        lock.lock();
        try {
            return items.size();
        } finally {
            lock.unlock();
        }
    }

    void close() {
        lock.lock();
        try {
            closed = true;
            notFull.signalAll();
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }

    boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "channel " + name + " (capacity " + capacity + ")";
    }
}
