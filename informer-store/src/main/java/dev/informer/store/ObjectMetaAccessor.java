package dev.informer.store;

import java.util.Map;

/**
 * The few metadata fields the store, the key functions and the informer read from an object.
 *
 * <p>The library's own model ({@code dev.informer.api}) implements it; a model the library does
 * not own is adapted through a {@link KeyFunction} or an accessor function instead, so nothing
 * forces users to extend our types.
 *
 * <p>Implementations are expected to be immutable values; the store reads these fields without
 * locking the object. {@code namespace()} returns {@code null} or {@code ""} for cluster-scoped
 * objects; {@code name()} is never {@code null} for an object that has been stored.
 */
public interface ObjectMetaAccessor {

    /** The namespace, or {@code null}/empty for a cluster-scoped object. */
    String namespace();

    /** The object's name. */
    String name();

    /** The opaque resource version, or {@code null} when unknown. */
    String resourceVersion();

    /** The object's UID, or {@code null} when unknown. */
    String uid();

    /** The labels; never {@code null} (an empty map when there are none). */
    Map<String, String> labels();
}
