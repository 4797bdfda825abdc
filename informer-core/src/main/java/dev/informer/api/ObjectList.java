package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.api.internal.Immutables;
import dev.informer.watch.ListPage;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A list response: {@code PodList}, {@code ConfigMapList}, any {@code <Kind>List}. One generic type
 * serves every kind; {@link ApiJson#readList(java.io.InputStream, ResourceType)} binds the items
 * to the resource type's class.
 *
 * <p>Immutable value: {@link #items()} is unmodifiable (never {@code null}), and the list is safe
 * to share between threads as long as the items are (the library's own model types are).
 *
 * @param apiVersion the list's API version, e.g. {@code "v1"}
 * @param kind       the list's kind, e.g. {@code "PodList"}
 * @param metadata   the list metadata: resource version and continue token; may be {@code null}
 * @param items      the objects, in the server's order
 * @param <T>        the item type
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ObjectList<T>(
        @Nullable String apiVersion, @Nullable String kind, @Nullable ListMeta metadata, List<T> items)
        implements ListPage<T> {

    /** Copies {@code items} into an unmodifiable list ({@code null} becomes empty). */
    public ObjectList {
        items = Immutables.list(items);
    }

    /** A list of {@code items} at {@code resourceVersion} (as a fake lister or a test would build it). */
    public static <T> ObjectList<T> of(
            @Nullable String apiVersion, @Nullable String kind, @Nullable String resourceVersion, List<T> items) {
        return new ObjectList<>(apiVersion, kind, ListMeta.of(resourceVersion), items);
    }

    /** The resource version the list was read at, or {@code null}. */
    @Override
    public @Nullable String resourceVersion() {
        return metadata == null ? null : metadata.resourceVersion();
    }

    /** The continue token of the next page, or {@code null} on the last page. */
    @Override
    public @Nullable String continueToken() {
        return metadata == null || !metadata.hasMore() ? null : metadata.continueToken();
    }
}
