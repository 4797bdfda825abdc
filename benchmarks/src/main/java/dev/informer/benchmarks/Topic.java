package dev.informer.benchmarks;

import java.util.List;
import java.util.Map;

/**
 * The sections of the results table, in the issues' order: which benchmark classes each covers,
 * which peers it compares with, what each peer's column measures there, and the goals the issues set
 * for it ({@link Goal}). Immutable.
 */
enum Topic {
    DELTA_FIFO(
            "1. DeltaFIFO merge",
            List.of("DeltaFifoBenchmark"),
            List.of("clientJava"),
            "client-java: its `DeltaFIFO` with a `Cache` as known objects, popped deltas applied to the cache as its "
                    + "informer's `handleDeltas` does. fabric8 has no DeltaFIFO (its informer puts each watch event "
                    + "straight into its store, with no queue and no merging), so it has no column here: comparing that "
                    + "store update with a FIFO merge compares different work.",
            List.of(
                    Goal.atLeast(
                            "FIFO burst ≥ 2× client-java",
                            "addUpdateBurstThenPopAll",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.peer("clientJava"),
                            2.0),
                    Goal.atLeast(
                            "relist merge ≥ 2× client-java",
                            "replaceWithOnePercentChangedThenPopAll",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.peer("clientJava"),
                            2.0),
                    Goal.atLeast(
                            "no more bytes per op than client-java",
                            "",
                            Map.of(),
                            Goal.Metric.ALLOC,
                            Goal.Against.peer("clientJava"),
                            1.0))),
    INDEX_UPDATE(
            "2. Indexed store update",
            List.of("IndexUpdateBenchmark"),
            List.of("clientJava", "fabric8"),
            "client-java: `Cache` (`update`, `byIndex`); fabric8: `CacheImpl` (`put`, `byIndex`). Same two indices "
                    + "(namespace, the `app` label), same objects and update order.",
            List.of(
                    Goal.atLeast(
                            "≥ 2× the faster peer", "", Map.of(), Goal.Metric.SPEED, Goal.Against.everyPeer(), 2.0),
                    Goal.atLeast(
                            "no more bytes per op than either peer",
                            "",
                            Map.of(),
                            Goal.Metric.ALLOC,
                            Goal.Against.everyPeer(),
                            1.0))),
    DISPATCH(
            "3. Dispatch",
            List.of("DispatchBenchmark", "SlowListenerDispatchBenchmark"),
            List.of("clientJava", "fabric8"),
            "client-java: `SharedProcessor` with its default cached pool, one `ProcessorListener` thread and "
                    + "`LinkedBlockingQueue` per listener. fabric8: `SharedProcessor` over a cached pool; each "
                    + "distribute is one task on a serial executor calling every listener's handler in turn (one "
                    + "thread for all listeners, so a slow handler delays the others). The slow-listener stream "
                    + "(isolation) runs ours and both peers from one class (`impl` parameter); scores there are time "
                    + "per stream.",
            List.of(
                    Goal.atLeast(
                            "one event ≥ 1.5× fabric8",
                            "oneEventToAllListeners",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.peer("fabric8"),
                            1.5),
                    Goal.atLeast(
                            "100-event burst ≥ 3× fabric8",
                            "burstOf100EventsToAllListeners",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.peer("fabric8"),
                            3.0),
                    new Goal(
                            "≤ 32 B per event per listener",
                            "oneEventToAllListeners",
                            Map.of(),
                            Goal.Metric.ALLOC,
                            Goal.Against.absolute("B/event/listener", r -> listeners(r)),
                            32),
                    new Goal(
                            "≤ 32 B per event per listener",
                            "burstOf100EventsToAllListeners",
                            Map.of(),
                            Goal.Metric.ALLOC,
                            Goal.Against.absolute("B/event/listener", r -> listeners(r)),
                            32),
                    Goal.atLeast(
                            "isolation: fast listeners done in ≤ 0.2× fabric8's time",
                            "fastListenersSawEveryEvent",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.peer("fabric8"),
                            5.0),
                    Goal.atLeast(
                            "isolation: ≤ 0.5× ours with a thread per listener",
                            "fastListenersSawEveryEvent",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.ours("", Map.of("impl", "thread")),
                            2.0))),
    WATCH_DECODE(
            "4. Watch decode",
            List.of("WatchDecodeBenchmark"),
            List.of("clientJava", "fabric8"),
            "client-java: `Watch` over an OkHttp body (okio line reads, Gson into `Watch.Response<V1Pod>`; note "
                    + "client-java 27 skips `managedFields` while decoding unless "
                    + "`-Dkubernetes.client.includeManagedFields=true`, so it binds less). fabric8: each line as a "
                    + "String through `KubernetesSerialization.unmarshal(line, WatchEvent.class)` (Jackson 3). "
                    + "`jacksonDatabind` is plain Jackson databind of the same bytes into our classes.",
            List.of(
                    Goal.atLeast(
                            "faster than both peers",
                            "watchDecoder",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.everyPeer(),
                            1.0),
                    Goal.atLeast(
                            "≥ 0.9× raw Jackson databind",
                            "watchDecoder",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.ours("jacksonDatabind", Map.of()),
                            0.9))),
    INFORMER_SYNC(
            "5. End-to-end initial sync",
            List.of("InformerSyncBenchmark"),
            List.of("clientJava", "fabric8"),
            "The embedded API server (same JVM) holds the pods; one op = informer start to synced over HTTP, "
                    + "with a fresh client per iteration for all three. client-java: "
                    + "`SharedInformerFactory.sharedIndexInformerFor(GenericKubernetesApi, V1Pod.class, 0)` "
                    + "(its Gson skips `managedFields` by default, like our transform); fabric8: "
                    + "`pods().inAnyNamespace().runnableInformer(0).start()` (keeps `managedFields`). Retained heap = "
                    + "live heap after the same full-GC sequence with the synced informer running, minus the same "
                    + "reading just before it started; measurement iterations only.",
            List.of(
                    Goal.atLeast(
                            "≤ 0.6× the faster peer's time",
                            "",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.everyPeer(),
                            1 / 0.6),
                    heapWithoutTransform("heap without transform ≤ 0.8× client-java's", "clientJava", 1 / 0.8),
                    heapWithoutTransform("heap without transform ≤ 0.5× fabric8's", "fabric8", 2.0),
                    new Goal(
                            "heap with the managedFields transform ≤ 4 KiB per pod",
                            "",
                            Map.of("stripManagedFields", "true"),
                            Goal.Metric.HEAP,
                            Goal.Against.absolute(
                                    "KiB/pod", r -> Integer.parseInt(r.params().get("pods")) / 1024.0),
                            4.0))),
    POD_MERGE(
            "6. Kubelet merge (ours only)",
            List.of("PodMergeBenchmark"),
            List.of(),
            "No peer has a kubelet-style multi-source pod config, and no stand-in does the same diffing work, so "
                    + "these are absolute figures (the former \"ceiling\", a bare `HashMap.put`, did not diff and is gone).",
            List.of()),
    WORK_QUEUE(
            "7. Work queue (extra)",
            List.of("WorkQueueBenchmark"),
            List.of("clientJava"),
            "client-java-extended's `DefaultWorkQueue` (25.0.0, the newest published; no 26/27 exists). fabric8 has "
                    + "no work queue.",
            List.of()),
    REAL_FIFO(
            "8. In-order queue (RealFifo, ours only)",
            List.of("RealFifoBenchmark", "InformerQueueBenchmark"),
            List.of(),
            "No peer has client-go's RealFIFO; the goals (issue 15) compare our own methods and queues.",
            List.of(
                    Goal.atLeast(
                            "batch pop ≥ 10× one by one, the queue alone",
                            "drainBatch",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.ours("drainOneByOne", Map.of()),
                            10.0),
                    Goal.atLeast(
                            "popBatch ≥ 10× popOneByOne (with the informer's store work)",
                            "popBatch",
                            Map.of(),
                            Goal.Metric.SPEED,
                            Goal.Against.ours("popOneByOne", Map.of()),
                            10.0),
                    Goal.atLeast(
                            "informer with RealFifoBatch as fast as with DeltaFifo",
                            "startToAllDelivered",
                            Map.of("queue", "RealFifoBatch"),
                            Goal.Metric.SPEED,
                            Goal.Against.ours("", Map.of("queue", "DeltaFifo")),
                            1.0))),
    OTHER("Other", List.of(), List.of("clientJava", "fabric8"), "", List.of());

    final String title;
    final List<String> classes;
    /** The peers this section compares with, in column order. */
    final List<String> peers;

    final String peerNote;
    final List<Goal> goals;

    Topic(String title, List<String> classes, List<String> peers, String peerNote, List<Goal> goals) {
        this.title = title;
        this.classes = classes;
        this.peers = peers;
        this.peerNote = peerNote;
        this.goals = goals;
    }

    /**
     * A goal on our retained heap without the managedFields transform against {@code peer}'s: the
     * peer's heap divided by ours at least {@code x}.
     */
    private static Goal heapWithoutTransform(String text, String peer, double x) {
        return Goal.atLeast(
                text, "", Map.of("stripManagedFields", "false"), Goal.Metric.HEAP, Goal.Against.peer(peer), x);
    }

    private static double listeners(BenchmarkResult r) {
        return Double.parseDouble(r.params().getOrDefault("listeners", "1"));
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
