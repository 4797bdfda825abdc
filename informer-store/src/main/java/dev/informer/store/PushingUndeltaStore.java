package dev.informer.store;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The {@link UndeltaStore} implementation: a {@link Store} whose mutations each run, together with
 * the push that follows them, under one lock, so pushes are ordered like the changes.
 */
final class PushingUndeltaStore<T> extends ForwardingReadOnlyStore<T> implements UndeltaStore<T> {

    private final Store<T> store;
    private final Consumer<? super List<T>> pushFunction;
    // Serializes change + push pairs; reads go straight to the (thread-safe) store.
    private final ReentrantLock writeLock = new ReentrantLock();

    PushingUndeltaStore(Store<T> store, Consumer<? super List<T>> pushFunction) {
        super(store, "store");
        this.store = store;
        this.pushFunction = Objects.requireNonNull(pushFunction, "pushFunction");
    }

    @Override
    public void add(T obj) {
        changeAndPush(() -> store.add(obj));
    }

    @Override
    public void update(T obj) {
        changeAndPush(() -> store.update(obj));
    }

    @Override
    public void delete(T obj) {
        changeAndPush(() -> store.delete(obj));
    }

    @Override
    public void deleteByKey(String key) {
        changeAndPush(() -> store.deleteByKey(key));
    }

    @Override
    public void replace(Collection<? extends T> items, String resourceVersion) {
        changeAndPush(() -> store.replace(items, resourceVersion));
    }

    private void changeAndPush(Runnable change) {
        writeLock.lock();
        try {
            change.run();
            pushFunction.accept(store.list());
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    public void resync() {
        store.resync();
    }

    @Override
    public String toString() {
        return "UndeltaStore{" + store + "}";
    }
}
