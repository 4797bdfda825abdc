package dev.informer.cache;

import dev.informer.watch.ListOptions;
import dev.informer.watch.ListPage;
import dev.informer.watch.Watch;

/**
 * The two calls a {@link Reflector} makes against the API server, as client-go's {@code
 * ListerWatcher}: a (possibly paged) list and a watch, both for one resource and one fixed set of
 * selectors. The client's {@code ClientListerWatcher} builds one over a {@code ResourceClient}; tests
 * implement it directly.
 *
 * <p>Implementations must be thread-safe (a reflector calls them from its own thread; a consistency
 * check may list from another). Both calls may block on the network. Failures are unchecked
 * exceptions that the reflector tells apart without knowing the client: an exception implementing
 * {@link dev.informer.watch.StatusCarrier} when the server answered with an error (410 Expired, 429,
 * 5xx...; the client's {@code StatusException}), one implementing {@link
 * dev.informer.watch.ConnectionFailure} when no answer arrived (the client's {@code
 * ApiConnectionException}, retried with backoff); anything else ends the list-and-watch cycle.
 *
 * @param <T> the object type
 */
public interface ListerWatcher<T> {

    /**
     * Lists objects with {@code options} (resource version, limit, continue token set by the
     * reflector; the implementation adds its own selectors).
     */
    ListPage<T> list(ListOptions options);

    /**
     * Starts a watch with {@code options} (resource version, timeout, bookmarks, and for streaming
     * lists {@code sendInitialEvents}); the implementation adds its own selectors.
     */
    Watch<T> watch(ListOptions options);
}
