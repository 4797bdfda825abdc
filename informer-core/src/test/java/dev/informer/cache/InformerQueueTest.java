package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.client.SharedInformerFactory;
import dev.informer.clock.testing.FakeClock;
import dev.informer.store.Bookmark;
import dev.informer.store.Delta;
import dev.informer.store.DeltaType;
import dev.informer.store.FifoMetrics;
import dev.informer.store.KeyFunctions;
import dev.informer.store.RealFifo;
import dev.informer.store.RealFifoOptions;
import dev.informer.store.ReplacedAll;
import dev.informer.testing.Await;
import dev.informer.testsupport.ServerAndClient;
import dev.informer.watch.EventType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same informer scenarios with each queue the builder offers: the default DeltaFifo, and a
 * RealFifo plain, with batches, and with client-go 1.36's options (atomic events, batches, unlock
 * while processing, bookmarks).
 */
class InformerQueueTest extends FakeApiTestBase {

    /** A queue choice; {@code options == null} is the DeltaFifo. */
    record QueueChoice(String name, RealFifoOptions options) {
        boolean realFifo() {
            return options != null;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<QueueChoice> queues() {
        return Stream.of(
                new QueueChoice("DeltaFifo", null),
                new QueueChoice("RealFifo", RealFifoOptions.plain()),
                new QueueChoice(
                        "RealFifo+batches",
                        RealFifoOptions.builder().maxBatchSize(1000).build()),
                new QueueChoice("RealFifo client-go 1.36", RealFifoOptions.clientGoDefaults()));
    }

    static Stream<QueueChoice> realFifos() {
        return queues().filter(QueueChoice::realFifo);
    }

    private SharedIndexInformer.Builder<Pod> builder(QueueChoice queue) {
        SharedIndexInformer.Builder<Pod> builder = informerBuilder("informer-queue-test-");
        return queue.realFifo() ? builder.realFifo(queue.options()) : builder.deltaFifo();
    }

    private void start(SharedIndexInformer.Builder<Pod> builder, RecordingHandler handler) {
        informer = builder.build();
        informer.addEventHandler(handler);
        informer.start();
    }

    private static List<String> historyOf(List<String> events, String name) {
        return events.stream()
                .filter(e -> e.contains(":" + name + "@") || e.endsWith("/" + name))
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void eachQueueDeliversEveryChangeOfEachObjectInOrder(QueueChoice queue) {
        lw.onList = options -> podList("10", pod("a", "5"), pod("c", "6"));
        RecordingHandler handler = new RecordingHandler();
        start(builder(queue), handler);
        var watcher = lw.watcher(0);
        watcher.add(pod("b", "11"));
        watcher.modify(pod("a", "12"));
        watcher.modify(pod("a", "13"));
        watcher.delete(pod("c", "14"));
        watcher.modify(pod("b", "15"));
        handler.awaitEvents(7);
        List<String> events = handler.snapshot();
        assertEquals(List.of("add*:a@5", "update:a@5->12", "update:a@12->13"), historyOf(events, "a"));
        assertEquals(List.of("add:b@11", "update:b@11->15"), historyOf(events, "b"));
        assertEquals(List.of("add*:c@6", "delete:c@14"), historyOf(events, "c"));
        if (queue.realFifo()) {
            // Strict arrival order across objects, not only per object.
            assertEquals(
                    List.of(
                            "add*:a@5",
                            "add*:c@6",
                            "add:b@11",
                            "update:a@5->12",
                            "update:a@12->13",
                            "delete:c@14",
                            "update:b@11->15"),
                    events);
        }
        assertEquals(
                List.of("a", "b"),
                informer.getStore().list().stream().map(Pod::name).sorted().toList());
        assertTrue(informer.hasSynced());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aStaleDeleteAfterARelistReachesHandlersAgainOnlyWithARealFifo(QueueChoice queue) {
        AtomicInteger lists = new AtomicInteger();
        lw.onList = options -> lists.incrementAndGet() == 1
                ? podList("10", pod("a", "1"), pod("b", "2"))
                : podList("20", pod("a", "1"));
        RecordingHandler handler = new RecordingHandler();
        start(builder(queue), handler);
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "too old"));
        handler.awaitEvent("tombstone:ns/b");
        // The watch after the relist reports b's deletion once more (client-go's RealFIFO passes it on;
        // the DeltaFifo drops a deletion of a key it no longer knows).
        lw.watcher(1).delete(pod("b", "21"));
        lw.watcher(1).add(pod("c", "22"));
        handler.awaitEvent("add:c@22");
        List<String> expected = queue.realFifo()
                ? List.of("add*:a@1", "add*:b@2", "tombstone:ns/b", "delete:b@21", "add:c@22")
                : List.of("add*:a@1", "add*:b@2", "tombstone:ns/b", "add:c@22");
        // (The relist's unchanged a arrives as update:a@1->1, before the tombstone with a DeltaFifo, after it
        // with a RealFifo; that is not what this test is about.)
        assertEquals(
                expected,
                handler.snapshot().stream()
                        .filter(e -> !e.equals("update:a@1->1"))
                        .toList());
    }

    @Test
    void anAtomicRelistIsNeverHalfVisibleToAHandler() {
        AtomicInteger lists = new AtomicInteger();
        lw.onList = options -> lists.incrementAndGet() == 1
                ? podList("10", pod("a", "1"), pod("b", "1"), pod("c", "1"))
                : podList("20", pod("c", "2"), pod("d", "2"), pod("e", "2"));
        List<String> storeSeenOnRelist = new CopyOnWriteArrayList<>();
        RecordingHandler handler = new RecordingHandler();
        handler.onEvent = event -> {
            if (event.startsWith("tombstone") || event.contains("@2") || event.contains("->2")) {
                // Every notification of the relist finds the store fully replaced.
                storeSeenOnRelist.add(event + " "
                        + informer.getStore().listKeys().stream().sorted().toList());
            }
        };
        start(builder(new QueueChoice("atomic", RealFifoOptions.clientGoDefaults())), handler);
        Await.until("initial list", () -> handler.events.size() == 3, Await.LONG_TIMEOUT);
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "too old"));
        handler.awaitEvents(8);
        // Deletions first, then the list in list order (client-go's processReplacedAllInfo).
        assertEquals(
                List.of(
                        "tombstone:ns/a [ns/c, ns/d, ns/e]",
                        "tombstone:ns/b [ns/c, ns/d, ns/e]",
                        "update:c@1->2 [ns/c, ns/d, ns/e]",
                        "add:d@2 [ns/c, ns/d, ns/e]",
                        "add:e@2 [ns/c, ns/d, ns/e]"),
                storeSeenOnRelist);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("realFifos")
    void batchPopDeliversAManyObjectListAndLaterChangesInOrder(QueueChoice queue) {
        Pod[] initial = new Pod[250];
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < initial.length; i++) {
            initial[i] = pod(String.format("p%03d", i), "5");
            expected.add("add*:" + initial[i].name() + "@5");
        }
        lw.onList = options -> podList("10", initial);
        RecordingHandler handler = new RecordingHandler();
        start(builder(queue), handler);
        var watcher = lw.watcher(0);
        for (int i = 0; i < 100; i++) {
            String name = String.format("p%03d", i % 7);
            String from = i < 7 ? "5" : String.valueOf(100 + i - 7);
            watcher.modify(pod(name, String.valueOf(100 + i)));
            expected.add("update:" + name + "@" + from + "->" + (100 + i));
        }
        watcher.add(pod("new", "300"));
        expected.add("add:new@300");
        handler.awaitEvent("add:new@300");
        assertEquals(expected, handler.snapshot());
        assertEquals(251, informer.getStore().list().size());
    }

    @Test
    void anAtomicResyncRedeliversEveryStoredObject() throws Exception {
        FakeClock clock = new FakeClock();
        lw.onList = options -> podList("10", pod("a", "1"), pod("b", "2"));
        informer = builder(new QueueChoice("atomic", RealFifoOptions.clientGoDefaults()))
                .clock(clock)
                .resyncPeriod(Duration.ofMinutes(1))
                .build();
        RecordingHandler handler = new RecordingHandler();
        informer.addEventHandler(handler, Duration.ofMinutes(1));
        informer.start();
        Await.until("informer synced", informer::hasSynced, Await.LONG_TIMEOUT);
        lw.watcher(0);
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofMinutes(1));
        handler.awaitEvents(4);
        assertEquals(List.of("add*:a@1", "add*:b@2", "update:a@1->1", "update:b@2->2"), handler.snapshot());
    }

    @Test
    void theReflectorQueuesWatchBookmarksInOrderWithTheEvents() throws Exception {
        lw.onList = options -> podList("10", pod("a", "5"));
        RealFifo<Pod> fifo = RealFifo.<Pod>builder(KeyFunctions.metaNamespaceKey())
                .options(RealFifoOptions.builder()
                        .atomicEvents(true)
                        .emitBookmarks(true)
                        .build())
                .build();
        Reflector<Pod> reflector = Reflector.builder(lw, fifo)
                .name("pods")
                .options(ReflectorOptions.builder()
                        .backoff(BackoffPolicy.constant(Duration.ofMillis(1)))
                        .build())
                .threadFactory(task -> {
                    Thread thread = new Thread(task, "reflector-queue-test");
                    thread.setDaemon(true);
                    return thread;
                })
                .build();
        reflector.start();
        try {
            var watcher = lw.watcher(0);
            watcher.add(pod("b", "11"));
            watcher.action(EventType.BOOKMARK, ReflectorTest.bookmark("12"));
            watcher.add(pod("c", "13"));
            Await.until(() -> "4 items queued, have " + fifo.len(), () -> fifo.len() >= 4, Await.LONG_TIMEOUT);
            List<Delta<Pod>> popped = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                popped.add(fifo.pop((deltas, initial) -> {}).oldest());
            }
            assertEquals(
                    List.of(DeltaType.REPLACED_ALL, DeltaType.ADDED, DeltaType.BOOKMARK, DeltaType.ADDED),
                    popped.stream().map(Delta::type).toList());
            assertEquals("10", ((ReplacedAll<?>) popped.get(0).object()).resourceVersion());
            assertEquals(new Bookmark("12"), popped.get(2).object());
        } finally {
            reflector.close();
        }
    }

    @Test
    void anInformersRealFifoReportsItsMetricsUnderTheInformersName() {
        List<String> names = new CopyOnWriteArrayList<>();
        List<Integer> queued = new CopyOnWriteArrayList<>();
        List<Long> latencies = new CopyOnWriteArrayList<>();
        FifoMetrics.Provider provider = name -> {
            names.add(name);
            return new FifoMetrics() {
                @Override
                public void setQueuedItems(int count) {
                    queued.add(count);
                }

                @Override
                public void observeProcessingLatency(long nanos) {
                    latencies.add(nanos);
                }
            };
        };
        lw.onList = options -> podList("10", pod("a", "1"), pod("b", "2"));
        RecordingHandler handler = new RecordingHandler();
        start(
                builder(new QueueChoice(
                                "metrics",
                                RealFifoOptions.builder()
                                        .metricsProvider(provider)
                                        .build()))
                        .clock(new FakeClock()),
                handler);
        handler.awaitEvents(2);
        lw.watcher(0).add(pod("c", "11"));
        handler.awaitEvent("add:c@11");
        assertEquals(List.of("pods"), names);
        Await.until("every item processed", () -> latencies.size() == 3, Await.LONG_TIMEOUT);
        assertEquals(0, queued.get(queued.size() - 1));
        // The fake clock never moves: processing took no time on the informer's clock.
        assertEquals(List.of(0L, 0L, 0L), latencies);
    }

    @Test
    void aBatchWithSeveralChangesOfOneObjectNotifiesEachAgainstThePreviousState() {
        RecordingHandler handler = new RecordingHandler();
        start(
                builder(new QueueChoice(
                        "batches", RealFifoOptions.builder().maxBatchSize(1000).build())),
                handler);
        Await.until("informer synced", informer::hasSynced, Await.LONG_TIMEOUT);
        ((DefaultSharedIndexInformer<Pod>) informer)
                .handleBatch(
                        List.of(
                                new Delta<>(DeltaType.ADDED, pod("a", "1")),
                                new Delta<>(DeltaType.UPDATED, pod("a", "2")),
                                new Delta<>(DeltaType.ADDED, pod("b", "1")),
                                new Delta<>(DeltaType.DELETED, pod("a", "2"))),
                        false);
        handler.awaitEvents(4);
        assertEquals(List.of("add:a@1", "update:a@1->2", "add:b@1", "delete:a@2"), handler.snapshot());
        assertEquals(
                List.of("b"), informer.getStore().list().stream().map(Pod::name).toList());
    }

    @Test
    void theFactoryGivesEveryInformerTheQueueItWasConfiguredWith() throws Exception {
        List<String> fifoNames = new CopyOnWriteArrayList<>();
        RealFifoOptions options = RealFifoOptions.clientGoDefaults().toBuilder()
                .metricsProvider(name -> {
                    fifoNames.add(name);
                    return FifoMetrics.noop();
                })
                .build();
        try (ServerAndClient api = ServerAndClient.start()) {
            api.server()
                    .create(
                            "pods",
                            "default",
                            "{\"apiVersion\":\"v1\",\"kind\":\"Pod\",\"metadata\":{\"name\":\"web\","
                                    + "\"namespace\":\"default\"},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"i\"}]}}");
            SharedInformerFactory factory = SharedInformerFactory.builder(api.client())
                    .realFifo(options)
                    .build();
            try {
                SharedIndexInformer<Pod> pods = factory.informerFor(ResourceType.PODS);
                SharedInformerFactoryTest.startAndAwaitSync(factory);
                assertEquals(
                        List.of("web"),
                        pods.getStore().list().stream().map(Pod::name).toList());
                assertEquals(List.of(pods.name()), fifoNames);
            } finally {
                factory.shutdown();
            }
        }
    }
}
