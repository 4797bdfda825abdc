package dev.informer.watch.testing;

import dev.informer.watch.Event;
import dev.informer.watch.Watch;
import java.util.Objects;

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
public final class FakeWatcher<T> extends HandFedWatch<T> {

    /** An open watch with no events yet. */
    public FakeWatcher() {
        super(new FakeEventQueue<>("FakeWatcher", Integer.MAX_VALUE));
    }

    /** Sends a ready-made event. */
    public void send(Event<T> event) {
        queue.send(Objects.requireNonNull(event, "event"));
    }

    /** How many times {@link #stop()} was called (including repeated calls). */
    public int stopCount() {
        return queue.stopCount();
    }

    /** How many events were sent and not read yet. */
    public int pending() {
        return queue.pending();
    }
}
