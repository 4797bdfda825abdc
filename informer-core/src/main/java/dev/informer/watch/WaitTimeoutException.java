package dev.informer.watch;

import org.jspecify.annotations.Nullable;

/**
 * The deadline of an {@link Until} wait passed before every condition held, as apimachinery's
 * {@code wait.ErrWaitTimeout}. Carries the last event seen, if any. Unchecked.
 */
public final class WaitTimeoutException extends UntilException {

    private static final long serialVersionUID = 1L;

    public WaitTimeoutException(String message, @Nullable Event<?> lastEvent) {
        super(message, lastEvent);
    }
}
