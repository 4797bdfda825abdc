package dev.informer.controller;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Objects;

/**
 * The key a {@link Reconciler} is called with: the namespace and name of one object (controller-runtime's
 * {@code reconcile.Request}). It carries no object on purpose: the reconciler reads the current state
 * from the informer's cache (or the server), so it always acts on the newest state, and many events of
 * one object collapse into one queued request.
 *
 * <p>Immutable value. {@code namespace} is {@code ""} for a cluster-scoped object (never {@code null}).
 *
 * @param namespace the namespace, {@code ""} for a cluster-scoped object
 * @param name      the name, never empty
 */
public record Request(String namespace, String name) {

    /**
     * Normalizes a {@code null} namespace to {@code ""}.
     *
     * @throws IllegalArgumentException if {@code name} is null or empty
     */
    public Request {
        namespace = namespace == null ? "" : namespace;
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a request needs a name (namespace '" + namespace + "')");
        }
    }

    /** The request for a cluster-scoped object. */
    public static Request clusterScoped(String name) {
        return new Request("", name);
    }

    /** The request for {@code object}'s namespace and name. */
    public static Request of(ObjectMetaAccessor object) {
        Objects.requireNonNull(object, "object");
        String namespace = object.namespace();
        String name = object.name();
        if (name == null) {
            throw new IllegalArgumentException("a request needs a name (namespace '" + namespace + "')");
        }
        return new Request(namespace == null ? "" : namespace, name);
    }

    /** {@code namespace/name}, or {@code name} for a cluster-scoped object (the cache's key format). */
    @Override
    public String toString() {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
