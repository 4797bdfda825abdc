package dev.informer.watch.testing;

import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.Watch;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link Watch} a test feeds by hand, as apimachinery's {@code watch.FakeWatcher}, but with an
 * unbounded queue so a producer never blocks (Go's fake blocks the sender until the consumer reads).
 *
 * <p>{@link #stop()} (by the consumer, or by the test to simulate the server closing the watch) ends
 * the stream after the events already sent: the consumer still reads them, then {@code next()} returns
 * {@code null}. Events sent after {@code stop()} are ignored. {@link #reset()} makes it usable again.
 * {@link #stopCount()} tells a test whether (and how often) the code under test stopped it.
 *
 * <p>Thread-safe: any thread may produce, stop and reset; one consumer calls {@code next()}.
 */
public final class FakeWatcher<T> implements Watch<T> {

    private final FakeEventQueue<T> queue = new FakeEventQueue<>("FakeWatcher", Integer.MAX_VALUE);

    /** An open watch with no events yet. */
    public FakeWatcher() {}

    /** Sends an ADDED event. */
    public void add(T object) {
        action(EventType.ADDED, object);
    }

    /** Sends a MODIFIED event. */
    public void modify(T object) {
        action(EventType.MODIFIED, object);
    }

    /** Sends a DELETED event carrying the object's last state. */
    public void delete(T lastValue) {
        action(EventType.DELETED, lastValue);
    }

    /** Sends an ERROR event carrying {@code status} (usually a {@code dev.informer.api.Status}). */
    public void error(Object status) {
        queue.send(Event.error(Objects.requireNonNull(status, "status")));
    }

    /** Sends an event of the given type, for table-driven tests. */
    public void action(EventType type, T object) {
        queue.send(Event.of(type, object));
    }

    /** Sends a ready-made event. */
    public void send(Event<T> event) {
        queue.send(Objects.requireNonNull(event, "event"));
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

    /** How many times {@link #stop()} was called (including repeated calls). */
    public int stopCount() {
        return queue.stopCount();
    }

    /** How many events were sent and not read yet. */
    public int pending() {
        return queue.pending();
    }

    /** Drops unread events and reopens the watch. */
    public void reset() {
        queue.reset();
    }
}
