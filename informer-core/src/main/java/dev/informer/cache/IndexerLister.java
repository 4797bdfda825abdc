package dev.informer.cache;

import dev.informer.labels.LabelSelector;
import dev.informer.labels.SelectorException;
import dev.informer.store.IndexFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.ReadOnlyIndexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/** {@link Lister} and {@link NamespaceLister} over an {@link ReadOnlyIndexer}. Immutable; thread-safe. */
final class IndexerLister<T> implements Lister<T> {

    private final ReadOnlyIndexer<T> indexer;
    private final Function<? super T, Map<String, String>> labelsOf;

    /** Reads namespaces for the scan without a namespace index; the object's own metadata when null. */
    private final @Nullable Function<Object, ObjectMetaAccessor> metadata;

    IndexerLister(ReadOnlyIndexer<T> indexer, Function<? super T, Map<String, String>> labelsOf) {
        this(indexer, labelsOf, null);
    }

    private IndexerLister(
            ReadOnlyIndexer<T> indexer,
            Function<? super T, Map<String, String>> labelsOf,
            @Nullable Function<Object, ObjectMetaAccessor> metadata) {
        this.indexer = Objects.requireNonNull(indexer, "indexer");
        this.labelsOf = Objects.requireNonNull(labelsOf, "labelsOf");
        this.metadata = metadata;
    }

    /** A lister reading labels and namespaces through the one metadata adapter. */
    static <T> IndexerLister<T> withMetadata(
            ReadOnlyIndexer<T> indexer, @Nullable Function<Object, ObjectMetaAccessor> metadata) {
        Objects.requireNonNull(metadata, "metadata");
        return new IndexerLister<>(
                indexer,
                object -> {
                    Map<String, String> labels = metadata.apply(object).labels();
                    return labels == null ? Map.of() : labels;
                },
                metadata);
    }

    private String namespaceOf(Object object) {
        ObjectMetaAccessor meta = metadata != null ? metadata.apply(object) : ObjectMetadataReaders.self(object);
        String namespace = meta.namespace();
        return namespace == null ? "" : namespace;
    }

    static Map<String, String> labelsOf(Object object) {
        if (object instanceof ObjectMetaAccessor accessor) {
            Map<String, String> labels = accessor.labels();
            return labels == null ? Map.of() : labels;
        }
        throw new IllegalArgumentException(
                "cannot read the labels of " + object.getClass().getName()
                        + ": it does not implement ObjectMetaAccessor; use Lister.of(indexer, labelsFunction)");
    }

    @Override
    public List<T> list() {
        return indexer.list();
    }

    @Override
    public List<T> list(@Nullable String labelSelector) {
        return filter(indexer.list(), selector(labelSelector));
    }

    @Override
    public Optional<T> get(String key) {
        return indexer.getByKey(Objects.requireNonNull(key, "key"));
    }

    @Override
    public NamespaceLister<T> namespace(String namespace) {
        return new InNamespace(Objects.requireNonNull(namespace, "namespace"));
    }

    /** Parses a selector; the error names the whole selector as well as the parser's reason. */
    private static Predicate<Map<String, String>> selector(@Nullable String labelSelector) {
        try {
            return LabelSelector.parse(labelSelector == null ? "" : labelSelector)::matches;
        } catch (SelectorException e) {
            throw new IllegalArgumentException(
                    "invalid label selector \"" + labelSelector + "\": " + e.getMessage(), e);
        }
    }

    private List<T> filter(List<T> items, Predicate<Map<String, String>> selector) {
        List<T> result = new ArrayList<>();
        for (T item : items) {
            if (selector.test(labelsOf.apply(item))) {
                result.add(item);
            }
        }
        return result;
    }

    private final class InNamespace implements NamespaceLister<T> {
        private final String namespace;

        InNamespace(String namespace) {
            this.namespace = namespace;
        }

        @Override
        public String namespace() {
            return namespace;
        }

        @Override
        public List<T> list() {
            return list(null);
        }

        @Override
        public List<T> list(@Nullable String labelSelector) {
            Predicate<Map<String, String>> selector = selector(labelSelector);
            if (indexer.getIndexers().containsKey(IndexFunctions.NAMESPACE_INDEX)) {
                return filter(indexer.byIndex(IndexFunctions.NAMESPACE_INDEX, namespace), selector);
            }
            // No namespace index: scan, as client-go's ListAllByNamespace does.
            List<T> result = new ArrayList<>();
            for (T item : indexer.list()) {
                if (namespace.equals(namespaceOf(item)) && selector.test(labelsOf.apply(item))) {
                    result.add(item);
                }
            }
            return result;
        }

        @Override
        public Optional<T> get(String name) {
            return indexer.getByKey(namespace + "/" + Objects.requireNonNull(name, "name"));
        }
    }
}
