package dev.informer.cache;

import dev.informer.store.KeyFunctions;
import dev.informer.store.ReflectorStore;
import dev.informer.store.Store;
import dev.informer.store.Stores;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A real store that also records the calls a reflector made on it. */
final class RecordingStore<T> implements ReflectorStore<T> {

    final Store<T> store = Stores.newStore(KeyFunctions.metaNamespaceKey());
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<String> replacedResourceVersions = new CopyOnWriteArrayList<>();
    final AtomicInteger resyncs = new AtomicInteger();
    volatile RuntimeException failResync;

    @Override
    public void add(T obj) {
        calls.add("add");
        store.add(obj);
    }

    @Override
    public void update(T obj) {
        calls.add("update");
        store.update(obj);
    }

    @Override
    public void delete(T obj) {
        calls.add("delete");
        store.delete(obj);
    }

    @Override
    public void replace(Collection<? extends T> items, String resourceVersion) {
        calls.add("replace");
        store.replace(items, resourceVersion);
        replacedResourceVersions.add(resourceVersion);
    }

    @Override
    public void resync() {
        calls.add("resync");
        resyncs.incrementAndGet();
        RuntimeException failure = failResync;
        if (failure != null) {
            throw failure;
        }
    }
}
