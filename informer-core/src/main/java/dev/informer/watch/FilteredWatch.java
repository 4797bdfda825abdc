package dev.informer.watch;

import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** {@link Watches#filter}: applies the function on the consumer's thread. One consumer; stop() thread-safe. */
final class FilteredWatch<T> extends ForwardingWatch<T> {

    private final Function<? super Event<T>, ? extends Event<T>> fn;

    FilteredWatch(Watch<T> source, Function<? super Event<T>, ? extends Event<T>> fn) {
        super(source);
        this.fn = fn;
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        while (true) {
            Event<T> event = source.next();
            if (event == null) {
                return null;
            }
            Event<T> kept = fn.apply(event);
            if (kept != null) {
                return kept;
            }
        }
    }
}
