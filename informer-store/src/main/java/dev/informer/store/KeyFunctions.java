package dev.informer.store;

import java.util.Objects;
import java.util.function.Function;

/**
 * The standard key functions and key parsing.
 *
 * <p>All functions returned here are stateless and thread-safe.
 */
public final class KeyFunctions {

    private static final KeyFunction<Object> META_NAMESPACE = obj -> {
        if (obj instanceof DeletedFinalStateUnknown<?> tombstone) {
            return tombstone.key();
        }
        if (obj instanceof ObjectMetaAccessor meta) {
            return keyOf(obj, meta);
        }
        throw KeyException.forObject(
                obj,
                obj == null ? "the object is null" : "it does not implement " + ObjectMetaAccessor.class.getName());
    };

    private KeyFunctions() {}

    /**
     * {@code namespace/name}, or {@code name} when the namespace is {@code null} or empty, read
     * through {@link ObjectMetaAccessor}; a {@link DeletedFinalStateUnknown} yields its own key.
     * This is client-go's {@code DeletionHandlingMetaNamespaceKeyFunc}.
     *
     * <p>Throws {@link KeyException} for {@code null}, for an object that does not implement
     * {@link ObjectMetaAccessor}, and for an object whose name is {@code null} or empty.
     */
    @SuppressWarnings("unchecked")
    public static <T> KeyFunction<T> metaNamespaceKey() {
        return (KeyFunction<T>) META_NAMESPACE;
    }

    /**
     * Like {@link #metaNamespaceKey()}, for a model that does not implement {@link
     * ObjectMetaAccessor}: {@code accessor} adapts an object to its metadata. Tombstones are
     * unwrapped before the accessor is called. A {@code null} from the accessor, or a runtime
     * exception thrown by it, becomes a {@link KeyException} naming the object's class.
     *
     * @throws NullPointerException if {@code accessor} is {@code null}
     */
    public static <T> KeyFunction<T> metaNamespaceKey(Function<Object, ObjectMetaAccessor> accessor) {
        Objects.requireNonNull(accessor, "accessor");
        return obj -> {
            if (obj instanceof DeletedFinalStateUnknown<?> tombstone) {
                return tombstone.key();
            }
            if (obj == null) {
                throw KeyException.forObject(null, "the object is null");
            }
            ObjectMetaAccessor meta;
            try {
                meta = accessor.apply(obj);
            } catch (RuntimeException e) {
                throw new KeyException(
                        "cannot compute a key for " + KeyException.describe(obj) + ": its metadata accessor failed", e);
            }
            if (meta == null) {
                throw KeyException.forObject(obj, "it has no metadata");
            }
            return keyOf(obj, meta);
        };
    }

    /**
     * Splits a key made by {@link #metaNamespaceKey()}: {@code "ns/name"} gives ({@code ns},
     * {@code name}), {@code "name"} gives ({@code ""}, {@code name}).
     *
     * @throws KeyException if the key holds more than one {@code '/'}
     * @throws NullPointerException if {@code key} is {@code null}
     */
    public static ObjectName splitMetaNamespaceKey(String key) {
        Objects.requireNonNull(key, "key");
        int slash = key.indexOf('/');
        if (slash < 0) {
            return new ObjectName("", key);
        }
        if (key.indexOf('/', slash + 1) >= 0) {
            throw new KeyException("unexpected key format: \"" + key + "\" (more than one '/')");
        }
        return new ObjectName(key.substring(0, slash), key.substring(slash + 1));
    }

    private static String keyOf(Object obj, ObjectMetaAccessor meta) {
        String name = meta.name();
        if (name == null || name.isEmpty()) {
            throw KeyException.forObject(obj, "it has no name");
        }
        String namespace = meta.namespace();
        return namespace == null || namespace.isEmpty() ? name : namespace + "/" + name;
    }
}
