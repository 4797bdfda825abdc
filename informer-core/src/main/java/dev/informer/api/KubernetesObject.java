package dev.informer.api;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;

/**
 * An API object: its type ({@code apiVersion}, {@code kind}) and its {@link ObjectMeta}.
 *
 * <p>Every object of the library's own model ({@link Pod}, {@link ConfigMap}, {@link
 * GenericObject}, ...) implements it, so the store's default key function and namespace index work
 * on them without adapters. The {@link ObjectMetaAccessor} methods are implemented here by reading
 * {@link #metadata()}; an object without metadata reports {@code null} name/namespace/resource
 * version/uid and empty labels and annotations.
 *
 * <p>Implementations are immutable values and therefore thread-safe. {@code apiVersion} and
 * {@code kind} may be {@code null}: the API server leaves them out of the items of a list.
 */
public interface KubernetesObject extends ObjectMetaAccessor {

    /** {@code group/version}, or just {@code version} for the core group; may be {@code null}. */
    String apiVersion();

    /** The kind, e.g. {@code "Pod"}; may be {@code null}. */
    String kind();

    /** The object's metadata; may be {@code null} for an object built without it. */
    ObjectMeta metadata();

    @Override
    default String namespace() {
        ObjectMeta meta = metadata();
        return meta == null ? null : meta.namespace();
    }

    @Override
    default String name() {
        ObjectMeta meta = metadata();
        return meta == null ? null : meta.name();
    }

    @Override
    default String resourceVersion() {
        ObjectMeta meta = metadata();
        return meta == null ? null : meta.resourceVersion();
    }

    @Override
    default String uid() {
        ObjectMeta meta = metadata();
        return meta == null ? null : meta.uid();
    }

    @Override
    default Map<String, String> labels() {
        ObjectMeta meta = metadata();
        return meta == null ? Map.of() : meta.labels();
    }

    @Override
    default Map<String, String> annotations() {
        ObjectMeta meta = metadata();
        return meta == null ? Map.of() : meta.annotations();
    }
}
