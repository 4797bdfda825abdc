package dev.informer.api;

import dev.informer.store.ObjectMetaAccessor;
import java.util.Map;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

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
    @Nullable
    String apiVersion();

    /** The kind, e.g. {@code "Pod"}; may be {@code null}. */
    @Nullable
    String kind();

    /** The object's metadata; may be {@code null} for an object built without it. */
    @Nullable
    ObjectMeta metadata();

    @Override
    default @Nullable String namespace() {
        return fromMetadata(ObjectMeta::namespace);
    }

    @Override
    default @Nullable String name() {
        return fromMetadata(ObjectMeta::name);
    }

    @Override
    default @Nullable String resourceVersion() {
        return fromMetadata(ObjectMeta::resourceVersion);
    }

    @Override
    default @Nullable String uid() {
        return fromMetadata(ObjectMeta::uid);
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

    // One field of the metadata, null without metadata.
    private @Nullable String fromMetadata(Function<ObjectMeta, @Nullable String> field) {
        ObjectMeta meta = metadata();
        return meta == null ? null : field.apply(meta);
    }
}
