package dev.informer.client;

import dev.informer.api.ObjectList;
import dev.informer.cache.ListerWatcher;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ListerWatcher} over a {@link ResourceClient}, scoped to a namespace (or all) and fixed
 * label and field selectors that it adds to every request (client-go's {@code
 * NewFilteredListWatchFromClient}). Immutable; thread-safe as the client is.
 *
 * @param <T> the object type
 */
public final class ClientListerWatcher<T> implements ListerWatcher<T> {

    private final ResourceClient<T> client;
    private final @Nullable String labelSelector;
    private final @Nullable String fieldSelector;

    private ClientListerWatcher(
            ResourceClient<T> client, @Nullable String labelSelector, @Nullable String fieldSelector) {
        this.client = client;
        this.labelSelector = blankToNull(labelSelector);
        this.fieldSelector = blankToNull(fieldSelector);
    }

    /**
     * Lists and watches {@code client}'s resource in {@code namespace} ({@code null}: every
     * namespace, and the only choice for cluster-scoped resources) with the given selectors
     * ({@code null}: none).
     *
     * @throws IllegalArgumentException if a namespace is given for a cluster-scoped resource
     */
    public static <T> ClientListerWatcher<T> of(
            ResourceClient<T> client,
            @Nullable String namespace,
            @Nullable String labelSelector,
            @Nullable String fieldSelector) {
        Objects.requireNonNull(client, "client");
        ResourceClient<T> scoped;
        if (namespace == null || namespace.isEmpty()) {
            scoped = client.resourceType().namespaced() ? client.inAnyNamespace() : client;
        } else {
            if (!client.resourceType().namespaced()) {
                throw new IllegalArgumentException(client.resourceType().plural()
                        + " are cluster-scoped: they cannot be listed in namespace " + namespace);
            }
            scoped = client.inNamespace(namespace);
        }
        return new ClientListerWatcher<>(scoped, labelSelector, fieldSelector);
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private ListOptions withSelectors(ListOptions options) {
        if (labelSelector == null && fieldSelector == null) {
            return options;
        }
        ListOptions.Builder builder = options.toBuilder();
        if (labelSelector != null) {
            builder.labelSelector(labelSelector);
        }
        if (fieldSelector != null) {
            builder.fieldSelector(fieldSelector);
        }
        return builder.build();
    }

    @Override
    public ObjectList<T> list(ListOptions options) {
        return client.list(withSelectors(options));
    }

    @Override
    public Watch<T> watch(ListOptions options) {
        return client.watch(withSelectors(options));
    }

    @Override
    public String toString() {
        return "ClientListerWatcher[" + client.resourceType().plural() + " in "
                + (client.namespace() == null ? "all namespaces" : client.namespace())
                + (labelSelector == null ? "" : ", labels " + labelSelector)
                + (fieldSelector == null ? "" : ", fields " + fieldSelector) + "]";
    }
}
