package dev.informer.store;

import java.util.Objects;

/**
 * A namespace and a name: a store key split into its parts (client-go's {@code ObjectName}).
 *
 * <p>{@code namespace} is {@code ""} for cluster-scoped objects, never {@code null}. Immutable.
 *
 * @param namespace the namespace, {@code ""} when cluster-scoped
 * @param name the name
 */
public record ObjectName(String namespace, String name) {

    /** @throws NullPointerException if either part is {@code null} */
    public ObjectName {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
    }

    /** {@code namespace/name}, or {@code name} when the namespace is empty: the store key. */
    public String key() {
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    @Override
    public String toString() {
        return key();
    }
}
