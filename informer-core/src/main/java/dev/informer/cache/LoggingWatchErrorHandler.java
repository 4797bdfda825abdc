package dev.informer.cache;

import dev.informer.cache.internal.FailureLog;
import dev.informer.clock.Clock;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link WatchErrorHandler#logging(Clock)}: one line per failure, repeats summarised. Thread-safe. */
final class LoggingWatchErrorHandler implements WatchErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(Reflector.class);
    private final Logger logger;
    private final FailureLog failures;

    LoggingWatchErrorHandler(Clock clock) {
        this(log, clock);
    }

    /** Logs to {@code logger} (the one-argument constructor passes this class's logger). */
    LoggingWatchErrorHandler(Logger logger, Clock clock) {
        this.logger = logger;
        this.failures = new FailureLog(logger, clock, FailureLog.DEFAULT_WINDOW);
    }

    @Override
    public void onWatchError(String reflectorName, RuntimeException error) {
        onWatchError(reflectorName, error, null);
    }

    @Override
    public void onWatchError(String reflectorName, RuntimeException error, @Nullable Duration retryIn) {
        if (ListAndWatchReflector.isExpired(error)) {
            logger.debug("{}: watch closed with: {}", reflectorName, error.getMessage());
            return;
        }
        failures.failure(
                reflectorName,
                "failed to list or watch: " + SyncError.describe(error),
                retryIn == null ? "" : "; retrying in " + SyncError.format(retryIn),
                error);
    }

    @Override
    public void onRecovered(String reflectorName) {
        failures.recovered(reflectorName, "listing and watching again");
    }
}
