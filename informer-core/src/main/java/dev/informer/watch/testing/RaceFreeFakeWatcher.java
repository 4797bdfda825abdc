package dev.informer.watch.testing;

import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.Watch;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link Watch} a test feeds by hand with a bounded buffer (default {@value #DEFAULT_CAPACITY}
 * events), as apimachinery's {@code watch.RaceFreeFakeWatcher}: a producer never blocks, and one that
 * overfills the buffer fails loudly with an {@link IllegalStateException} naming the capacity (the Go
 * fake panics), which exposes a consumer that does not keep up.
 *
 * <p>{@link #stop()} ends the stream after the events already sent; events sent after it are ignored,
 * as in Go. Thread-safe: any thread may produce and stop; one consumer calls {@code next()}.
 */
public final class RaceFreeFakeWatcher<T> implements Watch<T> {

    /** The buffer size of apimachinery's {@code DefaultChanSize}. */
    public static final int DEFAULT_CAPACITY = 100;

    private final FakeEventQueue<T> queue;

    /** A fake with room for {@value #DEFAULT_CAPACITY} unread events. */
    public RaceFreeFakeWatcher() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * A fake with room for {@code capacity} unread events.
     *
     * @throws IllegalArgumentException if {@code capacity} is below 1
     */
    public RaceFreeFakeWatcher(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        }
        this.queue = new FakeEventQueue<>("RaceFreeFakeWatcher", capacity);
    }

    /** Sends an ADDED event. @throws IllegalStateException if the buffer is full */
    public void add(T object) {
        action(EventType.ADDED, object);
    }

    /** Sends a MODIFIED event. @throws IllegalStateException if the buffer is full */
    public void modify(T object) {
        action(EventType.MODIFIED, object);
    }

    /** Sends a DELETED event. @throws IllegalStateException if the buffer is full */
    public void delete(T lastValue) {
        action(EventType.DELETED, lastValue);
    }

    /** Sends an ERROR event carrying {@code status}. @throws IllegalStateException if the buffer is full */
    public void error(Object status) {
        queue.send(Event.error(Objects.requireNonNull(status, "status")));
    }

    /** Sends an event of the given type. @throws IllegalStateException if the buffer is full */
    public void action(EventType type, T object) {
        queue.send(Event.of(type, object));
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        return queue.take();
    }

    @Override
    public void stop() {
        queue.stop();
    }

    @Override
    public boolean isStopped() {
        return queue.isStopped();
    }

    /** Drops unread events and reopens the watch. */
    public void reset() {
        queue.reset();
    }
}
