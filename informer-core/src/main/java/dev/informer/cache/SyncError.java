package dev.informer.cache;

import dev.informer.cache.internal.FailureLog;
import dev.informer.clock.Durations;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The last failure of an informer's (or reflector's) list and watch: what a caller reports when
 * the cache does not sync ("cannot sync pods from https://...: connection refused"). Immutable.
 *
 * @param cause   the failure: a {@code StatusException} (the server answered with an error, its
 *                {@code Status} attached), an {@code ApiConnectionException} (no answer; names the
 *                URL), a {@link VeryShortWatchException}, ...
 * @param time    when it happened, on the informer's clock
 * @param retryIn the delay before the next attempt
 */
public record SyncError(RuntimeException cause, Instant time, Duration retryIn) {

    public SyncError {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(retryIn, "retryIn");
    }

    /** The cause on one line (its message, or its class name when it has none), without a stack trace. */
    public String message() {
        return describe(cause);
    }

    static String describe(Throwable error) {
        String message = error.getMessage();
        return FailureLog.oneLine(
                message == null || message.isBlank() ? error.getClass().getName() : message);
    }

    /** {@code 800ms}, {@code 1.6s}, {@code 2m5.3s}: a delay to a tenth of a second, as Go prints durations. */
    static String format(Duration delay) {
        long millis = delay.toMillis();
        return Durations.format(Duration.ofMillis(millis < 1000 ? millis : millis / 100 * 100));
    }
}
