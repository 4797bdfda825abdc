package dev.informer.cache;

import dev.informer.client.StatusException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link WatchErrorHandler#logging()}: logs at a level matching the error's severity. Stateless. */
final class LoggingWatchErrorHandler implements WatchErrorHandler {

    static final LoggingWatchErrorHandler INSTANCE = new LoggingWatchErrorHandler();
    private static final Logger log = LoggerFactory.getLogger(Reflector.class);

    private LoggingWatchErrorHandler() {
    }

    @Override
    public void onWatchError(String reflectorName, RuntimeException error) {
        if (error instanceof StatusException status && status.isExpiredOrGone()) {
            log.debug("{}: watch closed with: {}", reflectorName, error.getMessage());
        } else {
            log.warn("{}: failed to list or watch: {}", reflectorName, error.getMessage(), error);
        }
    }
}
