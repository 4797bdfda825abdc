package dev.informer.benchmarks;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.informers.impl.cache.CacheImpl;
import io.kubernetes.client.informer.cache.Cache;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.openapi.models.V1Pod;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The peers' side of {@link IndexUpdateBenchmark}: the same {@code size} objects over 100 namespaces
 * and 10 apps, the same two indices (namespace and the "app" label), the same update order.
 *
 * <ul>
 *   <li>{@code clientJava}: {@code io.kubernetes.client.informer.cache.Cache}, updated with
 *       {@code update(obj)} and queried with {@code byIndex("namespace", ns)}.</li>
 *   <li>{@code fabric8}: {@code io.fabric8...informers.impl.cache.CacheImpl}, updated with
 *       {@code put(obj)} (what its ProcessorStore calls) and queried with {@code byIndex}.</li>
 * </ul>
 * One JMH state per thread; not thread-safe.
 */
@State(Scope.Thread)
public class PeerIndexUpdateBenchmark extends ThroughputBenchmark {

    @Param({"clientJava", "fabric8"})
    public String impl;

    @Param("10000")
    public int size;

    Cache<V1Pod> cjIndexer;
    V1Pod[][] cjVersions;
    V1Pod[][] cjMoving;

    CacheImpl<Pod> f8Cache;
    Pod[][] f8Versions;
    Pod[][] f8Moving;

    IndexWorkload workload;

    @Setup
    public void setUp() {
        workload = new IndexWorkload(size);
        BenchObject[][] versions = workload.versions;
        BenchObject[][] moving = workload.moving;
        switch (impl) {
            case "clientJava" -> {
                cjIndexer = PeerDeltaFifoBenchmark.newClientJavaIndexer();
                cjVersions = PeerObjects.clientJava(versions);
                cjMoving = PeerObjects.clientJava(moving);
                Arrays.asList(cjVersions[0]).forEach(cjIndexer::add);
            }
            case "fabric8" -> {
                f8Cache = PeerDeltaFifoBenchmark.newFabric8Cache();
                f8Versions = PeerObjects.fabric8(versions);
                f8Moving = PeerObjects.fabric8(moving);
                Arrays.asList(f8Versions[0]).forEach(f8Cache::put);
            }
            default -> throw new IllegalArgumentException("unknown impl: " + impl);
        }
    }

    /** Updates the next 1% of the objects, labels unchanged. Returns the index of the last one updated. */
    @Benchmark
    public int updateOnePercent() {
        return "clientJava".equals(impl) ? updateNextBatch(cjVersions, null) : updateNextBatch(null, f8Versions);
    }

    /** Updates the next 1% of the objects, each moving to another app bucket. */
    @Benchmark
    public int updateOnePercentMovingLabel() {
        return "clientJava".equals(impl) ? updateNextBatch(cjMoving, null) : updateNextBatch(null, f8Moving);
    }

    private int updateNextBatch(V1Pod[][] clientJava, Pod[][] fabric8) {
        int n = workload.batch();
        int last = -1;
        for (int j = 0; j < n; j++) {
            int i = workload.cursor();
            // The same alternation as ours (see IndexWorkload#version).
            int version = workload.version();
            if (clientJava != null) {
                cjIndexer.update(clientJava[version][i]);
            } else {
                f8Cache.put(fabric8[version][i]);
            }
            last = i;
            workload.advance();
        }
        return last;
    }

    /** The objects of one namespace; cycles through the namespaces. */
    @Benchmark
    public List<?> byIndexNamespace() {
        String namespace = workload.nextNamespace();
        return "clientJava".equals(impl)
                ? cjIndexer.byIndex(Caches.NAMESPACE_INDEX, namespace)
                : f8Cache.byIndex(CacheImpl.NAMESPACE_INDEX, namespace);
    }
}
