package dev.informer.client;

import dev.informer.api.ResourceType;
import dev.informer.client.internal.OkHttpKubernetesClient;

/**
 * A connection to one API server: hands out {@link ResourceClient}s, which share its HTTP connection
 * pool, TLS setup and credentials. Create one per server and share it; it is thread-safe.
 *
 * <p>{@link #close()} cancels running requests and open watches and releases the connection pool;
 * afterwards every call throws {@link IllegalStateException}.
 */
public interface KubernetesClient extends AutoCloseable {

    /**
     * A client for {@code config} (OkHttp underneath).
     *
     * @throws ConfigException if TLS cannot be set up from the configuration
     */
    static KubernetesClient create(ClientConfig config) {
        return OkHttpKubernetesClient.create(config);
    }

    /** A client configured by {@link ClientConfig#autoDetect()}. */
    static KubernetesClient autoDetect() {
        return create(ClientConfig.autoDetect());
    }

    /** The configuration this client was made from. */
    ClientConfig config();

    /**
     * The client of one resource, in the configured namespace ({@link ClientConfig#namespace()}) when the
     * resource is namespaced; use {@link ResourceClient#inAnyNamespace()} to list and watch across all.
     */
    <T> ResourceClient<T> resource(ResourceType<T> type);

    /** Cancels running calls and releases the connection pool. Idempotent. */
    @Override
    void close();
}
