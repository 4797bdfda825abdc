package dev.informer.cache;

/**
 * Called whenever a {@link Reflector}'s list-and-watch cycle ends with an error (a failed list, a
 * watch that could not be started, a watch that ended with an error), as client-go's {@code
 * WatchErrorHandler}. The reflector then backs off and retries; the handler cannot stop it.
 *
 * <p>Called on the reflector's thread: implementations must return quickly and must not block.
 * A runtime exception thrown by a handler is logged and otherwise ignored.
 */
@FunctionalInterface
public interface WatchErrorHandler {

    /**
     * @param reflectorName the reflector's name, for messages
     * @param error         what ended the cycle (a {@code StatusException}, an {@code
     *                      ApiConnectionException}, a {@link VeryShortWatchException}, ...)
     */
    void onWatchError(String reflectorName, RuntimeException error);

    /**
     * The default, as client-go's {@code DefaultWatchErrorHandler}: an expired resource version at
     * debug (the reflector simply relists), anything else as a warning with its stack trace.
     */
    static WatchErrorHandler logging() {
        return LoggingWatchErrorHandler.INSTANCE;
    }
}
