package dev.informer.podconfig;

import java.time.Duration;

/**
 * The named input of one source into a {@link Mux} (the kubelet's per-source channel).
 *
 * <p><b>Capacity and back-pressure.</b> A channel holds at most the capacity given to its mux
 * (one update by default). {@link #send} blocks while the channel is full, that is while the merger
 * has not taken the previous update, which in turn waits while the merged output queue is full:
 * a slow consumer slows the producers down, and nothing is ever dropped.
 *
 * <p><b>Ordering.</b> Updates sent on one channel are merged in the order they were sent. Updates of
 * different channels are merged one at a time, in no particular order between channels.
 *
 * <p>Thread-safe: several threads may send on one channel.
 *
 * @param <T> the update type
 */
public interface SourceChannel<T> {

    /** The source's name. */
    String source();

    /**
     * Queues {@code update}, blocking while the channel is full.
     *
     * @throws ChannelClosedException if the mux has been closed (before or while waiting)
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws NullPointerException if {@code update} is {@code null}
     */
    void send(T update) throws InterruptedException;

    /**
     * Queues {@code update} if there is room within {@code timeout} (real time).
     *
     * @return whether the update was queued
     * @throws ChannelClosedException if the mux has been closed
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    boolean offer(T update, Duration timeout) throws InterruptedException;
}
