package dev.informer.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.WatchDecoders;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import io.fabric8.kubernetes.api.model.WatchEvent;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.kubernetes.client.informer.cache.Caches;
import io.kubernetes.client.openapi.JSON;
import io.kubernetes.client.openapi.models.V1Pod;
import io.kubernetes.client.util.Watch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs every peer benchmark method (and the combined slow-listener benchmark) a few times on tiny
 * sizes and checks what it computed, never how fast. Running client-java and fabric8 here, next to
 * our OkHttp 5 and Jackson 3, is also the proof that the three work side by side in one JVM.
 */
class PeerBenchmarksSmokeTest {

    private static final JSON CLIENT_JAVA_JSON = new JSON();
    private static final KubernetesSerialization FABRIC8_JSON = new KubernetesSerialization();

    @ParameterizedTest
    @ValueSource(strings = {"clientJava", "fabric8"})
    void burstLeavesEveryKeyWithItsNewestUpdate(String impl) throws Exception {
        PeerDeltaFifoBenchmark bench = peerDeltaFifo(impl, 200);
        assertEquals(200, bench.addUpdateBurstThenPopAll());
        assertEquals(200, bench.addUpdateBurstThenPopAll(), "repeatable");
    }

    @Test
    void clientJavaRelistAppliesTheOnePercentChangedToItsIndexer() throws Exception {
        PeerDeltaFifoBenchmark bench = peerDeltaFifo("clientJava", 200);

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertSame(bench.cjUpdated[0], bench.cjIndexer.getByKey("ns-0/pod-0"), "changed object applied");
        assertSame(bench.cjUpdated[100], bench.cjIndexer.getByKey("ns-0/pod-100"));
        assertSame(bench.cjAdded[1], bench.cjIndexer.getByKey("ns-1/pod-1"), "unchanged object kept");
        assertEquals(200, bench.cjIndexer.listKeys().size());

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertSame(bench.cjAdded[0], bench.cjIndexer.getByKey("ns-0/pod-0"), "alternates back");
    }

    @Test
    void fabric8RelistAppliesTheOnePercentChangedToItsCache() throws Exception {
        PeerDeltaFifoBenchmark bench = peerDeltaFifo("fabric8", 200);

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertSame(bench.f8Updated[0], bench.f8Cache.getByKey("ns-0/pod-0"), "changed object applied");
        assertSame(bench.f8Added[1], bench.f8Cache.getByKey("ns-1/pod-1"), "unchanged object kept");
        assertEquals(200, bench.f8Cache.listKeys().size());

        assertEquals(200, bench.replaceWithOnePercentChangedThenPopAll());
        assertSame(bench.f8Added[0], bench.f8Cache.getByKey("ns-0/pod-0"), "alternates back");
    }

    @Test
    void unknownImplIsRejected() {
        PeerDeltaFifoBenchmark bench = new PeerDeltaFifoBenchmark();
        bench.impl = "kubectl";
        bench.size = 10;
        assertThrows(IllegalArgumentException.class, bench::setUp);
        assertThrows(
                IllegalArgumentException.class,
                () -> Dispatcher.start("kubectl", BenchObject.create(1, 1, 1, 1), List.of()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"clientJava", "fabric8"})
    void indexUpdatesCycleThroughEveryObjectAndMoveLabels(String impl) {
        PeerIndexUpdateBenchmark bench = peerIndexUpdate(impl, 200);
        for (int op = 0; op < 100; op++) {
            bench.updateOnePercent();
        }
        List<Map<String, String>> metas = listMetadata(bench);
        assertEquals(200, metas.size());
        assertEquals(
                List.of("2"),
                metas.stream().map(m -> m.get("rv")).distinct().toList(),
                "each object updated once after 100 ops of 1%");
        assertEquals(20, byIndex(bench, "app", "app-3"), "labels unchanged");

        // A fresh store, so the first round of moving updates is the one that changes labels.
        bench.setUp();
        for (int op = 0; op < 100; op++) {
            bench.updateOnePercentMovingLabel();
        }
        assertEquals(20, byIndex(bench, "app", "app-1"));
        assertEquals(
                "app-1",
                listMetadata(bench).stream()
                        .filter(m -> m.get("name").equals("pod-0"))
                        .findFirst()
                        .orElseThrow()
                        .get("app"),
                "pod-0 moved from app-0 to app-1");

        for (int n = 0; n < IndexWorkload.NAMESPACES; n++) {
            List<?> objects = bench.byIndexNamespace();
            assertEquals(2, objects.size());
        }
        assertEquals(2, byIndex(bench, "namespace", "ns-7"));
    }

    private static List<Map<String, String>> listMetadata(PeerIndexUpdateBenchmark bench) {
        if ("clientJava".equals(bench.impl)) {
            return bench.cjIndexer.list().stream()
                    .map(V1Pod::getMetadata)
                    .map(m -> metadata(m.getName(), m.getResourceVersion(), m.getLabels()))
                    .toList();
        }
        return bench.f8Cache.list().stream()
                .map(io.fabric8.kubernetes.api.model.Pod::getMetadata)
                .map(m -> metadata(m.getName(), m.getResourceVersion(), m.getLabels()))
                .toList();
    }

    /** What the index test reads of a peer's object: its name, resource version and app label. */
    private static Map<String, String> metadata(String name, String resourceVersion, Map<String, String> labels) {
        return Map.of("name", name, "rv", resourceVersion, "app", labels.get("app"));
    }

    private static int byIndex(PeerIndexUpdateBenchmark bench, String index, String value) {
        if ("clientJava".equals(bench.impl)) {
            return bench.cjIndexer
                    .byIndex("namespace".equals(index) ? Caches.NAMESPACE_INDEX : index, value)
                    .size();
        }
        return bench.f8Cache.byIndex(index, value).size();
    }

    @ParameterizedTest
    @ValueSource(strings = {"clientJava", "fabric8"})
    void dispatchReachesEveryListenerForSingleEventsAndBursts(String impl) throws Exception {
        PeerDispatchBenchmark bench = new PeerDispatchBenchmark();
        bench.impl = impl;
        bench.listeners = 10;
        QueueBenchmarksSmokeTest.assertReachesEveryListenerForSingleEventsAndBursts(bench);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pooled", "thread", "clientJava", "fabric8"})
    void slowListenerStreamReachesEveryListener(String impl) throws Exception {
        SlowListenerDispatchBenchmark bench = new SlowListenerDispatchBenchmark();
        bench.impl = impl;
        bench.notifications = 2_000;
        bench.setUp();
        try {
            assertEquals(2_000, bench.allListenersSawEveryEvent());
            bench.awaitSlowListener();
            assertEquals(4_000, bench.fastListenersSawEveryEvent(), "fast listeners saw the second stream");
            bench.awaitSlowListener();
            assertEquals(4_000, bench.minHandled(), "the slow listener caught up too");
            for (var counter : bench.handled) {
                assertEquals(4_000, counter.get(), "no listener saw an event twice");
            }
        } finally {
            bench.tearDown();
        }
    }

    @Test
    void peersDecodeTheSamePodsAsOurDecoder() throws IOException {
        PeerWatchDecodeBenchmark bench = new PeerWatchDecodeBenchmark();
        bench.events = 120;
        bench.setUp();

        List<String> ours = new ArrayList<>();
        try (Decoder<Pod> decoder = WatchDecoders.json(new ByteArrayInputStream(bench.stream), ResourceType.PODS)) {
            for (Event<Pod> event = decoder.decode(); event != null; event = decoder.decode()) {
                ours.add(fingerprint(event));
            }
        }
        List<String> clientJava = new ArrayList<>();
        assertEquals(120, bench.decodeClientJava(r -> clientJava.add(fingerprint(r))));
        List<String> fabric8 = new ArrayList<>();
        assertEquals(120, bench.decodeFabric8(e -> fabric8.add(fingerprint(e))));

        assertEquals(120, ours.size());
        assertTrue(ours.get(0).startsWith("ADDED|team-0/app-0-"), ours.get(0));
        assertTrue(ours.get(0).contains("|managedFields=2|"), ours.get(0));
        assertEquals(120, ours.stream().distinct().count(), "distinct pods");
        assertSameEvents(ours, fabric8, "fabric8");
        // client-java's Gson skips metadata.managedFields unless -Dkubernetes.client.includeManagedFields=true.
        assertSameEvents(
                ours.stream()
                        .map(f -> f.replace("|managedFields=2|", "|managedFields=0|"))
                        .toList(),
                clientJava,
                "client-java");
    }

    private static void assertSameEvents(List<String> expected, List<String> actual, String who) {
        assertEquals(expected.size(), actual.size(), who + " event count");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), who + " event " + i);
        }
    }

    private static String fingerprint(Event<Pod> event) {
        return fingerprint(event.type().name(), event.typedObject());
    }

    /**
     * client-java's decoded pod in our model: its own Gson writes out what it decoded and our model reads
     * that back, so a field it failed to decode is missing from the fingerprint.
     */
    private static String fingerprint(Watch.Response<V1Pod> response) {
        return fingerprint(response.type, ApiJson.readValue(CLIENT_JAVA_JSON.serialize(response.object), Pod.class));
    }

    /** fabric8's decoded pod in our model, as for client-java's: written by fabric8, read by ours. */
    private static String fingerprint(WatchEvent event) {
        return fingerprint(event.getType(), ApiJson.readValue(FABRIC8_JSON.asJson(event.getObject()), Pod.class));
    }

    private static String fingerprint(String type, Pod pod) {
        var meta = pod.metadata();
        return String.join(
                "|",
                type,
                meta.namespace() + "/" + meta.name(),
                meta.resourceVersion(),
                meta.uid(),
                new TreeMap<>(meta.labels()).toString(),
                new TreeMap<>(meta.annotations()).toString(),
                meta.ownerReferences().get(0).name(),
                "managedFields="
                        + (meta.managedFields() == null
                                ? 0
                                : meta.managedFields().node().size()),
                pod.spec().containers().stream()
                        .map(c -> c.name() + ":" + c.image() + ":" + c.args())
                        .collect(Collectors.joining(",")),
                pod.status().phase(),
                pod.status().podIP(),
                String.valueOf(pod.status().conditions().size()),
                pod.status().containerStatuses().stream()
                        .map(s -> s.name() + ":" + s.restartCount())
                        .collect(Collectors.joining(",")));
    }

    @Test
    void clientJavaWorkQueueOpsLeaveTheQueueEmpty() throws Exception {
        PeerWorkQueueBenchmark bench = new PeerWorkQueueBenchmark();
        bench.impl = "clientJava";
        bench.setUp();
        try {
            assertEquals(bench.keys.all[0], bench.addGetDone());
            assertEquals(WorkQueueKeys.KEYS, bench.addBatchThenDrain());
            assertEquals(bench.keys.all[1], bench.addTenDuplicatesGetDone());
            assertEquals(0, bench.queue.length());
        } finally {
            bench.tearDown();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"clientJava", "fabric8"})
    @Timeout(120)
    void peerInformersSyncEveryPodFromTheEmbeddedServer(String impl) throws Exception {
        {
            PeerInformerSyncBenchmark bench = new PeerInformerSyncBenchmark();
            bench.impl = impl;
            bench.pods = 60;
            bench.startServer();
            try {
                for (int iteration = 0; iteration < 2; iteration++) {
                    RetainedHeap retained = new RetainedHeap();
                    bench.createClient();
                    assertEquals(60, bench.startToSynced(), impl + " cached every pod");
                    bench.measureAndStop(retained);
                    assertTrue(Double.isFinite(retained.retainedMegabytes), impl + " retained heap measured");
                }
            } finally {
                bench.stopInformer();
                bench.stopServer();
            }
        }
    }

    /** A {@link PeerDeltaFifoBenchmark} set up with the given impl and the given size. */
    private static PeerDeltaFifoBenchmark peerDeltaFifo(String impl, int size) {
        PeerDeltaFifoBenchmark bench = new PeerDeltaFifoBenchmark();
        bench.impl = impl;
        bench.size = size;
        bench.setUp();
        return bench;
    }

    /** A {@link PeerIndexUpdateBenchmark} set up with the given impl and the given size. */
    private static PeerIndexUpdateBenchmark peerIndexUpdate(String impl, int size) {
        PeerIndexUpdateBenchmark bench = new PeerIndexUpdateBenchmark();
        bench.impl = impl;
        bench.size = size;
        bench.setUp();
        return bench;
    }
}
