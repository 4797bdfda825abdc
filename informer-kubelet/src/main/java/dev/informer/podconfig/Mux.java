package dev.informer.podconfig;

import java.util.Set;
import java.util.concurrent.ThreadFactory;

/**
 * Fans many named source channels into one {@link Merger} (the kubelet's {@code config.Mux}).
 *
 * <p>Each {@link #channel(String) channel} is a bounded queue (capacity fixed at creation, at least
 * one) with its own thread, taken from the mux's {@link ThreadFactory}, that takes updates in order
 * and hands them to the merger. A merger that blocks holds back that channel, and then its
 * producers: nothing is dropped. A runtime exception thrown by the merger is logged with the source
 * and the next update is merged.
 *
 * <p>Thread-safe. {@link #close()} is idempotent: it refuses further sends, interrupts the channel
 * threads and waits for them to end; updates still queued are not merged.
 *
 * @param <T> the update type
 */
public interface Mux<T> extends AutoCloseable {

    /**
     * A mux feeding {@code merger}, with channels holding at most {@code channelCapacity} updates.
     *
     * @throws IllegalArgumentException if {@code channelCapacity} is below 1
     * @throws NullPointerException if an argument is {@code null}
     */
    static <T> Mux<T> create(Merger<T> merger, ThreadFactory threadFactory, int channelCapacity) {
        return new DefaultMux<>(merger, threadFactory, channelCapacity);
    }

    /**
     * The channel of {@code source}, created (and its thread started) on first use; later calls
     * with the same name return the same channel.
     *
     * @throws ChannelClosedException if the mux has been closed
     * @throws IllegalArgumentException if {@code source} is empty
     */
    SourceChannel<T> channel(String source);

    /** The names of the channels created so far. */
    Set<String> sources();

    /** Stops every channel; see the type's documentation. */
    @Override
    void close();
}
