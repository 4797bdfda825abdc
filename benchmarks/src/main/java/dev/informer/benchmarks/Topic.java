package dev.informer.benchmarks;

import java.util.List;
import java.util.Map;

/**
 * The sections of the results table, in the order: which benchmark classes each covers,
 * the project's goal for it, and what each peer's column measures there. Immutable.
 */
enum Topic {
    DELTA_FIFO(
            "1. DeltaFIFO merge",
            List.of("DeltaFifoBenchmark"),
            2.0,
            true,
            Double.NaN,
            "client-java: its `DeltaFIFO` with a `Cache` as known objects, popped deltas applied to the cache as its "
                    + "informer's `handleDeltas` does. fabric8 has no DeltaFIFO: its informer puts each watch event "
                    + "straight into `ProcessorStore` (a `CacheImpl` put, index upkeep, a distribute to no listener) and "
                    + "a relist is `update(items)` + `syncList(keys)`; that store-update path is what is measured, and "
                    + "its \"pop all\" is reading every key back. So in the burst, fabric8 indexes every event and "
                    + "ours/client-java only queue and merge (less work), while fabric8 keeps no queue (no merging)."),
    INDEX_UPDATE(
            "2. Indexed store update",
            List.of("IndexUpdateBenchmark"),
            2.0,
            true,
            Double.NaN,
            "client-java: `Cache` (`update`, `byIndex`); fabric8: `CacheImpl` (`put`, `byIndex`). Same two indices "
                    + "(namespace, the `app` label), same objects and update order."),
    DISPATCH(
            "3. Dispatch",
            List.of("DispatchBenchmark", "SlowListenerDispatchBenchmark"),
            2.0,
            true,
            Double.NaN,
            "client-java: `SharedProcessor` with its default cached pool, one `ProcessorListener` thread and "
                    + "`LinkedBlockingQueue` per listener. fabric8: `SharedProcessor` over a cached pool; each "
                    + "distribute is one task on a serial executor calling every listener's handler in turn (one "
                    + "thread for all listeners, so a slow handler delays the others). The slow-listener stream runs "
                    + "ours and both peers from one class (`impl` parameter); scores there are ms per stream."),
    WATCH_DECODE(
            "4. Watch decode",
            List.of("WatchDecodeBenchmark"),
            1.0,
            false,
            Double.NaN,
            "client-java: `Watch` over an OkHttp body (okio line reads, Gson into `Watch.Response<V1Pod>`; note "
                    + "client-java 27 skips `managedFields` while decoding unless "
                    + "`-Dkubernetes.client.includeManagedFields=true`, so it binds less). fabric8: each line as a "
                    + "String through `KubernetesSerialization.unmarshal(line, WatchEvent.class)` (Jackson 3). "
                    + "The ceiling is plain Jackson databind of the same bytes into our classes.",
            Map.of("watchDecoder", "jacksonDatabind")),
    INFORMER_SYNC(
            "5. End-to-end initial sync",
            List.of("InformerSyncBenchmark"),
            1 / 0.6,
            false,
            1 / 0.7,
            "The embedded API server (same JVM) holds the pods; one op = informer start to synced over HTTP. "
                    + "client-java: `SharedInformerFactory.sharedIndexInformerFor(GenericKubernetesApi, V1Pod.class, 0)` "
                    + "(its Gson skips `managedFields` by default, like our transform); fabric8: "
                    + "`pods().inAnyNamespace().runnableInformer(0).start()` (keeps `managedFields`). Retained heap = "
                    + "live heap after full GCs with the synced informer running, minus before it started."),
    POD_MERGE(
            "6. Kubelet merge (ours only)",
            List.of("PodMergeBenchmark"),
            Double.NaN,
            false,
            Double.NaN,
            "No peer has a kubelet-style multi-source pod config; the ceiling is a plain HashMap update of the "
                    + "same pods.",
            Map.of(
                    "setOnePercentChanged",
                    "hashMapSetCeiling",
                    "incrementalUpdate",
                    "hashMapIncrementalCeiling",
                    "incrementalAddThenRemove",
                    "hashMapIncrementalCeiling")),
    WORK_QUEUE(
            "7. Work queue (extra)",
            List.of("WorkQueueBenchmark"),
            Double.NaN,
            true,
            Double.NaN,
            "client-java-extended's `DefaultWorkQueue` (25.0.0, the newest published; no 26/27 exists). fabric8 has "
                    + "no work queue."),
    REAL_FIFO(
            "8. In-order queue (RealFifo, ours only)",
            List.of("RealFifoBenchmark", "InformerQueueBenchmark"),
            Double.NaN,
            false,
            Double.NaN,
            "No peer has client-go's RealFIFO. The goals (issue 15): `popBatch` at least 10x `popOneByOne`, and the "
                    + "informer with `RealFifoBatch`/`ClientGo136` at least as fast as with `DeltaFifo`."),
    OTHER("Other", List.of(), Double.NaN, false, Double.NaN, "");

    final String title;
    final List<String> classes;
    /** How many times the faster peer's speed ours should reach; NaN when the issue sets none. */
    final double speedGoal;
    /** Whether ours should allocate fewer bytes per op than either peer. */
    final boolean allocGoal;
    /** How many times less retained heap than the smaller peer ours should hold; NaN when none. */
    final double heapGoal;

    final String peerNote;
    /** Our methods compared with a ceiling method of the same class: method to ceiling. */
    final Map<String, String> ceilings;

    Topic(String title, List<String> classes, double speedGoal, boolean allocGoal, double heapGoal, String peerNote) {
        this(title, classes, speedGoal, allocGoal, heapGoal, peerNote, Map.of());
    }

    Topic(
            String title,
            List<String> classes,
            double speedGoal,
            boolean allocGoal,
            double heapGoal,
            String peerNote,
            Map<String, String> ceilings) {
        this.title = title;
        this.classes = classes;
        this.speedGoal = speedGoal;
        this.allocGoal = allocGoal;
        this.heapGoal = heapGoal;
        this.peerNote = peerNote;
        this.ceilings = ceilings;
    }

    /** The topic of a benchmark class (its name without the {@code Peer} prefix). */
    static Topic of(String benchmarkClass) {
        for (Topic t : values()) {
            if (t.classes.contains(benchmarkClass)) {
                return t;
            }
        }
        return OTHER;
    }
}
