package dev.informer.watch.testing;

import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.Watch;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What both fakes ({@link FakeWatcher}, {@link RaceFreeFakeWatcher}) offer a test, over their {@link
 * FakeEventQueue}: sending events by type, reading them as the consumer, stopping and reopening. The
 * senders throw {@link IllegalStateException} when a bounded queue is full ({@link RaceFreeFakeWatcher});
 * after {@link #stop()} they are ignored. Thread-safe: any thread may produce, stop and reset; one
 * consumer calls {@code next()}.
 */
abstract class HandFedWatch<T> implements Watch<T> {

    final FakeEventQueue<T> queue;

    HandFedWatch(FakeEventQueue<T> queue) {
        this.queue = queue;
    }

    /** Sends an ADDED event. @throws IllegalStateException if a bounded buffer is full */
    public void add(T object) {
        action(EventType.ADDED, object);
    }

    /** Sends a MODIFIED event. @throws IllegalStateException if a bounded buffer is full */
    public void modify(T object) {
        action(EventType.MODIFIED, object);
    }

    /**
     * Sends a DELETED event carrying the object's last state.
     *
     * @throws IllegalStateException if a bounded buffer is full
     */
    public void delete(T lastValue) {
        action(EventType.DELETED, lastValue);
    }

    /**
     * Sends an ERROR event carrying {@code status} (usually a {@code dev.informer.api.Status}).
     *
     * @throws IllegalStateException if a bounded buffer is full
     */
    public void error(Object status) {
        queue.send(Event.error(Objects.requireNonNull(status, "status")));
    }

    /**
     * Sends an event of the given type, for table-driven tests.
     *
     * @throws IllegalStateException if a bounded buffer is full
     */
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
