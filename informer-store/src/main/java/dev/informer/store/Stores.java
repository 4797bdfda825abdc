package dev.informer.store;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Factories for the store implementations. The returned objects are thread-safe as their
 * interfaces describe.
 */
public final class Stores {

    private Stores() {}

    /**
     * A thread-safe store without indices (client-go's {@code NewStore}).
     *
     * @throws NullPointerException if {@code keyFunction} is {@code null}
     */
    public static <T> Store<T> newStore(KeyFunction<T> keyFunction) {
        return new ThreadSafeIndexedStore<>(keyFunction, Map.of());
    }

    /**
     * A thread-safe indexed store (client-go's {@code NewIndexer}) with the given indices; more can
     * be added later with {@link Indexer#addIndexers}.
     *
     * @throws NullPointerException if an argument, an index name or an index function is {@code null}
     */
    public static <T> Indexer<T> newIndexer(KeyFunction<T> keyFunction, Map<String, IndexFunction<T>> indexers) {
        return new ThreadSafeIndexedStore<>(keyFunction, indexers);
    }

    /**
     * A store that pushes its whole content to {@code pushFunction} after every change (client-go's
     * {@code NewUndeltaStore}); see {@link UndeltaStore}.
     *
     * @throws NullPointerException if an argument is {@code null}
     */
    public static <T> UndeltaStore<T> newUndeltaStore(
            KeyFunction<T> keyFunction, Consumer<? super List<T>> pushFunction) {
        return new PushingUndeltaStore<>(newStore(keyFunction), pushFunction);
    }
}
