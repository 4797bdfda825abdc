package dev.informer.store;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The metadata fields the store, the key functions, the reflector and the informer read from an
 * object: the one metadata adapter of the library. Nothing else reads an object's name,
 * namespace, resource version, uid, labels or annotations.
 *
 * <p>The library's own model ({@code dev.informer.api}) implements it; a model the library does
 * not own is adapted by a function {@code Object -> ObjectMetaAccessor} (in informer-core, {@code
 * ResourceType.metadataAccessor()}, backed by the type's {@code MetadataReader}), which {@link
 * KeyFunctions#metaNamespaceKey(java.util.function.Function)} and the reflector take, so nothing
 * forces users to extend our types.
 *
 * <p>Implementations are expected to be immutable values; the store reads these fields without
 * locking the object. {@code namespace()} returns {@code null} or {@code ""} for cluster-scoped
 * objects; {@code name()} is never {@code null} for an object that has been stored.
 */
public interface ObjectMetaAccessor {

    /** The namespace, or {@code null}/empty for a cluster-scoped object. */
    @Nullable
    String namespace();

    /** The object's name, or {@code null} for an object built without one (the key functions reject it). */
    @Nullable
    String name();

    /** The opaque resource version, or {@code null} when unknown. */
    @Nullable
    String resourceVersion();

    /** The object's UID, or {@code null} when unknown. */
    @Nullable
    String uid();

    /** The labels; never {@code null} (an empty map when there are none). */
    Map<String, String> labels();

    /**
     * The annotations; never {@code null}. The reflector reads the {@code k8s.io/initial-events-end}
     * annotation of a streaming list's bookmark through it. The default is an empty map, for
     * adapters that carry no annotations.
     */
    default Map<String, String> annotations() {
        return Map.of();
    }
}
