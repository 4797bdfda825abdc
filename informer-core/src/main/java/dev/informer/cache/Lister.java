package dev.informer.cache;

import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.ReadOnlyIndexer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Typed read access to an informer's cache, as client-go's generated listers: {@link #list} by
 * label selector, {@link #get} by key, and {@link #namespace} for the objects of one namespace
 * (answered from the namespace index when the indexer has one).
 *
 * <p>Thread-safe; reads never block on the informer. Results are snapshots of the cache at the time
 * of the call; the objects are the cached instances and must be treated as immutable. Label
 * selectors use the Kubernetes syntax ({@code app=web,tier!=db,env in (a,b),!legacy}); a malformed
 * one throws {@link IllegalArgumentException} naming it.
 *
 * @param <T> the object type
 */
public interface Lister<T> {

    /** Every cached object. */
    List<T> list();

    /** The cached objects whose labels match {@code labelSelector} ({@code null} or blank: all). */
    List<T> list(@Nullable String labelSelector);

    /**
     * The object stored under {@code key}: the name for cluster-scoped objects, {@code
     * namespace/name} for namespaced ones (use {@link #namespace(String)} to look up by name).
     */
    Optional<T> get(String key);

    /** The objects of {@code namespace}. */
    NamespaceLister<T> namespace(String namespace);

    /** A lister over {@code indexer}, for objects that implement {@link ObjectMetaAccessor}. */
    static <T> Lister<T> of(ReadOnlyIndexer<T> indexer) {
        return new IndexerLister<>(indexer, IndexerLister::labelsOf);
    }

    /**
     * A lister over {@code indexer} reading labels and namespaces through {@code metadata}, e.g. a
     * resource type's {@code metadataAccessor()}, so any model the informer caches works.
     */
    static <T> Lister<T> withMetadata(ReadOnlyIndexer<T> indexer, Function<Object, ObjectMetaAccessor> metadata) {
        return IndexerLister.withMetadata(indexer, metadata);
    }

    /**
     * A lister over {@code indexer} reading each object's labels with {@code labels}; {@link
     * #namespace} without a namespace index needs objects that implement {@link ObjectMetaAccessor}
     * (else it throws {@link IllegalArgumentException} naming the class): prefer {@link
     * #withMetadata}.
     */
    static <T> Lister<T> of(ReadOnlyIndexer<T> indexer, Function<? super T, Map<String, String>> labels) {
        return new IndexerLister<>(indexer, labels);
    }
}
