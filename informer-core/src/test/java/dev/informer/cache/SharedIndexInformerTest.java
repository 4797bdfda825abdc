package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.RawJson;
import dev.informer.api.Status;
import dev.informer.cache.internal.ProcessorListener;
import dev.informer.client.Transforms;
import dev.informer.clock.testing.FakeClock;
import dev.informer.store.IndexFunctions;
import dev.informer.store.Store;
import dev.informer.testing.Await;
import dev.informer.testsupport.TestThreads;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SharedIndexInformerTest extends FakeApiTestBase {

    private SharedIndexInformer.Builder<Pod> builder() {
        return informerBuilder("informer-test-");
    }

    private SharedIndexInformer<Pod> started(
            SharedIndexInformer.Builder<Pod> builder, ResourceEventHandler<Pod> handler) {
        informer = builder.build();
        if (handler != null) {
            informer.addEventHandler(handler);
        }
        informer.start();
        return informer;
    }

    private void awaitSynced() {
        Await.until("informer synced", informer::hasSynced, Await.LONG_TIMEOUT);
    }

    // ------------------------------------------------------------ notifications

    @Test
    void theReflectorListsAndWatchesWithTheInformersReflectorOptions() {
        lw.onList = options -> podList("10", pod("a", "5"));
        started(
                builder()
                        .reflectorOptions(ReflectorOptions.builder()
                                .useWatchList(false)
                                .pageSize(7)
                                .minWatchTimeout(Duration.ofMinutes(7))
                                .build()),
                null);
        lw.watcher(0);

        assertEquals(7, lw.listCalls.get(0).limit(), "the informer's page size");
        assertNull(lw.watchCalls.get(0).sendInitialEvents(), "no streaming list with useWatchList(false)");
        int timeout = lw.watchCalls.get(0).timeoutSeconds();
        assertTrue(timeout >= 420 && timeout < 840, "watch timeout " + timeout + " outside [420, 840)");
    }

    @Test
    void theBackoffShorthandKeepsTheOtherReflectorOptions() {
        started(
                SharedIndexInformer.builder(lw)
                        .reflectorOptions(ReflectorOptions.builder()
                                .useWatchList(false)
                                .pageSize(7)
                                .build())
                        .backoff(BackoffPolicy.constant(Duration.ofMillis(1))),
                null);
        lw.watcher(0);

        assertEquals(7, lw.listCalls.get(0).limit());
        assertNull(lw.watchCalls.get(0).sendInitialEvents());
    }

    @Test
    void handlersSeeInitialListThenLiveChangesAndTheStoreIsUpdatedFirst() {
        lw.onList = options -> podList("10", pod("a", "5"), pod("c", "6"));
        List<String> storeLagging = new CopyOnWriteArrayList<>();
        RecordingHandler handler = new RecordingHandler();
        handler.onEvent = event -> {
            // When a handler hears of a state, the store holds it or a later one (c is deleted later).
            String name = event.substring(event.indexOf(':') + 1).split("@")[0];
            long version = Long.parseLong(event.replaceAll(".*[@>]", ""));
            Pod stored = informer.getStore().getByKey("ns/" + name).orElse(null);
            boolean ok = event.startsWith("delete")
                    ? stored == null
                    : (stored != null && Long.parseLong(stored.resourceVersion()) >= version)
                            || (stored == null && name.equals("c"));
            if (!ok) {
                storeLagging.add(
                        event + " but the store has " + (stored == null ? "nothing" : stored.resourceVersion()));
            }
        };
        started(builder(), handler);
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(pod("b", "11"));
        watcher.modify(pod("a", "12"));
        watcher.delete(pod("c", "13"));
        handler.awaitEvents(5);

        // Order is per object (the fifo queues by key), so compare each object's history.
        assertEquals(
                List.of("add*:a@5", "update:a@5->12"),
                handler.snapshot().stream().filter(e -> e.contains(":a@")).toList());
        assertEquals(
                List.of("add:b@11"),
                handler.snapshot().stream().filter(e -> e.contains(":b@")).toList());
        assertEquals(
                List.of("add*:c@6", "delete:c@13"),
                handler.snapshot().stream().filter(e -> e.contains(":c@")).toList());
        assertTrue(storeLagging.isEmpty(), "notified before the store was updated: " + storeLagging);
        // The reflector records the version just after handing the event to the fifo.
        Await.until("version 13 recorded", () -> "13".equals(informer.lastSyncResourceVersion()), Await.LONG_TIMEOUT);
        assertTrue(informer.hasSynced());
    }

    @Test
    void registrationHasSyncedOnlyOnceItsHandlerHasSeenTheInitialList() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"), pod("b", "2"));
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler fast = new RecordingHandler();
        ResourceEventHandler<Pod> blocked = blockedUntil(release);
        informer = builder().build();
        ResourceEventHandlerRegistration fastRegistration = informer.addEventHandler(fast);
        ResourceEventHandlerRegistration blockedRegistration = informer.addEventHandler(blocked);
        assertFalse(fastRegistration.hasSynced());
        informer.start();
        awaitSynced();
        Await.until("fast handler synced", fastRegistration::hasSynced, Await.LONG_TIMEOUT);
        assertFalse(blockedRegistration.hasSynced(), "the blocked handler has not seen the initial list yet");
        release.countDown();
        Await.until("blocked handler synced", blockedRegistration::hasSynced, Await.LONG_TIMEOUT);
    }

    @Test
    void handlerAddedAfterStartGetsTheStoreFirstThenLiveEventsWithNothingMissedOrDoubled() throws Exception {
        lw.onList = options -> podList("100", pod("p0", "100"));
        started(builder(), null);
        awaitSynced();
        FakeWatcher<Pod> watcher = lw.watcher(0);
        int events = 2000;
        Thread producer = new Thread(() -> {
            for (int i = 1; i <= events; i++) {
                String name = "p" + (i % 50);
                String rv = String.valueOf(100 + i);
                if (i % 7 == 0) {
                    watcher.delete(pod(name, rv));
                } else {
                    watcher.modify(pod(name, rv));
                }
            }
        });
        producer.start();
        RecordingHandler late = new RecordingHandler();
        informer.addEventHandler(late);
        producer.join();
        // The final store follows from the events: each name's last event wins.
        Map<String, String> expected = new HashMap<>();
        expected.put("p0", "100");
        for (int i = 1; i <= events; i++) {
            String name = "p" + (i % 50);
            if (i % 7 == 0) {
                expected.remove(name);
            } else {
                expected.put(name, String.valueOf(100 + i));
            }
        }
        // Not only handed to the fifo (lastSyncResourceVersion) but popped into the store.
        Await.until(() -> "store final, has " + storeView(), () -> expected.equals(storeView()), Await.LONG_TIMEOUT);

        // Replaying the late handler's notifications must give exactly the informer's final store.
        Await.until(
                () -> "late handler converged, has " + late.events.size(),
                () -> expected.equals(replay(late.snapshot())),
                Await.LONG_TIMEOUT);
        assertEquals(expected, storeView());
    }

    /** Applies notifications to a name->rv map; null if they are inconsistent (double add, update/delete of unknown). */
    private static Map<String, String> replay(List<String> events) {
        Map<String, String> view = new HashMap<>();
        for (String event : events) {
            String kind = event.substring(0, event.indexOf(':'));
            String rest = event.substring(event.indexOf(':') + 1);
            String name = rest.split("@")[0];
            switch (kind) {
                case "add", "add*" -> {
                    if (view.put(name, rest.split("@")[1]) != null) {
                        throw new AssertionError("doubled add for " + name + " in " + events);
                    }
                }
                case "update" -> {
                    String[] versions = rest.split("@")[1].split("->");
                    if (!versions[0].equals(view.get(name))) {
                        throw new AssertionError("update of " + name + " from " + versions[0] + " but the handler had "
                                + view.get(name));
                    }
                    view.put(name, versions[1]);
                }
                case "delete" -> {
                    if (view.remove(name) == null) {
                        throw new AssertionError("delete of unknown " + name);
                    }
                }
                default -> throw new AssertionError("unexpected " + event);
            }
        }
        return view;
    }

    private Map<String, String> storeView() {
        Map<String, String> view = new HashMap<>();
        informer.getStore().list().forEach(p -> view.put(p.name(), p.resourceVersion()));
        return view;
    }

    @Test
    void deleteMissedWhileDisconnectedArrivesAsATombstoneOnRelist() {
        AtomicInteger lists = new AtomicInteger();
        lw.onList = options -> lists.incrementAndGet() == 1
                ? podList("10", pod("a", "1"), pod("b", "2"))
                : podList("20", pod("a", "1"));
        RecordingHandler handler = new RecordingHandler();
        started(builder(), handler);
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "too old"));
        handler.awaitEvent("tombstone:ns/b");
        assertEquals(
                List.of("a"), informer.getStore().list().stream().map(Pod::name).toList());
    }

    @Test
    void relistWithUnchangedObjectIsAResyncThatSkipsListenersNotDue() throws Exception {
        FakeClock clock = new FakeClock();
        AtomicInteger lists = new AtomicInteger();
        lw.onList =
                options -> lists.incrementAndGet() == 1 ? podList("10", pod("a", "1")) : podList("20", pod("a", "1"));
        informer = builder().clock(clock).resyncPeriod(Duration.ofMinutes(1)).build();
        RecordingHandler handler = new RecordingHandler();
        RecordingHandler everyMinute = new RecordingHandler();
        informer.addEventHandler(handler, Duration.ofMinutes(10));
        informer.addEventHandler(everyMinute, Duration.ofMinutes(1));
        informer.start();
        awaitSynced();
        lw.watcher(0);
        // The resync check after one minute finds the first listener not due and takes it out of the
        // sync set; the second is due and gets the resync.
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofMinutes(1));
        everyMinute.awaitEvent("update:a@1->1");
        Await.until("resync timer re-armed", () -> clock.waiterCount() == 1, Await.LONG_TIMEOUT);
        lw.watcher(0).add(pod("b", "11"));
        handler.awaitEvent("add:b@11");
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "too old"));
        Await.until("the watch ended", () -> lw.watchers.get(0).isStopped(), Await.LONG_TIMEOUT);
        // The reflector backs off for 1 ms on the fake clock before it relists. Its waiter cannot be
        // told apart from the resync timer's (which stops waiting when the watch ends, in either order
        // with the backoff starting), and a single step taken before the backoff waits would be lost:
        // step 1 ms at a time until the relist has happened.
        Await.until(
                "relisted",
                () -> {
                    clock.step(Duration.ofMillis(1));
                    return "20".equals(informer.lastSyncResourceVersion());
                },
                Await.LONG_TIMEOUT);
        handler.awaitEvent("tombstone:ns/b");
        assertFalse(handler.events.contains("update:a@1->1"), "same-version replace is a resync: " + handler.events);
    }

    @Test
    void relistWithChangedObjectDeliversAnUpdate() {
        AtomicInteger lists = new AtomicInteger();
        lw.onList =
                options -> lists.incrementAndGet() == 1 ? podList("10", pod("a", "1")) : podList("20", pod("a", "15"));
        RecordingHandler handler = new RecordingHandler();
        started(builder(), handler);
        lw.watcher(0).error(Status.failure(410, Status.REASON_EXPIRED, "too old"));
        handler.awaitEvent("update:a@1->15");
    }

    // ------------------------------------------------------------ handler isolation

    @Test
    void aThrowingHandlerDoesNotStopTheInformerNorOtherHandlers() {
        RecordingHandler healthy = new RecordingHandler();
        AtomicInteger calls = new AtomicInteger();
        informer = builder().build();
        informer.addEventHandler(new ResourceEventHandler<Pod>() {
            @Override
            public void onAdd(Pod obj, boolean isInInitialList) {
                calls.incrementAndGet();
                throw new IllegalStateException("handler failure on purpose");
            }
        });
        informer.addEventHandler(healthy);
        informer.start();
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(pod("a", "2"));
        watcher.add(pod("b", "3"));
        healthy.awaitEvents(2);
        Await.until("the throwing handler kept receiving", () -> calls.get() == 2, Await.LONG_TIMEOUT);
    }

    @Test
    void aSlowHandlerDoesNotDelayAFastOne() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler fast = new RecordingHandler();
        informer = builder().build();
        informer.addEventHandler(blockedUntil(release));
        informer.addEventHandler(fast);
        informer.start();
        FakeWatcher<Pod> watcher = lw.watcher(0);
        for (int i = 0; i < 100; i++) {
            watcher.add(pod("p" + i, String.valueOf(10 + i)));
        }
        fast.awaitEvents(100);
        assertEquals(1, release.getCount(), "the slow handler is still blocked on its first event");
        release.countDown();
    }

    @Test
    void fiftyListenersAllSeeEveryEventInOrder() {
        informer = builder().build();
        List<RecordingHandler> handlers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            RecordingHandler handler = new RecordingHandler();
            handlers.add(handler);
            informer.addEventHandler(handler);
        }
        informer.start();
        FakeWatcher<Pod> watcher = lw.watcher(0);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            watcher.add(pod("p" + i, String.valueOf(10 + i)));
            expected.add("add:p" + i + "@" + (10 + i));
        }
        for (RecordingHandler handler : handlers) {
            handler.awaitEvents(200);
            assertEquals(expected, handler.snapshot());
        }
    }

    @Test
    void aRemovedHandlerReceivesNothingMore() {
        RecordingHandler kept = new RecordingHandler();
        RecordingHandler removed = new RecordingHandler();
        informer = builder().build();
        informer.addEventHandler(kept);
        ResourceEventHandlerRegistration registration = informer.addEventHandler(removed);
        informer.start();
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(pod("a", "2"));
        removed.awaitEvents(1);
        assertTrue(informer.removeEventHandler(registration));
        assertFalse(informer.removeEventHandler(registration), "a second removal finds nothing");
        watcher.add(pod("b", "3"));
        kept.awaitEvent("add:b@3");
        assertEquals(List.of("add:a@2"), removed.snapshot());
    }

    // ------------------------------------------------------------ resync

    @Test
    void resyncGoesOnlyToTheListenersWhoseResyncIsDue() throws Exception {
        FakeClock clock = new FakeClock();
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().clock(clock).resyncPeriod(Duration.ofSeconds(1)).build();
        RecordingHandler every1 = new RecordingHandler();
        RecordingHandler every2 = new RecordingHandler();
        RecordingHandler every3 = new RecordingHandler();
        informer.addEventHandler(every1, Duration.ofSeconds(1));
        informer.addEventHandler(every2, Duration.ofSeconds(2));
        informer.addEventHandler(every3, Duration.ofSeconds(3));
        informer.start();
        awaitSynced();
        lw.watcher(0);
        int[][] expectedResyncs = {{1, 0, 0}, {2, 1, 0}, {3, 1, 1}};
        for (int[] expected : expectedResyncs) {
            assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
            clock.step(Duration.ofSeconds(1));
            Await.until(
                    "resyncs " + java.util.Arrays.toString(expected),
                    () -> resyncs(every1) == expected[0]
                            && resyncs(every2) == expected[1]
                            && resyncs(every3) == expected[2],
                    Await.LONG_TIMEOUT);
            Await.until("resync timer re-armed", () -> clock.waiterCount() == 1, Await.LONG_TIMEOUT);
        }
        assertEquals("update:a@1->1", every1.snapshot().get(1));
    }

    private static long resyncs(RecordingHandler handler) {
        return handler.snapshot().stream().filter(e -> e.startsWith("update:")).count();
    }

    @Test
    void resyncPeriodsFollowClientGoRules() {
        informer = builder().resyncPeriod(Duration.ofSeconds(10)).build();
        ProcessorListener<?> small =
                (ProcessorListener<?>) informer.addEventHandler(new RecordingHandler(), Duration.ofMillis(10));
        assertEquals(
                Duration.ofSeconds(1),
                small.resyncPeriod(),
                "below the minimum becomes the minimum, and lowers the check period");
        ProcessorListener<?> none =
                (ProcessorListener<?>) informer.addEventHandler(new RecordingHandler(), Duration.ZERO);
        assertEquals(Duration.ZERO, none.resyncPeriod());
        ProcessorListener<?> byDefault = (ProcessorListener<?>) informer.addEventHandler(new RecordingHandler());
        assertEquals(Duration.ofSeconds(10), byDefault.resyncPeriod());
        informer.start();
        informer.close();

        informer = builder().resyncPeriod(Duration.ofSeconds(10)).build();
        informer.start();
        ProcessorListener<?> late =
                (ProcessorListener<?>) informer.addEventHandler(new RecordingHandler(), Duration.ofSeconds(2));
        assertEquals(Duration.ofSeconds(10), late.resyncPeriod(), "after start it cannot go below the check period");

        SharedIndexInformer<Pod> noResync = builder().build();
        ProcessorListener<?> ignored =
                (ProcessorListener<?>) noResync.addEventHandler(new RecordingHandler(), Duration.ofSeconds(5));
        assertEquals(
                Duration.ZERO,
                ignored.resyncPeriod(),
                "an informer without resync gives no handler resyncs, as client-go");
        assertThrows(
                IllegalArgumentException.class,
                () -> noResync.addEventHandler(new RecordingHandler(), Duration.ofSeconds(-1)));
    }

    // ------------------------------------------------------------ transform and indexers

    @Test
    void transformRunsBeforeObjectsAreStoredAndDistributed() {
        Pod withManagedFields = Pod.builder()
                .metadata(ObjectMeta.builder()
                        .namespace("ns")
                        .name("a")
                        .resourceVersion("1")
                        .managedFields(RawJson.parse("[{\"manager\":\"kubectl\"}]"))
                        .build())
                .build();
        lw.onList = options -> podList("10", withManagedFields);
        List<Pod> seen = new CopyOnWriteArrayList<>();
        informer = builder().build();
        informer.setTransform(Transforms.stripManagedFields());
        informer.addEventHandler(new ResourceEventHandler<Pod>() {
            @Override
            public void onAdd(Pod obj, boolean isInInitialList) {
                seen.add(obj);
            }
        });
        informer.start();
        Await.until("added", () -> seen.size() == 1, Await.LONG_TIMEOUT);
        assertNull(seen.get(0).metadata().managedFields());
        assertNull(informer.getStore().getByKey("ns/a").orElseThrow().metadata().managedFields());
        assertEquals("a", seen.get(0).name());
    }

    @Test
    void cacheIsHandedOutAsAReadViewThatCannotBeCastToTheWritableIndexer() {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().build();
        informer.start();
        awaitSynced();
        Object indexer = informer.getIndexer();
        Object store = informer.getStore();
        assertFalse(indexer instanceof Store, "getIndexer() handed out the writable cache");
        assertFalse(store instanceof Store, "getStore() handed out the writable cache");
        assertSame(indexer, informer.getIndexer(), "one view per informer");
        assertEquals(List.of("ns/a"), informer.getIndexer().listKeys(), "the view reads the cache");
    }

    @Test
    void indexersCanBeAddedBeforeAndAfterStart() {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder()
                .indexer(IndexFunctions.NAMESPACE_INDEX, IndexFunctions.byNamespace())
                .build();
        informer.start();
        awaitSynced();
        assertEquals(
                1,
                informer.getIndexer()
                        .byIndex(IndexFunctions.NAMESPACE_INDEX, "ns")
                        .size());
        informer.addIndexers(Map.of("byName", p -> List.of(p.name())));
        assertEquals(1, informer.getIndexer().byIndex("byName", "a").size());
        IllegalArgumentException conflict = assertThrows(
                IllegalArgumentException.class, () -> informer.addIndexers(Map.of("byName", p -> List.of(p.name()))));
        assertTrue(conflict.getMessage().contains("indexer conflict"), conflict.getMessage());
    }

    // ------------------------------------------------------------ lifecycle and misuse

    @Test
    void handlerAddedAfterStopIsRejectedWithAClearMessage() {
        started(builder(), null);
        informer.close();
        RecordingHandler handler = new RecordingHandler();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> informer.addEventHandler(handler));
        assertTrue(e.getMessage().contains("because it has stopped already"), e.getMessage());
    }

    @Test
    void transformAndErrorHandlerCannotChangeAfterStart() {
        started(builder(), null);
        assertTrue(assertThrows(IllegalStateException.class, () -> informer.setTransform(p -> p))
                .getMessage()
                .contains("already started"));
        assertTrue(assertThrows(IllegalStateException.class, () -> informer.setWatchErrorHandler((n, e) -> {}))
                .getMessage()
                .contains("already started"));
    }

    @Test
    void stoppedInformerCannotStartAgainAndStopJoinsEveryThread() {
        RecordingHandler handler = new RecordingHandler();
        started(builder(), handler);
        lw.watcher(0).add(pod("a", "2"));
        handler.awaitEvents(1);
        informer.close();
        assertTrue(informer.isStopped());
        threads.forEach(thread -> assertFalse(thread.isAlive(), thread.getName() + " still alive after stop"));
        assertThrows(IllegalStateException.class, informer::start);
    }

    @Test
    void runBlocksUntilStop() throws Exception {
        informer = builder().build();
        CountDownLatch returned = new CountDownLatch(1);
        TestThreads.startInterruptible("runner", () -> {
            try {
                informer.run();
            } finally {
                returned.countDown();
            }
        });
        Await.until("started", informer::hasStarted, Await.LONG_TIMEOUT);
        assertFalse(returned.await(50, TimeUnit.MILLISECONDS));
        informer.close();
        assertTrue(returned.await(10, TimeUnit.SECONDS));
    }

    @Test
    void watchErrorHandlerSetBeforeStartReceivesFailures() {
        List<RuntimeException> errors = new CopyOnWriteArrayList<>();
        informer = builder().build();
        informer.setWatchErrorHandler((name, error) -> errors.add(error));
        informer.start();
        lw.watcher(0).error(Status.failure(500, "InternalError", "boom"));
        Await.until("error reported", () -> !errors.isEmpty(), Await.LONG_TIMEOUT);
        assertInstanceOf(dev.informer.watch.ApiErrorException.class, errors.get(0));
    }

    /** A handler whose every add blocks until {@code release} (at most 20 seconds). */
    private static ResourceEventHandler<Pod> blockedUntil(CountDownLatch release) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod obj, boolean isInInitialList) {
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
