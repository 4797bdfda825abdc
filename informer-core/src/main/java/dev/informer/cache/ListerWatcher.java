package dev.informer.cache;

import dev.informer.api.ObjectList;
import dev.informer.client.ListOptions;
import dev.informer.watch.Watch;

/**
 * The two calls a {@link Reflector} makes against the API server, as client-go's {@code
 * ListerWatcher}: a (possibly paged) list and a watch, both for one resource and one fixed set of
 * selectors. {@link ListWatch} builds one over a {@code ResourceClient}; tests implement it
 * directly.
 *
 * <p>Implementations must be thread-safe (a reflector calls them from its own thread; a consistency
 * check may list from another). Both calls may block on the network. Failures are reported with the
 * client's unchecked exceptions: {@code StatusException} when the server answered with an error
 * (410 Expired, 429, 5xx...), {@code ApiConnectionException} when no answer arrived.
 *
 * @param <T> the object type
 */
public interface ListerWatcher<T> {

    /**
     * Lists objects with {@code options} (resource version, limit, continue token set by the
     * reflector; the implementation adds its own selectors).
     */
    ObjectList<T> list(ListOptions options);

    /**
     * Starts a watch with {@code options} (resource version, timeout, bookmarks, and for streaming
     * lists {@code sendInitialEvents}); the implementation adds its own selectors.
     */
    Watch<T> watch(ListOptions options);
}
