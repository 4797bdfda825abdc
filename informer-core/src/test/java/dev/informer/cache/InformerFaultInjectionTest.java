package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.ClientListerWatcher;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testing.WatchDropMode;
import dev.informer.testsupport.ServerAndClient;
import dev.informer.watch.ListOptions;
import dev.informer.watch.ListPage;
import dev.informer.watch.Watch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The informer against the embedded API server's fault injection: in every scenario the cache
 * converges to the server's state, each object's notifications are in resource-version order, and
 * deletes missed while disconnected arrive as tombstones.
 */
class InformerFaultInjectionTest {

    private static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final String NS = "default";

    @AutoClose
    private final ServerAndClient api =
            ServerAndClient.start(EmbeddedApiServer.builder().seed(42).bookmarkInterval(Duration.ofMillis(200)));

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();
    private SharedIndexInformer<Pod> informer;
    private final OrderCheckingHandler handler = new OrderCheckingHandler();
    private final List<RuntimeException> watchErrors = new CopyOnWriteArrayList<>();
    private int nextPod;

    @AfterEach
    void stopEverything() {
        if (informer != null) {
            informer.close();
        }
    }

    // ------------------------------------------------------------ helpers

    private String createPod() {
        String name = "pod-" + nextPod++;
        server.create(
                "pods",
                NS,
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"" + NS
                        + "\",\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"nginx\"}]}}");
        return name;
    }

    private void touch(String name, int generation) {
        server.mergePatch("pods", NS, name, "{\"metadata\":{\"labels\":{\"gen\":\"" + generation + "\"}}}");
    }

    private List<String> createPods(int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(createPod());
        }
        return names;
    }

    private SharedIndexInformer<Pod> startInformer(ListerWatcher<Pod> lw, SharedIndexInformer.Builder<Pod> builder) {
        return startInformer(lw, builder, ReflectorOptions.builder());
    }

    private SharedIndexInformer<Pod> startInformer(
            ListerWatcher<Pod> lw, SharedIndexInformer.Builder<Pod> builder, ReflectorOptions.Builder options) {
        informer = (builder != null ? builder : SharedIndexInformer.builder(lw))
                .reflectorOptions(options.backoff(BackoffPolicy.constant(Duration.ofMillis(20)))
                        .random(new Random(3))
                        .build())
                .watchErrorHandler((name, error) -> watchErrors.add(error))
                .build();
        informer.addEventHandler(handler);
        informer.start();
        Await.until("informer synced", informer::hasSynced, Await.LONG_TIMEOUT);
        return informer;
    }

    private SharedIndexInformer<Pod> startInformer() {
        return startInformer(null, Informers.builder(client.resource(ResourceType.PODS)));
    }

    private Map<String, String> serverState() {
        Map<String, String> state = new HashMap<>();
        for (String json : server.list("pods", null)) {
            JsonNode node = JSON.readTree(json);
            state.put(
                    node.path("metadata").path("namespace").asString() + "/"
                            + node.path("metadata").path("name").asString(),
                    node.path("metadata").path("resourceVersion").asString());
        }
        return state;
    }

    private Map<String, String> cacheState() {
        Map<String, String> state = new HashMap<>();
        informer.getStore().list().forEach(p -> state.put(p.namespace() + "/" + p.name(), p.resourceVersion()));
        return state;
    }

    private void assertConverges() {
        Await.until(
                () -> "cache converged to the server\n server: " + serverState() + "\n cache:  " + cacheState(),
                () -> serverState().equals(cacheState()) && handler.view().equals(cacheState()),
                Duration.ofSeconds(30));
        handler.assertOrdered();
    }

    // ------------------------------------------------------------ scenarios

    @Test
    void connectionDroppedMidEventConverges() {
        List<String> names = createPods(20);
        startInformer();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < names.size(); i += 3) {
                touch(names.get(i), round);
            }
            server.faults().dropWatches(WatchDropMode.ABRUPT);
            createPod();
        }
        assertConverges();
    }

    @Test
    void serverClosingWatchesEarlyConvergesWithoutRelisting() throws Exception {
        List<String> names = createPods(10);
        startInformer();
        long listsBefore = server.requestCount("list", "pods");
        for (int round = 0; round < 5; round++) {
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(10)));
            touch(names.get(round), round);
            Await.until("event delivered", () -> cacheState().equals(serverState()), Await.LONG_TIMEOUT);
            server.faults().dropWatches(WatchDropMode.CLEAN);
        }
        assertConverges();
        assertEquals(
                listsBefore, server.requestCount("list", "pods"), "a clean watch end re-watches without relisting");
    }

    @Test
    void errorAnd429StormsConverge() {
        List<String> names = createPods(10);
        server.faults().failNext(5, "list", "pods", 500);
        server.faults().failNext(5, "watch", "pods", 429, Duration.ofMillis(30));
        informer = Informers.builder(client.resource(ResourceType.PODS))
                .backoff(BackoffPolicy.constant(Duration.ofMillis(20)))
                .watchErrorHandler((name, error) -> watchErrors.add(error))
                .build();
        informer.addEventHandler(handler);
        informer.start();
        Await.until("informer synced through the storm", informer::hasSynced, Await.LONG_TIMEOUT);
        server.faults().failNext(5, "watch", "pods", 503);
        server.faults().failNext(3, "list", "pods", 500);
        server.faults().expireWatches();
        for (String name : names) {
            touch(name, 1);
        }
        assertConverges();
        assertTrue(watchErrors.stream().anyMatch(e -> e.getMessage().contains("500")), watchErrors.toString());
    }

    @Test
    void compactionDuringWatchRelistsAndMissedDeletesArriveAsTombstones() {
        List<String> names = createPods(12);
        startInformer();
        // Cut the informer off: every request fails while the server changes.
        server.faults().failNext(100_000, "*", "pods", 503);
        server.faults().dropWatches(WatchDropMode.ABRUPT);
        List<String> deleted = names.subList(0, 4);
        deleted.forEach(name -> server.delete("pods", NS, name));
        touch(names.get(5), 9);
        createPod();
        server.faults().compactNow();
        server.faults().reset();

        assertConverges();
        for (String name : deleted) {
            List<String> history = handler.history(NS + "/" + name);
            assertEquals(
                    "T",
                    history.get(history.size() - 1),
                    "missed delete of " + name + " must be a tombstone: " + history);
        }
    }

    @Test
    void compactionDuringAPagedListFallsBackToAFullList() {
        createPods(1200);
        ListerWatcher<Pod> base = ClientListerWatcher.of(client.resource(ResourceType.PODS), null, null, null);
        AtomicBoolean compacted = new AtomicBoolean();
        List<ListOptions> lists = new CopyOnWriteArrayList<>();
        ListerWatcher<Pod> compactingAfterFirstPage = new ListerWatcher<>() {
            @Override
            public ListPage<Pod> list(ListOptions options) {
                lists.add(options);
                ListPage<Pod> page = base.list(options);
                if (page.continueToken() != null && compacted.compareAndSet(false, true)) {
                    touch("pod-0", 1);
                    server.faults().compactNow();
                }
                return page;
            }

            @Override
            public Watch<Pod> watch(ListOptions options) {
                return base.watch(options);
            }
        };
        startInformer(
                compactingAfterFirstPage,
                SharedIndexInformer.builder(compactingAfterFirstPage),
                ReflectorOptions.builder().pageSize(500).useWatchList(false));
        assertTrue(compacted.get(), "the list was paged");
        assertTrue(lists.stream().anyMatch(o -> o.limit() == 0), "fell back to an unpaged list: " + lists);
        assertEquals(1200, informer.getStore().list().size());
        assertConverges();
    }

    @Test
    void malformedEventsEndTheWatchAndTheInformerRecovers() throws Exception {
        List<String> names = createPods(5);
        startInformer();
        for (int round = 0; round < 3; round++) {
            assertTrue(server.awaitOpenWatches(1, Duration.ofSeconds(10)));
            server.faults().sendMalformedLine();
            touch(names.get(round), round);
        }
        assertConverges();
        assertTrue(
                watchErrors.stream()
                        .anyMatch(e -> e.getMessage() != null && e.getMessage().contains("decode")),
                "the malformed event was reported: " + watchErrors);
    }

    @Test
    void streamingListSyncsAndFollowsChanges() {
        List<String> names = createPods(30);
        startInformer(
                null,
                Informers.builder(client.resource(ResourceType.PODS)),
                // it lists; this test counts lists
                ReflectorOptions.builder().useWatchList(true).watchListConsistencyCheck(false));
        touch(names.get(0), 1);
        server.delete("pods", NS, names.get(1));
        assertConverges();
        assertEquals(0, server.requestCount("list", "pods"), "the streaming list replaced the list call");
    }

    @Test
    void labelSelectedInformerSeesOnlyMatchingObjects() {
        createPods(3);
        server.create(
                "pods",
                NS,
                "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"other\",\"namespace\":\"default\","
                        + "\"labels\":{\"app\":\"db\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"db\"}]}}");
        startInformer(
                null,
                Informers.builder(
                        client.resource(ResourceType.PODS),
                        InformerOptions.inNamespace(NS).withLabelSelector("app=web")));
        assertEquals(3, informer.getStore().list().size());
        assertTrue(informer.getStore().getByKey("default/other").isEmpty());
    }

    /**
     * Checks that each object's notifications carry increasing resource versions and keeps the
     * handler's own view of the objects (replaying what it was told).
     */
    static final class OrderCheckingHandler implements ResourceEventHandler<Pod> {
        private final Map<String, List<String>> histories = new ConcurrentHashMap<>();
        private final Map<String, String> view = new ConcurrentHashMap<>();
        private final List<String> violations = new CopyOnWriteArrayList<>();

        private void record(String key, String entry, String version) {
            List<String> history = histories.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
            if (version != null) {
                for (String previous : history) {
                    if (!previous.equals("T") && Long.parseLong(previous.substring(2)) > Long.parseLong(version)) {
                        violations.add(key + ": " + entry + " after " + history);
                    }
                }
            }
            history.add(entry);
        }

        @Override
        public void onAdd(Pod obj, boolean isInInitialList) {
            String key = obj.namespace() + "/" + obj.name();
            record(key, "A:" + obj.resourceVersion(), obj.resourceVersion());
            view.put(key, obj.resourceVersion());
        }

        @Override
        public void onUpdate(Pod oldObj, Pod newObj) {
            String key = newObj.namespace() + "/" + newObj.name();
            record(key, "U:" + newObj.resourceVersion(), newObj.resourceVersion());
            view.put(key, newObj.resourceVersion());
        }

        @Override
        public void onDelete(Object objOrTombstone) {
            if (objOrTombstone instanceof DeletedFinalStateUnknown<?> tombstone) {
                record(tombstone.key(), "T", null);
                view.remove(tombstone.key());
            } else {
                Pod pod = (Pod) objOrTombstone;
                String key = pod.namespace() + "/" + pod.name();
                record(key, "D:" + pod.resourceVersion(), pod.resourceVersion());
                view.remove(key);
            }
        }

        Map<String, String> view() {
            return new HashMap<>(view);
        }

        List<String> history(String key) {
            return histories.getOrDefault(key, List.of());
        }

        void assertOrdered() {
            if (!violations.isEmpty()) {
                fail("notifications out of resource-version order: " + violations);
            }
        }
    }
}
