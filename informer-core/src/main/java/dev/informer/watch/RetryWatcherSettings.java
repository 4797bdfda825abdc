package dev.informer.watch;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;

/**
 * The settings of a {@link RetryWatcher} besides where it starts, made by {@link RetryWatcher.Builder}
 * (whose setters the processor generates from this record).
 *
 * @param clock the clock that spaces re-watches (default: the system clock)
 * @param threadFactory makes the one background thread (default: daemon threads named {@code
 *     retry-watcher-N})
 * @param resourceVersionOf reads an object's resource version (default: {@link
 *     dev.informer.store.ObjectMetaAccessor#resourceVersion()}, or none for other classes). Returning {@code null} or
 *     {@code ""} ends the RetryWatcher with an ERROR
 * @param failureStatus extracts the server's status from a failure of the watch function, {@code
 *     null} if it has none (default: {@link StatusCarrier#statusOf}). A 401 or 403 status ends the
 *     RetryWatcher
 * @param minRestartDelay the least time between the starts of two consecutive watches (default 1 s,
 *     as client-go)
 * @param <T> the object type of the watch
 */
@GenerateBuilder(builder = "RetryWatcher.Builder<T>", checked = true)
record RetryWatcherSettings<T>(
        Clock clock,
        ThreadFactory threadFactory,
        Function<? super T, String> resourceVersionOf,
        Function<? super Exception, ? extends ApiError> failureStatus,
        Duration minRestartDelay) {

    RetryWatcherSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        Objects.requireNonNull(resourceVersionOf, "resourceVersionOf");
        Objects.requireNonNull(failureStatus, "failureStatus");
        checkMinRestartDelay(Objects.requireNonNull(minRestartDelay, "minRestartDelay"));
    }

    /**
     * Checks the delay between the starts of two watches.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkMinRestartDelay(Duration minRestartDelay) {
        if (minRestartDelay.isNegative()) {
            throw new IllegalArgumentException("minRestartDelay must not be negative, was " + minRestartDelay);
        }
        return minRestartDelay;
    }
}
