package dev.informer.watch;

import org.jspecify.annotations.Nullable;

/**
 * The watch ended before every condition of an {@link Until} wait held and before its deadline, as
 * client-go's {@code ErrWatchClosed}. Carries the last event seen, if any. Unchecked.
 */
public final class WatchClosedException extends UntilException {

    private static final long serialVersionUID = 1L;

    public WatchClosedException(String message, @Nullable Event<?> lastEvent) {
        super(message, lastEvent);
    }
}
