package dev.informer.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The reads of a {@link ReadOnlyStore} forwarded to another one, what {@link ReadOnlyIndexerView}
 * and {@link PushingUndeltaStore} share. As thread-safe as the store it forwards to.
 *
 * @param <T> the object type
 */
abstract class ForwardingReadOnlyStore<T> implements ReadOnlyStore<T> {

    private final ReadOnlyStore<T> reads;

    /** @throws NullPointerException if {@code reads} is {@code null} (named {@code name}) */
    ForwardingReadOnlyStore(ReadOnlyStore<T> reads, String name) {
        this.reads = Objects.requireNonNull(reads, name);
    }

    @Override
    public List<T> list() {
        return reads.list();
    }

    @Override
    public List<String> listKeys() {
        return reads.listKeys();
    }

    @Override
    public Optional<T> get(T obj) {
        return reads.get(obj);
    }

    @Override
    public Optional<T> getByKey(String key) {
        return reads.getByKey(key);
    }
}
