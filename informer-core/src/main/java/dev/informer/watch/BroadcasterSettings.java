package dev.informer.watch;

import dev.informer.codegen.GenerateBuilder;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The settings of a {@link Broadcaster}, made by {@link Broadcaster.Builder} (whose setters the
 * processor generates from this record). Generic only because the builder is.
 *
 * @param queueLength how many events each watcher's queue holds (default 25). {@code 0} makes the
 *     queue a hand-off: an event is passed only to a consumer already waiting in {@code next()}
 * @param incomingQueueLength how many accepted events may wait for distribution before {@link
 *     Broadcaster#action} blocks (default 25, as apimachinery's {@code incomingQueueLength})
 * @param fullChannelBehavior what happens when a watcher's queue is full (default: wait)
 * @param threadFactory makes the one distribution thread (default: daemon threads named {@code
 *     broadcaster-N})
 * @param <T> the event object type of the broadcaster
 */
@GenerateBuilder(builder = "Broadcaster.Builder<T>", checked = true)
// T is unused here, but the generated base returns Broadcaster.Builder<T> from every setter.
@SuppressWarnings("UnusedTypeParameter")
record BroadcasterSettings<T>(
        int queueLength,
        int incomingQueueLength,
        FullChannelBehavior fullChannelBehavior,
        ThreadFactory threadFactory) {

    BroadcasterSettings {
        checkQueueLength(queueLength);
        checkIncomingQueueLength(incomingQueueLength);
        Objects.requireNonNull(fullChannelBehavior, "fullChannelBehavior");
        Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /**
     * Checks a watcher queue's length.
     *
     * @throws IllegalArgumentException if negative
     */
    static int checkQueueLength(int queueLength) {
        return atLeast(0, queueLength, "queueLength");
    }

    /**
     * Checks the incoming queue's length.
     *
     * @throws IllegalArgumentException if below 1
     */
    static int checkIncomingQueueLength(int incomingQueueLength) {
        return atLeast(1, incomingQueueLength, "incomingQueueLength");
    }

    private static int atLeast(int least, int length, String name) {
        if (length < least) {
            throw new IllegalArgumentException(name + " must be >= " + least + ", was " + length);
        }
        return length;
    }
}
