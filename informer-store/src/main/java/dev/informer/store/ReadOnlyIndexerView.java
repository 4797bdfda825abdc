package dev.informer.store;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/** {@link ReadOnlyIndexer#of}: forwards the reads, holds the indexer privately. Immutable; thread-safe. */
final class ReadOnlyIndexerView<T> extends ForwardingReadOnlyStore<T> implements ReadOnlyIndexer<T> {

    private final Indexer<T> indexer;

    ReadOnlyIndexerView(Indexer<T> indexer) {
        super(indexer, "indexer");
        this.indexer = indexer;
    }

    @Override
    public List<T> index(String indexName, T obj) {
        return indexer.index(indexName, obj);
    }

    @Override
    public List<String> indexKeys(String indexName, String indexedValue) {
        return indexer.indexKeys(indexName, indexedValue);
    }

    @Override
    public List<String> listIndexFuncValues(String indexName) {
        return indexer.listIndexFuncValues(indexName);
    }

    @Override
    public List<T> byIndex(String indexName, String indexedValue) {
        return indexer.byIndex(indexName, indexedValue);
    }

    @Override
    public Map<String, IndexFunction<T>> getIndexers() {
        return Collections.unmodifiableMap(indexer.getIndexers());
    }

    @Override
    public String toString() {
        return "ReadOnlyIndexer[" + indexer + "]";
    }
}
