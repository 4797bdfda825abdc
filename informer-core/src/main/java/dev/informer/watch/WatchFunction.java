package dev.informer.watch;

/**
 * Opens a watch from a resource version, as client-go's {@code cache.Watcher} narrowed to what a
 * {@link RetryWatcher} needs. The implementation sets {@code allowWatchBookmarks} (a RetryWatcher
 * always wants bookmarks) and whatever selectors it was built with.
 *
 * <p>It may block while the request is made. A failure is reported by throwing: an exception that is
 * (or is caused by) a {@link StatusCarrier} with code 401 or 403 ends a RetryWatcher; anything else is
 * retried. Returning {@code null} is treated as a transient failure.
 */
@FunctionalInterface
public interface WatchFunction<T> {

    /**
     * Opens a watch that delivers the changes after {@code resourceVersion}.
     *
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws Exception            when the watch cannot be opened
     */
    Watch<T> watch(String resourceVersion) throws Exception;
}
