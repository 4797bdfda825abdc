package dev.informer.podconfig;

/**
 * Receives, one at a time, the updates sent on the channels of a {@link Mux} (the kubelet's {@code
 * config.Merger}).
 *
 * <p>A mux calls {@link #merge} from the thread of the channel the update arrived on; an
 * implementation serializes calls from different channels itself if it needs to. It may block
 * (for example while its output queue is full): that blocks the channel, and then its producers.
 *
 * @param <T> the update type
 */
@FunctionalInterface
public interface Merger<T> {

    /**
     * Merges {@code update} from {@code source}. A runtime exception is logged by the mux and the
     * next update is merged.
     *
     * @throws InterruptedException if interrupted while blocked (the mux is closing)
     */
    void merge(String source, T update) throws InterruptedException;
}
