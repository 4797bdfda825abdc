package dev.informer.client;

import dev.informer.api.ResourceType;
import dev.informer.cache.InformerOptions;
import dev.informer.cache.SharedIndexInformer;
import java.util.Objects;

/**
 * Informers over a {@link ResourceClient}: binds the client to the engine's {@code ListerWatcher}
 * ({@link ClientListerWatcher}) and presets what the engine cannot know of a resource: its name, the
 * metrics' resource label and the model's metadata adapter ({@link ResourceType#metadataAccessor()}).
 * For many informers sharing one client, use {@link SharedInformerFactory}.
 *
 * <pre>{@code
 * SharedIndexInformer<Pod> pods = Informers.builder(client.resource(ResourceType.PODS)).build();
 * SharedIndexInformer<Pod> web = Informers.builder(
 *                 client.resource(ResourceType.PODS), InformerOptions.inNamespace("web").withLabelSelector("app=web"))
 *         .resyncPeriod(Duration.ofMinutes(10))
 *         .build();
 * }</pre>
 *
 * <p>Stateless and thread-safe; each call returns a new builder.
 */
public final class Informers {

    private Informers() {}

    /** A builder for an informer over every object of {@code client}'s resource (all namespaces). */
    public static <T> SharedIndexInformer.Builder<T> builder(ResourceClient<T> client) {
        return builder(client, InformerOptions.ALL);
    }

    /**
     * A builder for an informer over {@code client}'s resource narrowed by {@code options} (namespace,
     * label and field selectors). The builder is named after the resource ({@code pods}, or {@code
     * pods@namespace}); every engine option can still be changed on it.
     *
     * @throws IllegalArgumentException if {@code options} names a namespace for a cluster-scoped resource
     */
    public static <T> SharedIndexInformer.Builder<T> builder(ResourceClient<T> client, InformerOptions options) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(options, "options");
        ResourceType<T> type = client.resourceType();
        ClientListerWatcher<T> listerWatcher =
                ClientListerWatcher.of(client, options.namespace(), options.labelSelector(), options.fieldSelector());
        return SharedIndexInformer.builder(listerWatcher)
                .name(options.namespace() == null ? type.plural() : type.plural() + "@" + options.namespace())
                .resource(type.groupVersionResource().groupVersion() + "/" + type.plural())
                .metadata(type.metadataAccessor());
    }
}
