package dev.informer.store;

import java.util.List;
import java.util.Map;

/**
 * The read operations of an {@link Indexer}: those of {@link ReadOnlyStore} and the lookups by
 * index value, and nothing that writes. An informer hands its cache out as this type ({@code
 * SharedIndexInformer.getIndexer()}), so only the informer writes to it. Where client-go's {@code
 * GetIndexer} returns the mutable {@code cache.Indexer}, this view is deliberately read-only.
 *
 * <p>Views made by {@link #of(Indexer)} are not {@link Indexer}s and cannot be cast to one; they
 * read through to the indexer, so they always show its current content.
 *
 * <p><b>Thread-safety.</b> As for {@link Store}: every method is thread-safe, {@link #getByKey} and
 * {@link #get} never block, and the list methods return immutable snapshots that later writes do not
 * affect.
 *
 * <p><b>Misuse.</b> Asking for an index that does not exist throws {@link IllegalArgumentException}
 * naming the index.
 *
 * @param <T> the object type
 */
public interface ReadOnlyIndexer<T> extends ReadOnlyStore<T> {

    /**
     * The objects that share at least one value of index {@code indexName} with {@code obj}
     * (which need not be stored), each once, as an immutable snapshot.
     *
     * @throws IllegalArgumentException if the index does not exist
     */
    List<T> index(String indexName, T obj);

    /**
     * The keys of the objects whose values in {@code indexName} include {@code indexedValue}, as an
     * immutable snapshot (empty when none).
     *
     * @throws IllegalArgumentException if the index does not exist
     */
    List<String> indexKeys(String indexName, String indexedValue);

    /**
     * All values currently present in index {@code indexName} (values whose bucket became empty
     * are dropped), as an immutable snapshot.
     *
     * @throws IllegalArgumentException if the index does not exist
     */
    List<String> listIndexFuncValues(String indexName);

    /**
     * The objects whose values in {@code indexName} include {@code indexedValue}, as an immutable
     * snapshot that later writes do not change (empty when none).
     *
     * @throws IllegalArgumentException if the index does not exist
     */
    List<T> byIndex(String indexName, String indexedValue);

    /** An immutable view of the registered index functions by name. */
    Map<String, IndexFunction<T>> getIndexers();

    /**
     * A read-only view of {@code indexer} that reads through to it. The view is not an {@link
     * Indexer}: a holder of the view cannot write to the indexer, not even by casting.
     *
     * @throws NullPointerException if {@code indexer} is {@code null}
     */
    static <T> ReadOnlyIndexer<T> of(Indexer<T> indexer) {
        return new ReadOnlyIndexerView<>(indexer);
    }
}
