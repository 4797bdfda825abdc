package dev.informer.watch;

import dev.informer.errors.InformerException;
import org.jspecify.annotations.Nullable;

/**
 * What the two failures of an {@link Until} wait share: the wait ended ({@link WaitTimeoutException}
 * or {@link WatchClosedException}) before every condition held, carrying the last event seen, if any.
 * Package-private; callers catch one of the two public subtypes. Unchecked.
 */
abstract sealed class UntilException extends InformerException permits WaitTimeoutException, WatchClosedException {

    private static final long serialVersionUID = 1L;

    /** Not serialized: events hold arbitrary objects. */
    private final transient @Nullable Event<?> lastEvent;

    UntilException(String message, @Nullable Event<?> lastEvent) {
        super(message);
        this.lastEvent = lastEvent;
    }

    /** The last event received before the wait ended, or {@code null} if none was. */
    public @Nullable Event<?> lastEvent() {
        return lastEvent;
    }
}
