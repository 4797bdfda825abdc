package dev.informer.watch;

import dev.informer.errors.InformerException;
import org.jspecify.annotations.Nullable;

/**
 * The deadline of an {@link Until} wait passed before every condition held, as apimachinery's
 * {@code wait.ErrWaitTimeout}. Carries the last event seen, if any. Unchecked.
 */
public final class WaitTimeoutException extends InformerException {

    private static final long serialVersionUID = 1L;

    /** Not serialized: events hold arbitrary objects. */
    private final transient @Nullable Event<?> lastEvent;

    public WaitTimeoutException(String message, @Nullable Event<?> lastEvent) {
        super(message);
        this.lastEvent = lastEvent;
    }

    /** The last event received before the deadline, or {@code null} if none was. */
    public @Nullable Event<?> lastEvent() {
        return lastEvent;
    }
}
