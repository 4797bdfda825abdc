package dev.informer.cache;

import dev.informer.errors.InformerException;

/**
 * A watch that the server closed within a second without sending a single event, which usually
 * means it is failing; the reflector relists after a backoff instead of re-watching at once, as
 * client-go's {@code VeryShortWatchError}. Unchecked; passed to the {@link WatchErrorHandler}.
 */
public final class VeryShortWatchException extends InformerException {

    private static final long serialVersionUID = 1L;

    VeryShortWatchException(String reflectorName) {
        super(reflectorName
                + ": unexpected watch close - the watch lasted less than a second and no items were received");
    }
}
