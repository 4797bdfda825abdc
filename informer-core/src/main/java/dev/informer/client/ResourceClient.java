package dev.informer.client;

import dev.informer.api.ObjectList;
import dev.informer.api.ResourceType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.Watch;
import org.jspecify.annotations.Nullable;

/**
 * The verbs of one resource (pods, leases, a custom resource...) in one namespace, all namespaces, or
 * cluster-wide for cluster-scoped resources: client-go's typed/dynamic resource interface.
 *
 * <p>Instances are immutable and thread-safe; {@link #inNamespace} and {@link #inAnyNamespace} return
 * new clients sharing the same connection pool. Every call blocks until the server has answered (a
 * watch: until the response headers arrived; events are then read by the consumer).
 *
 * <p>Failures: {@link StatusException} when the server answers with an error (404, 409, 410, 429...),
 * {@link ApiConnectionException} when no answer arrives, {@link AuthenticationException} when
 * credentials cannot be obtained, {@link IllegalStateException} after the client was closed or when a
 * namespace is needed but none is set, {@link IllegalArgumentException} for an invalid name or a
 * namespace that contradicts the object's.
 *
 * @param <T> the object type ({@link ResourceType#type()})
 */
public interface ResourceClient<T> {

    /** The resource this client addresses. */
    ResourceType<T> resourceType();

    /** The namespace requests go to, or {@code null} for all namespaces (and for cluster-scoped resources). */
    @Nullable
    String namespace();

    /**
     * A client for {@code namespace}.
     *
     * @throws IllegalArgumentException for a cluster-scoped resource or an empty namespace
     */
    ResourceClient<T> inNamespace(String namespace);

    /** A client for all namespaces (list and watch across namespaces; create/update use the object's). */
    ResourceClient<T> inAnyNamespace();

    /** Lists objects (one page when {@code options.limit()} is set; see {@link ListPager}). */
    ObjectList<T> list(ListOptions options);

    /** Lists every object, unpaged, at the latest resource version. */
    default ObjectList<T> list() {
        return list(ListOptions.NONE);
    }

    /**
     * Opens a watch. Events are decoded straight from the response stream on the consumer's thread;
     * {@link Watch#stop()} cancels the HTTP call. The read timeout is {@code timeoutSeconds} plus a
     * grace period (or {@link ClientConfig#watchReadTimeout()}), so a dead connection ends the watch.
     *
     * @throws StatusException if the server refuses the watch (e.g. 410 for a too old resource version,
     *                         when the server reports it before streaming)
     */
    Watch<T> watch(ListOptions options);

    /** The object called {@code name}. @throws StatusException {@code isNotFound()} when absent */
    T get(String name);

    /** Creates {@code object}; returns the stored object. @throws StatusException {@code isAlreadyExists()} */
    T create(T object);

    /**
     * Replaces the object named in {@code object}'s metadata; its resourceVersion is the optimistic
     * concurrency precondition. @throws StatusException {@code isConflict()} when it is stale
     */
    T update(T object);

    /** Replaces the {@code status} subresource; other changes in {@code object} are ignored by the server. */
    T updateStatus(T object);

    /** Patches the object {@code name} with {@code body} of {@code type}. */
    default T patch(String name, PatchType type, String body) {
        return patch(name, type, body, PatchOptions.NONE);
    }

    /**
     * Patches the object {@code name}.
     *
     * @throws IllegalArgumentException for {@link PatchType#APPLY} without a field manager
     */
    T patch(String name, PatchType type, String body, PatchOptions options);

    /** Patches the {@code status} subresource. */
    default T patchStatus(String name, PatchType type, String body) {
        return patchStatus(name, type, body, PatchOptions.NONE);
    }

    /** Patches the {@code status} subresource. */
    T patchStatus(String name, PatchType type, String body, PatchOptions options);

    /**
     * Server-side apply of {@code object} (its name and namespace come from its metadata).
     *
     * @param fieldManager required manager name
     * @param force        take ownership of fields another manager owns instead of failing with 409
     */
    T apply(T object, String fieldManager, boolean force);

    /**
     * Server-side apply of a JSON or YAML manifest; its {@code metadata.name} (and namespace, when this
     * client has none) address the object. The manifest is sent as JSON (valid YAML, so every server
     * accepts it).
     *
     * @throws IllegalArgumentException if the manifest does not parse or has no {@code metadata.name}
     */
    T apply(String manifest, String fieldManager, boolean force);

    /** Deletes the object {@code name}. @throws StatusException {@code isNotFound()} when absent */
    default void delete(String name) {
        delete(name, DeleteOptions.NONE);
    }

    /**
     * Deletes the object {@code name} with preconditions and propagation policy.
     *
     * @throws StatusException {@code isConflict()} when a precondition does not hold
     */
    void delete(String name, DeleteOptions options);
}
