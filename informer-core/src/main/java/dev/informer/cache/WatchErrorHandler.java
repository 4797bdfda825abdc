package dev.informer.cache;

import dev.informer.clock.Clock;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Called whenever a {@link Reflector}'s list-and-watch cycle ends with an error (a failed list, a
 * watch that ended with an error), and whenever a watch could not be started and is retried (the
 * server is unreachable, or answered 429), as client-go's {@code WatchErrorHandler}. The reflector
 * then backs off and retries; the handler cannot stop it. Once the reflector lists or watches
 * successfully again after failures it calls {@link #onRecovered}.
 *
 * <p>Called on the reflector's thread: implementations must return quickly and must not block.
 * A runtime exception thrown by a handler is logged and otherwise ignored.
 */
@FunctionalInterface
public interface WatchErrorHandler {

    /**
     * Called when a list or watch cycle of the reflector ends with an error.
     *
     * @param reflectorName the reflector's name, for messages
     * @param error         what ended the cycle (a {@code StatusException}, an {@code
     *                      ApiConnectionException}, a {@link VeryShortWatchException}, ...)
     */
    void onWatchError(String reflectorName, RuntimeException error);

    /**
     * What the reflector calls: {@link #onWatchError(String, RuntimeException)} plus the delay
     * before its next attempt. The default ignores the delay.
     */
    default void onWatchError(String reflectorName, RuntimeException error, @Nullable Duration retryIn) {
        onWatchError(reflectorName, error);
    }

    /** The reflector listed or watched successfully after failures. The default does nothing. */
    default void onRecovered(String reflectorName) {}

    /**
     * The default, as client-go's {@code DefaultWatchErrorHandler}, on the system clock: see
     * {@link #logging(Clock)}.
     */
    static WatchErrorHandler logging() {
        return logging(Clock.system());
    }

    /**
     * The default handler: an expired resource version at DEBUG (the reflector simply relists);
     * any other failure as ONE WARN line naming the reflector, the cause (with the request's URL)
     * and the next retry delay, its stack trace at DEBUG only. Identical failures of one reflector
     * within 60 s of {@code clock} are counted and summarised in one line ({@code "(12 more in
     * 60 s)"}) when the cause changes, the window ends or the reflector recovers, which is logged
     * at INFO. Each call returns a new, thread-safe handler.
     */
    static WatchErrorHandler logging(Clock clock) {
        return new LoggingWatchErrorHandler(clock);
    }
}
