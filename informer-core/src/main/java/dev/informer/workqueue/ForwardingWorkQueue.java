package dev.informer.workqueue;

import java.util.Objects;
import java.util.Optional;

/**
 * A {@link WorkQueue} that passes every call to the queue it wraps: the base of the queues that add
 * behaviour around another one (as client-go embeds the wrapped interface in its delaying and
 * rate-limiting types). Subclasses override only what they change. Thread-safety, ordering and
 * blocking are the wrapped queue's.
 *
 * @param <T> the item type
 * @param <Q> the wrapped queue's type, so that a subclass can call its wider API
 */
abstract class ForwardingWorkQueue<T, Q extends WorkQueue<T>> implements WorkQueue<T> {

    final Q queue;

    ForwardingWorkQueue(Q queue) {
        this.queue = Objects.requireNonNull(queue, "queue");
    }

    @Override
    public void add(T item) {
        queue.add(item);
    }

    @Override
    public int len() {
        return queue.len();
    }

    @Override
    public Optional<T> get() throws InterruptedException {
        return queue.get();
    }

    @Override
    public void done(T item) {
        queue.done(item);
    }

    @Override
    public void shutDown() {
        queue.shutDown();
    }

    @Override
    public void shutDownWithDrain() throws InterruptedException {
        queue.shutDownWithDrain();
    }

    @Override
    public boolean shuttingDown() {
        return queue.shuttingDown();
    }
}
