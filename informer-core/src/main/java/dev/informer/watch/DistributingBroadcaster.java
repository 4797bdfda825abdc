package dev.informer.watch;

import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Threads;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Broadcaster}: one lock guards the incoming queue, the registry and every watcher's queue,
 * and one thread moves accepted events to the watchers.
 *
 * <p>Instead of apimachinery's trick of pushing "add watcher" functions through the incoming queue,
 * every accepted event gets a sequence number and every watcher remembers the first number it may
 * see: a watcher registered while older events still wait for distribution skips them, exactly as if
 * its registration had queued behind them, without making {@code watch()} wait for the queue to drain.
 */
final class DistributingBroadcaster<T> implements Broadcaster<T> {

    private static final Logger log = LoggerFactory.getLogger(DistributingBroadcaster.class);

    private record Accepted<T>(long sequence, Event<T> event) {}

    private final int queueLength;
    private final int incomingQueueLength;
    private final FullChannelBehavior fullChannelBehavior;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when an event is accepted or shutdown begins. */
    private final Condition incomingNotEmpty = lock.newCondition();
    /** Signalled when the distribution takes an event from the incoming queue, or shutdown begins. */
    private final Condition incomingNotFull = lock.newCondition();
    /** Signalled when a watcher takes an event, starts waiting for one, or stops. */
    private final Condition watcherProgress = lock.newCondition();
    /** Signalled when the distribution thread has ended every watcher and exits. */
    private final Condition terminatedCondition = lock.newCondition();

    // @GuardedBy("lock")
    private final ArrayDeque<Accepted<T>> incoming = new ArrayDeque<>();
    // @GuardedBy("lock")
    private final Map<Long, BroadcastWatch> watchers = new LinkedHashMap<>();
    // @GuardedBy("lock") a copy of watchers.values(), rebuilt on change: the distribution iterates it
    // while it waits (and so releases the lock) for a slow watcher.
    private List<BroadcastWatch> watcherSnapshot = List.of();
    // @GuardedBy("lock")
    private long nextSequence;
    // @GuardedBy("lock")
    private long nextWatcherId;
    // @GuardedBy("lock")
    private boolean shuttingDown;
    // @GuardedBy("lock")
    private boolean terminated;

    DistributingBroadcaster(int queueLength, int incomingQueueLength, FullChannelBehavior fullChannelBehavior) {
        this.queueLength = queueLength;
        this.incomingQueueLength = incomingQueueLength;
        this.fullChannelBehavior = fullChannelBehavior;
    }

    void start(ThreadFactory threadFactory) {
        Threads.start(threadFactory, this::distributeUntilShutdown, "broadcaster");
    }

    @Override
    public Watch<T> watch() {
        return Locks.read(lock, () -> {
            checkRunningLocked();
            return registerLocked(queueLength);
        });
    }

    @Override
    public Watch<T> watchWithPrefix(List<Event<T>> prefix) {
        Objects.requireNonNull(prefix, "prefix");
        for (Event<T> event : prefix) {
            Objects.requireNonNull(event, "an event of the prefix is null");
        }
        lock.lock();
        try {
            checkRunningLocked();
            BroadcastWatch watcher = registerLocked(Math.max(queueLength, prefix.size() + 1));
            // Under the lock, so no concurrent action is accepted between the prefix and the watcher's start.
            watcher.queue.addAll(prefix);
            return watcher;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void action(EventType type, T object) throws InterruptedException {
        Event<T> event = Event.of(type, object);
        lock.lockInterruptibly();
        try {
            checkRunningLocked();
            while (incoming.size() >= incomingQueueLength) {
                incomingNotFull.await();
                checkRunningLocked();
            }
            acceptLocked(event);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean actionOrDrop(EventType type, T object) {
        Event<T> event = Event.of(type, object);
        lock.lock();
        try {
            checkRunningLocked();
            if (incoming.size() >= incomingQueueLength) {
                return false;
            }
            acceptLocked(event);
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void shutdown() throws InterruptedException {
        lock.lock();
        try {
            if (!shuttingDown) {
                shuttingDown = true;
                incomingNotEmpty.signalAll();
                // Producers waiting for room fail now rather than after the drain.
                incomingNotFull.signalAll();
            }
            while (!terminated) {
                terminatedCondition.await();
            }
        } finally {
            lock.unlock();
        }
    }

    private void checkRunningLocked() {
        if (shuttingDown) {
            throw new IllegalStateException(ALREADY_STOPPED);
        }
    }

    private void acceptLocked(Event<T> event) {
        incoming.add(new Accepted<>(nextSequence++, event));
        incomingNotEmpty.signal();
    }

    private BroadcastWatch registerLocked(int capacity) {
        BroadcastWatch watcher = new BroadcastWatch(nextWatcherId++, capacity, nextSequence);
        watchers.put(watcher.id, watcher);
        watcherSnapshot = List.copyOf(watchers.values());
        return watcher;
    }

    private void unregisterLocked(BroadcastWatch watcher) {
        if (watchers.remove(watcher.id) != null) {
            watcherSnapshot = List.copyOf(watchers.values());
        }
    }

    private void distributeUntilShutdown() {
        lock.lock();
        try {
            while (true) {
                while (incoming.isEmpty() && !shuttingDown) {
                    incomingNotEmpty.await();
                }
                Accepted<T> next = incoming.poll();
                if (next == null) {
                    break; // shutting down and everything accepted has been distributed
                }
                incomingNotFull.signalAll();
                distributeLocked(next);
            }
        } catch (InterruptedException e) {
            log.warn(
                    "broadcaster distribution thread interrupted; {} accepted events are not delivered",
                    incoming.size(),
                    e);
            shuttingDown = true;
            incoming.clear();
            incomingNotFull.signalAll();
            Thread.currentThread().interrupt();
        } finally {
            endAllWatchersLocked();
            terminated = true;
            terminatedCondition.signalAll();
            lock.unlock();
        }
    }

    private void distributeLocked(Accepted<T> accepted) throws InterruptedException {
        for (BroadcastWatch watcher : watcherSnapshot) {
            if (watcher.firstSequence > accepted.sequence()) {
                continue; // registered after this event was accepted
            }
            if (fullChannelBehavior == FullChannelBehavior.WAIT_IF_CHANNEL_FULL) {
                while (!watcher.stopped && !watcher.hasRoomLocked()) {
                    watcherProgress.await();
                }
            }
            if (!watcher.stopped && watcher.hasRoomLocked()) {
                watcher.enqueueLocked(accepted.event());
            }
        }
    }

    private void endAllWatchersLocked() {
        for (BroadcastWatch watcher : watchers.values()) {
            watcher.ended = true;
            watcher.nonEmpty.signalAll();
        }
        watchers.clear();
        watcherSnapshot = List.of();
    }

    /** One watcher's queue; all its state is guarded by the broadcaster's lock. */
    private final class BroadcastWatch implements Watch<T> {

        private final long id;
        private final int capacity;
        /** The sequence number of the first accepted event this watcher receives. */
        private final long firstSequence;

        private final Condition nonEmpty = lock.newCondition();
        // @GuardedBy("lock")
        private final ArrayDeque<Event<T>> queue = new ArrayDeque<>();
        // @GuardedBy("lock") the consumer stopped it: nothing more is delivered, queued events are dropped
        private boolean stopped;
        // @GuardedBy("lock") the broadcaster shut down: queued events are still delivered, then null
        private boolean ended;
        // @GuardedBy("lock") the consumer is blocked in next(); lets a zero-length queue hand an event over
        private boolean consumerWaiting;

        BroadcastWatch(long id, int capacity, long firstSequence) {
            this.id = id;
            this.capacity = capacity;
            this.firstSequence = firstSequence;
        }

        boolean hasRoomLocked() {
            return queue.size() < capacity || (capacity == 0 && queue.isEmpty() && consumerWaiting);
        }

        void enqueueLocked(Event<T> event) {
            queue.add(event);
            nonEmpty.signal();
        }

        @Override
        public @Nullable Event<T> next() throws InterruptedException {
            lock.lockInterruptibly();
            try {
                while (true) {
                    if (stopped) {
                        return null;
                    }
                    Event<T> event = queue.poll();
                    if (event != null) {
                        watcherProgress.signalAll();
                        return event;
                    }
                    if (ended) {
                        return null;
                    }
                    consumerWaiting = true;
                    watcherProgress.signalAll();
                    try {
                        nonEmpty.await();
                    } finally {
                        consumerWaiting = false;
                    }
                }
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void stop() {
            Locks.run(lock, () -> {
                if (!stopped) {
                    stopped = true;
                    queue.clear();
                    unregisterLocked(this);
                    nonEmpty.signalAll();
                    // Releases a distribution waiting for room in this watcher's queue.
                    watcherProgress.signalAll();
                }
            });
        }

        @Override
        public boolean isStopped() {
            return Locks.read(lock, () -> stopped || (ended && queue.isEmpty()));
        }

        @Override
        public String toString() {
            return "Broadcaster.watch#" + id;
        }
    }
}
