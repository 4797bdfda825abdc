package dev.informer.watch;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A watch that records every event as it passes through to the consumer, as apimachinery's
 * {@code watch.Recorder}: wrap a watch, consume the recorder instead, and read {@link #events()}
 * at any time.
 *
 * <p>An event is recorded when {@link #next()} returns it, so {@link #events()} is exactly what the
 * consumer has seen so far, in order. {@code next()} has one consumer; {@link #events()},
 * {@link #stop()} and {@link #isStopped()} may be called from any thread.
 */
public final class Recorder<T> extends ForwardingWatch<T> {

    // @GuardedBy("recorded")
    private final List<Event<T>> recorded = new ArrayList<>();

    private Recorder(Watch<T> source) {
        super(source);
    }

    /** A recorder over {@code source}; stopping the recorder stops {@code source}. */
    public static <T> Recorder<T> of(Watch<T> source) {
        return new Recorder<>(source);
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        Event<T> event = source.next();
        if (event != null) {
            synchronized (recorded) {
                recorded.add(event);
            }
        }
        return event;
    }

    /** A snapshot of the events delivered so far, in delivery order. */
    public List<Event<T>> events() {
        synchronized (recorded) {
            return List.copyOf(recorded);
        }
    }
}
