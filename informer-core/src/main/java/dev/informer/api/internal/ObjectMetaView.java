package dev.informer.api.internal;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of the metadata fields the store and the reflector read, taken from an object of a
 * model the library does not own. Immutable; {@code labels} and {@code annotations} are
 * unmodifiable copies, never {@code null}.
 */
public record ObjectMetaView(
        @Nullable String namespace,
        @Nullable String name,
        @Nullable String resourceVersion,
        @Nullable String uid,
        Map<String, String> labels,
        Map<String, String> annotations)
        implements ObjectMetaAccessor {

    public ObjectMetaView {
        labels = Immutables.map(labels);
        annotations = Immutables.map(annotations);
    }

    /** A view without annotations. */
    public ObjectMetaView(
            @Nullable String namespace,
            @Nullable String name,
            @Nullable String resourceVersion,
            @Nullable String uid,
            Map<String, String> labels) {
        this(namespace, name, resourceVersion, uid, labels, Map.of());
    }
}
