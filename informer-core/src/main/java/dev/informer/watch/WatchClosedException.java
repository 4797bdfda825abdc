package dev.informer.watch;

import dev.informer.errors.InformerException;
import org.jspecify.annotations.Nullable;

/**
 * The watch ended before every condition of an {@link Until} wait held and before its deadline, as
 * client-go's {@code ErrWatchClosed}. Carries the last event seen, if any. Unchecked.
 */
public final class WatchClosedException extends InformerException {

    private static final long serialVersionUID = 1L;

    /** Not serialized: events hold arbitrary objects. */
    private final transient @Nullable Event<?> lastEvent;

    public WatchClosedException(String message, @Nullable Event<?> lastEvent) {
        super(message);
        this.lastEvent = lastEvent;
    }

    /** The last event received before the watch ended, or {@code null} if none was. */
    public @Nullable Event<?> lastEvent() {
        return lastEvent;
    }
}
