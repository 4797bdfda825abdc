package dev.informer.benchmarks;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl;
import io.fabric8.kubernetes.client.informers.impl.cache.ProcessorStore;
import io.fabric8.kubernetes.client.informers.impl.cache.SharedProcessor;
import io.kubernetes.client.common.KubernetesObject;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.informer.cache.DeltaFIFO;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import org.apache.commons.lang3.tuple.MutablePair;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The peers' side of {@link DeltaFifoBenchmark}: the same methods, sizes and data (the
 * {@link BenchObject} population converted to each peer's typed pod), so JMH reports them next to
 * ours.
 *
 * <ul>
 *   <li>{@code clientJava}: {@code io.kubernetes.client.informer.cache.DeltaFIFO}, keyed and backed by
 *       a {@code Cache} indexer as its {@code DefaultSharedIndexInformer} sets it up; popped deltas are
 *       applied to the indexer the way that informer's {@code handleDeltas} does.</li>
 *   <li>{@code fabric8}: fabric8 has no DeltaFIFO. Its informer hands every watch event straight to
 *       {@code ProcessorStore} (a {@code CacheImpl} put plus a distribute to the listeners, none here),
 *       and a relist is {@code ProcessorStore.update(items)} then {@code syncList(keys)}, as its
 *       {@code Reflector} does. That store-update path is what does the DeltaFIFO's job there, so it is
 *       what is measured; "pop all" is reading every key's final state back from the cache. Note it
 *       maintains the indices on every event, which our burst method does not (ours only queues).</li>
 * </ul>
 * One JMH state per thread; not thread-safe.
 */
@State(Scope.Thread)
public class PeerDeltaFifoBenchmark extends ThroughputBenchmark {

    /**
     * client-java only in the run: fabric8 has no FIFO, so its store update is different work (the
     * results table has no fabric8 column here). {@code -p impl=fabric8} still runs it.
     */
    @Param({"clientJava"})
    public String impl;

    @Param("10000")
    public int size;

    V1Pod[] cjAdded;
    V1Pod[] cjUpdated;
    V1Pod[] cjUpdatedAgain;
    List<KubernetesObject> cjListA;
    List<KubernetesObject> cjListB;
    Cache<V1Pod> cjIndexer;

    Pod[] f8Added;
    Pod[] f8Updated;
    Pod[] f8UpdatedAgain;
    List<Pod> f8ListA;
    List<Pod> f8ListB;
    CacheImpl<Pod> f8Cache;
    ProcessorStore<Pod> f8Store;
    SharedProcessor<Pod> f8Processor;

    boolean nextIsB;

    @Setup
    public void setUp() {
        BenchObject[] added = new BenchObject[size];
        BenchObject[] updated = new BenchObject[size];
        BenchObject[] updatedAgain = new BenchObject[size];
        for (int i = 0; i < size; i++) {
            added[i] = BenchObject.create(i, 100, 10, 1);
            updated[i] = added[i].withVersion(2);
            updatedAgain[i] = added[i].withVersion(3);
        }
        nextIsB = true;
        switch (impl) {
            case "clientJava" -> {
                cjAdded = PeerObjects.clientJava(added);
                cjUpdated = PeerObjects.clientJava(updated);
                cjUpdatedAgain = PeerObjects.clientJava(updatedAgain);
                cjListA = new ArrayList<>(size);
                cjListB = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    cjListA.add(cjAdded[i]);
                    cjListB.add(i % 100 == 0 ? cjUpdated[i] : cjAdded[i]);
                }
                cjIndexer = newClientJavaIndexer();
                cjIndexer.replace(new ArrayList<>(List.of(cjAdded)), "1");
            }
            case "fabric8" -> {
                f8Added = PeerObjects.fabric8(added);
                f8Updated = PeerObjects.fabric8(updated);
                f8UpdatedAgain = PeerObjects.fabric8(updatedAgain);
                f8ListA = new ArrayList<>(size);
                f8ListB = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    f8ListA.add(f8Added[i]);
                    f8ListB.add(i % 100 == 0 ? f8Updated[i] : f8Added[i]);
                }
                // The informer's processor with its default (calling-thread) executor and no listener.
                f8Processor = new SharedProcessor<>();
                f8Cache = newFabric8Cache();
                f8Store = new ProcessorStore<>(f8Cache, f8Processor);
                relistFabric8(f8ListA);
            }
            default -> throw new IllegalArgumentException("unknown impl: " + impl);
        }
    }

    static Cache<V1Pod> newClientJavaIndexer() {
        Cache<V1Pod> cache = new Cache<>(
                Caches.NAMESPACE_INDEX, Caches::metaNamespaceIndexFunc, Caches::deletionHandlingMetaNamespaceKeyFunc);
        cache.addIndexers(Map.of("app", PeerObjects.CLIENT_JAVA_APP_INDEX));
        return cache;
    }

    static CacheImpl<Pod> newFabric8Cache() {
        CacheImpl<Pod> cache = new CacheImpl<>(
                CacheImpl.NAMESPACE_INDEX, CacheImpl::metaNamespaceIndexFunc, CacheImpl::metaNamespaceKeyFunc);
        cache.addIndexers(Map.of("app", PeerObjects.FABRIC8_APP_INDEX));
        return cache;
    }

    /**
     * Returns how many keys ended with the newest update of the right object (all of them when
     * correct).
     */
    @Benchmark
    public int addUpdateBurstThenPopAll() throws InterruptedException {
        return switch (impl) {
            case "clientJava" -> clientJavaBurst();
            case "fabric8" -> fabric8Burst();
            default -> throw new IllegalStateException(impl);
        };
    }

    private int clientJavaBurst() throws InterruptedException {
        DeltaFIFO fifo = new DeltaFIFO(Caches::deletionHandlingMetaNamespaceKeyFunc, cjIndexer);
        for (int i = 0; i < size; i++) {
            fifo.add(cjAdded[i]);
        }
        for (int i = 0; i < size; i++) {
            fifo.update(cjUpdated[i]);
        }
        for (int i = 0; i < size; i++) {
            fifo.update(cjUpdatedAgain[i]);
        }
        int correct = 0;
        for (int i = 0; i < size; i++) {
            Deque<MutablePair<DeltaFIFO.DeltaType, KubernetesObject>> deltas = fifo.pop(d -> {});
            if (deltas.size() == 3 && deltas.peekLast().getRight() == cjUpdatedAgain[i]) {
                correct++;
            }
        }
        return correct;
    }

    private int fabric8Burst() {
        ProcessorStore<Pod> store = new ProcessorStore<>(newFabric8Cache(), f8Processor);
        // An informer past its initial list: watch events notify at once instead of being deferred.
        store.syncList(Set.of());
        for (int i = 0; i < size; i++) {
            store.add(f8Added[i]);
        }
        for (int i = 0; i < size; i++) {
            store.update(f8Updated[i]);
        }
        for (int i = 0; i < size; i++) {
            store.update(f8UpdatedAgain[i]);
        }
        int correct = 0;
        for (int i = 0; i < size; i++) {
            if (store.getByKey(store.getKey(f8Added[i])) == f8UpdatedAgain[i]) {
                correct++;
            }
        }
        return correct;
    }

    /** Returns the number of keys applied (one per listed key when correct). */
    @Benchmark
    public int replaceWithOnePercentChangedThenPopAll() throws InterruptedException {
        boolean useB = nextIsB;
        nextIsB = !nextIsB;
        return switch (impl) {
            case "clientJava" -> clientJavaReplace(useB ? cjListB : cjListA);
            case "fabric8" -> relistFabric8(useB ? f8ListB : f8ListA);
            default -> throw new IllegalStateException(impl);
        };
    }

    private int clientJavaReplace(List<KubernetesObject> list) throws InterruptedException {
        DeltaFIFO fifo = new DeltaFIFO(Caches::deletionHandlingMetaNamespaceKeyFunc, cjIndexer);
        fifo.replace(list, "2");
        int popped = 0;
        for (int i = 0; i < size; i++) {
            fifo.pop(this::applyClientJava);
            popped++;
        }
        return popped;
    }

    /** What client-java's DefaultSharedIndexInformer.handleDeltas does to its indexer. */
    private void applyClientJava(Deque<MutablePair<DeltaFIFO.DeltaType, KubernetesObject>> deltas) {
        for (MutablePair<DeltaFIFO.DeltaType, KubernetesObject> delta : deltas) {
            KubernetesObject object = delta.getRight();
            if (delta.getLeft() == DeltaFIFO.DeltaType.Deleted) {
                cjIndexer.delete(
                        object instanceof DeltaFIFO.DeletedFinalStateUnknown<?> tombstone
                                ? (V1Pod) tombstone.getObj()
                                : (V1Pod) object);
                continue;
            }
            V1Pod pod = (V1Pod) object;
            if (cjIndexer.get(pod) != null) {
                cjIndexer.update(pod);
            } else {
                cjIndexer.add(pod);
            }
        }
    }

    /** What fabric8's Reflector does with a list response: update all, collect keys, sync the rest. */
    private int relistFabric8(List<Pod> items) {
        Set<String> keys = new ConcurrentSkipListSet<>();
        for (Pod pod : items) {
            keys.add(f8Store.getKey(pod));
        }
        f8Store.update(items);
        f8Store.syncList(keys);
        return keys.size();
    }
}
