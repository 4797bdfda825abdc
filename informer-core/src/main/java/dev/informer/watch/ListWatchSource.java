package dev.informer.watch;

import dev.informer.store.ObjectMetaAccessor;
import org.jspecify.annotations.Nullable;

/**
 * Lists and watches one kind of object, narrowed to what {@link Until#untilWithSync} needs, so that the
 * watch package depends on no client. An adapter over a resource client implements {@link #list()} and
 * {@link #watch(String)} with the same selectors; a model that does not implement
 * {@link ObjectMetaAccessor} overrides {@link #keyOf} and {@link #resourceVersionOf}.
 *
 * <p>Calls come from the thread running the wait, one at a time. A call may be interrupted when the
 * wait's deadline passes; it should then return or throw promptly.
 */
public interface ListWatchSource<T> extends WatchFunction<T> {

    /**
     * Lists every object (all pages) with its resource version.
     *
     * @throws InterruptedException if interrupted while waiting
     * @throws Exception            on failure; the caller retries
     */
    ListResult<T> list() throws Exception;

    /** Opens a watch from {@code resourceVersion} with bookmarks allowed. */
    @Override
    Watch<T> watch(String resourceVersion) throws Exception;

    /**
     * The object's cache key, {@code namespace/name} or {@code name} for a cluster-scoped object, as
     * client-go's {@code MetaNamespaceKeyFunc}.
     *
     * @throws IllegalArgumentException if the object does not implement {@link ObjectMetaAccessor} (override this)
     *     or has no name
     */
    default String keyOf(T object) {
        ObjectMetaAccessor meta = meta(object);
        String name = meta.name();
        if (name == null) {
            throw new IllegalArgumentException("a " + object.getClass().getName() + " without a name has no key");
        }
        String namespace = meta.namespace();
        return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
    }

    /**
     * The object's resource version, {@code null} if unknown.
     *
     * @throws IllegalArgumentException if the object does not implement {@link ObjectMetaAccessor} (override this)
     */
    default @Nullable String resourceVersionOf(T object) {
        return meta(object).resourceVersion();
    }

    private static ObjectMetaAccessor meta(Object object) {
        if (object instanceof ObjectMetaAccessor meta) {
            return meta;
        }
        throw new IllegalArgumentException(object.getClass().getName() + " does not implement ObjectMetaAccessor: "
                + "override ListWatchSource.keyOf and resourceVersionOf for this model");
    }
}
