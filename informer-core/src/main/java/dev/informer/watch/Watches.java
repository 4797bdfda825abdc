package dev.informer.watch;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Small helpers over {@link Watch}: filtering, fixed event lists and the empty watch, as
 * apimachinery's {@code watch.Filter}, {@code NewProxyWatcher} and {@code NewEmptyWatch}.
 * Stateless; every method returns a new watch with one consumer.
 */
public final class Watches {

    private Watches() {}

    /**
     * A watch that passes every event of {@code source} through {@code fn}: a {@code null} result drops
     * the event, anything else is delivered instead of it. Runs {@code fn} on the consumer's thread
     * inside {@code next()}, so, unlike apimachinery's {@code Filter}, it adds no goroutine-like relay
     * thread and no extra buffered event. {@code stop()} stops {@code source}; the filtered watch ends
     * when {@code source} ends. An exception thrown by {@code fn} propagates from {@code next()}.
     *
     * <p>Like apimachinery's, a filter cannot rewrite the type of an object that starts passing the
     * filter after a change (its first visible event may be MODIFIED, not ADDED).
     */
    public static <T> Watch<T> filter(Watch<T> source, Function<? super Event<T>, ? extends Event<T>> fn) {
        return new FilteredWatch<>(Objects.requireNonNull(source, "source"), Objects.requireNonNull(fn, "fn"));
    }

    /**
     * A watch that delivers {@code events} in order and then ends (its {@code next()} returns
     * {@code null}); {@code stop()} ends it at once. The list is copied.
     *
     * @throws NullPointerException if {@code events} or one of them is {@code null}
     */
    public static <T> Watch<T> fromEvents(List<Event<T>> events) {
        return new EventListWatch<>(List.copyOf(events));
    }

    /** A watch that has already ended, as apimachinery's {@code NewEmptyWatch}. */
    public static <T> Watch<T> empty() {
        return new EventListWatch<>(List.of());
    }
}
