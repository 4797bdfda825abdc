package dev.informer.watch;

/**
 * What a {@link Broadcaster} does when one watcher's queue is full, as apimachinery's
 * {@code watch.FullChannelBehavior}.
 */
public enum FullChannelBehavior {
    /**
     * The distribution waits until the slow watcher takes an event (or stops). Nothing is lost, but one
     * slow watcher delays every other watcher and, once the incoming queue is full, the producers.
     */
    WAIT_IF_CHANNEL_FULL,
    /**
     * The event is dropped for the watcher whose queue is full only; the other watchers still get it
     * and nobody waits.
     */
    DROP_IF_CHANNEL_FULL
}
