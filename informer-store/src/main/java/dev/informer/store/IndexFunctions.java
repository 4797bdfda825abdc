package dev.informer.store;

import java.util.List;
import java.util.Objects;

/**
 * The standard index functions. All are stateless and thread-safe.
 */
public final class IndexFunctions {

    /** The conventional name of the {@link #byNamespace()} index (client-go's {@code NamespaceIndex}). */
    public static final String NAMESPACE_INDEX = "namespace";

    private static final IndexFunction<ObjectMetaAccessor> BY_NAMESPACE = obj -> {
        String namespace = obj.namespace();
        return List.of(namespace == null ? "" : namespace);
    };

    private IndexFunctions() {}

    /**
     * Indexes an object by its namespace; cluster-scoped objects go under {@code ""}
     * (client-go's {@code MetaNamespaceIndexFunc}).
     */
    @SuppressWarnings("unchecked")
    public static <T extends ObjectMetaAccessor> IndexFunction<T> byNamespace() {
        return (IndexFunction<T>) BY_NAMESPACE;
    }

    /**
     * Indexes an object by the value of label {@code labelKey}; objects without the label are not
     * indexed.
     *
     * @throws NullPointerException if {@code labelKey} is {@code null}
     */
    public static <T extends ObjectMetaAccessor> IndexFunction<T> byLabel(String labelKey) {
        Objects.requireNonNull(labelKey, "labelKey");
        return obj -> {
            var labels = obj.labels();
            String value = labels == null ? null : labels.get(labelKey);
            return value == null ? List.of() : List.of(value);
        };
    }
}
