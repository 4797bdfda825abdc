package dev.informer.watch;

import java.util.List;

/**
 * Distributes events to any number of watchers, each with its own bounded queue, as apimachinery's
 * {@code watch.Broadcaster}. Every accepted event goes to every watcher that was registered before it
 * was accepted (subject to {@link FullChannelBehavior#DROP_IF_CHANNEL_FULL}).
 *
 * <p><b>Ordering.</b> Events are accepted into one incoming queue (default length 25) and distributed by
 * one background thread, so every watcher sees the events in the order they were accepted. A watcher
 * registered by {@link #watch()} sees exactly the events accepted after the call; one registered by
 * {@link #watchWithPrefix(List)} sees its prefix first, then exactly the events accepted after the
 * call, with nothing in between. The order in which one event reaches the different watchers is
 * unspecified.
 *
 * <p><b>Blocking.</b> {@link #action} blocks while the incoming queue is full; {@link #actionOrDrop}
 * never blocks. In {@link FullChannelBehavior#WAIT_IF_CHANNEL_FULL} mode one slow watcher holds up the
 * distribution until it takes an event or stops; stopping a watcher always releases the distribution.
 * {@link #shutdown()} blocks until every accepted event has been distributed, then ends every watcher
 * (each still reads what is queued for it, then {@code next()} returns {@code null}).
 *
 * <p><b>Misuse.</b> After {@link #shutdown()}, {@code watch}, {@code watchWithPrefix}, {@code action} and
 * {@code actionOrDrop} throw {@code IllegalStateException("broadcaster already stopped")}; a producer
 * blocked in {@code action} when the broadcaster shuts down gets the same exception.
 * {@code shutdown()} itself is idempotent.
 *
 * <p>Thread-safe: any thread may produce, register and shut down; each returned {@link Watch} has one
 * consumer.
 */
public interface Broadcaster<T> extends AutoCloseable {

    /** The message of the {@link IllegalStateException} thrown on use after {@link #shutdown()}. */
    String ALREADY_STOPPED = "broadcaster already stopped";

    /**
     * Registers a watcher that receives the events accepted from now on. Its {@link Watch#stop()}
     * removes it from the broadcaster and discards what is queued for it.
     *
     * @throws IllegalStateException after {@link #shutdown()}
     */
    Watch<T> watch();

    /**
     * Registers a watcher that first receives {@code prefix}, then the events accepted from now on,
     * atomically with respect to concurrent {@link #action} calls. Its queue holds at least
     * {@code prefix.size() + 1} events.
     *
     * @throws IllegalStateException after {@link #shutdown()}
     * @throws NullPointerException  if {@code prefix} or one of its events is {@code null}
     */
    Watch<T> watchWithPrefix(List<Event<T>> prefix);

    /**
     * Accepts an event for distribution, blocking while the incoming queue is full.
     *
     * @throws IllegalStateException if the broadcaster is (or becomes, while waiting) shut down
     * @throws InterruptedException  if interrupted while waiting for room
     */
    void action(EventType type, T object) throws InterruptedException;

    /**
     * Accepts an event if the incoming queue has room, without blocking.
     *
     * @return whether the event was accepted; {@code false} means it was dropped
     * @throws IllegalStateException after {@link #shutdown()}
     */
    boolean actionOrDrop(EventType type, T object);

    /**
     * Stops accepting events, waits until everything accepted has been distributed, then ends every
     * watcher and the distribution thread. Idempotent; a second call waits for the same completion.
     *
     * @throws InterruptedException if interrupted while waiting; the shutdown still completes in the
     *                              background
     */
    void shutdown() throws InterruptedException;

    /**
     * {@link #shutdown()} for try-with-resources (client-go's name is kept for the same operation).
     * If the calling thread is interrupted while waiting, returns at once with the interrupt flag set
     * and the shutdown completes in the background. Idempotent.
     */
    @Override
    default void close() {
        try {
            shutdown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A builder with the defaults: queue length 25, {@link FullChannelBehavior#WAIT_IF_CHANNEL_FULL}. */
    static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /**
     * Configures and starts a {@link Broadcaster}. Not thread-safe; {@link #build()} may be called repeatedly.
     * The setters check their argument at once: a bad value throws, a {@code null} throws {@link
     * NullPointerException}.
     */
    final class Builder<T> extends BroadcasterSettingsBuilderBase<T> {

        /** The default length of each watcher's queue and of the incoming queue. */
        public static final int DEFAULT_QUEUE_LENGTH = 25;

        private Builder() {
            from(new BroadcasterSettings<>(
                    DEFAULT_QUEUE_LENGTH,
                    DEFAULT_QUEUE_LENGTH,
                    FullChannelBehavior.WAIT_IF_CHANNEL_FULL,
                    new DaemonThreads("broadcaster")));
        }

        /** A new broadcaster with its distribution thread started. */
        public Broadcaster<T> build() {
            BroadcasterSettings<T> settings = settings();
            DistributingBroadcaster<T> broadcaster = new DistributingBroadcaster<>(
                    settings.queueLength(), settings.incomingQueueLength(), settings.fullChannelBehavior());
            broadcaster.start(settings.threadFactory());
            return broadcaster;
        }
    }
}
