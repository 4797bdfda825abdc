package dev.informer.workqueue;

import java.time.Duration;

/**
 * A {@link WorkQueue} that can add an item later, on the injected {@link dev.informer.clock.Clock}
 * (client-go's {@code DelayingInterface}), so failed items are retried without hot-looping.
 *
 * <p>While an item waits, adding it again with an earlier deadline moves the deadline earlier; a
 * later deadline is ignored (the earliest wins). Adding it with {@link #add} makes it available at
 * once and does not cancel the waiting entry (when that fires, the add is deduplicated as usual).
 * Items whose deadlines are equal become available in the order they were added.
 *
 * <p>One waiting thread per queue, created from the builder's {@link java.util.concurrent.ThreadFactory}
 * when the queue is built, moves items whose deadline has passed into the queue. Shutting the queue
 * down stops that thread and drops the items still waiting.
 *
 * <p>Thread-safe; {@link #addAfter} never blocks.
 *
 * @param <T> the item type
 */
public interface DelayingQueue<T> extends WorkQueue<T> {

    /**
     * Adds {@code item} once {@code delay} has passed on the queue's clock; a zero or negative delay
     * adds it at once. Ignored once the queue is shutting down. Counts as a retry in the metrics.
     *
     * @throws NullPointerException if {@code item} or {@code delay} is {@code null}
     */
    void addAfter(T item, Duration delay);
}
