package dev.informer.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.CoreEvent;
import dev.informer.api.EventSource;
import dev.informer.api.Node;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.LogCapture;
import dev.informer.testsupport.ServerAndClient;
import dev.informer.testsupport.Setters;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** The broadcaster against the embedded API server: what Events it writes, throttles and drops. */
class EventBroadcasterTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-11-25T10:00:00Z"));

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();
    private EventBroadcaster broadcaster;

    private static final Pod POD = Pod.builder()
            .apiVersion("v1")
            .kind("Pod")
            .metadata(ObjectMeta.builder()
                    .namespace("default")
                    .name("web")
                    .uid("uid-web")
                    .resourceVersion("7")
                    .build())
            .build();

    @AfterEach
    void stop() {
        if (broadcaster != null) {
            broadcaster.close();
        }
    }

    private EventBroadcaster.Builder builder() {
        return EventBroadcaster.builder(client)
                .clock(clock)
                .threadFactory(ThreadFactories.platformDaemon("test-events"));
    }

    /** Starts a broadcaster with the test's settings and returns its recorder for "app-controller". */
    private EventRecorder appControllerRecorder() {
        broadcaster = builder().build();
        return broadcaster.newRecorder("app-controller");
    }

    private List<CoreEvent> events(String namespace) {
        return client.resource(ResourceType.EVENTS).inNamespace(namespace).list().items().stream()
                .sorted(Comparator.comparing(e -> e.metadata().name()))
                .toList();
    }

    @Test
    void aRecordedEventIsWrittenAsACoreEventAboutTheObject() {
        broadcaster = builder().build();
        EventRecorder recorder = broadcaster.newRecorder(
                EventSource.builder().component("app-controller").host("node-1").build());

        recorder.eventf(POD, EventSeverity.WARNING, "BackOff", "restarting %s (%d)", "app", 3);

        Await.until("one event written", () -> events("default").size() == 1);
        CoreEvent event = events("default").get(0);
        assertEquals("Warning", event.type());
        assertEquals("BackOff", event.reason());
        assertEquals("restarting app (3)", event.message());
        assertEquals(1, event.count());
        assertEquals("2026-11-25T10:00:00Z", event.firstTimestamp());
        assertEquals("app-controller", event.source().component());
        assertEquals("node-1", event.source().host());
        assertEquals("app-controller", event.reportingComponent());
        assertEquals("Pod", event.involvedObject().kind());
        assertEquals("web", event.involvedObject().name());
        assertEquals("uid-web", event.involvedObject().uid());
        assertEquals("7", event.involvedObject().resourceVersion());
        assertTrue(event.metadata().name().startsWith("web."), event.metadata().name());
        // The counter is incremented once the write has returned, which may be after the server has the event.
        Await.until("the write counted", () -> broadcaster.writtenEvents() == 1);
    }

    @Test
    void annotationsAreSetOnTheEventObject() {
        broadcaster = builder().build();

        broadcaster
                .newRecorder("app-controller")
                .annotatedEventf(POD, Map.of("example.dev/trace", "abc"), EventSeverity.NORMAL, "Synced", "ok");

        Await.until("one event written", () -> events("default").size() == 1);
        assertEquals(
                Map.of("example.dev/trace", "abc"),
                events("default").get(0).metadata().annotations());
    }

    @Test
    void identicalEventsAreCountedInOneEvent() {
        EventRecorder recorder = appControllerRecorder();

        recorder.event(POD, EventSeverity.NORMAL, "Scaled", "replicas 3");
        Await.until("first written", () -> broadcaster.writtenEvents() == 1);
        clock.step(Duration.ofSeconds(90));
        recorder.event(POD, EventSeverity.NORMAL, "Scaled", "replicas 3");
        recorder.event(POD, EventSeverity.NORMAL, "Scaled", "replicas 3");

        Await.until("three writes", () -> broadcaster.writtenEvents() == 3);
        List<CoreEvent> events = events("default");
        assertEquals(1, events.size());
        assertEquals(3, events.get(0).count());
        assertEquals("2026-11-25T10:00:00Z", events.get(0).firstTimestamp());
        assertEquals("2026-11-25T10:01:30Z", events.get(0).lastTimestamp());
    }

    @Test
    void aRepeatOfAnEventDeletedOnTheServerCreatesItAgain() {
        EventRecorder recorder = appControllerRecorder();
        recorder.event(POD, EventSeverity.NORMAL, "Scaled", "replicas 3");
        Await.until("first written", () -> broadcaster.writtenEvents() == 1);
        String name = events("default").get(0).metadata().name();
        client.resource(ResourceType.EVENTS).inNamespace("default").delete(name);

        recorder.event(POD, EventSeverity.NORMAL, "Scaled", "replicas 3");

        Await.until("second written", () -> broadcaster.writtenEvents() == 2);
        List<CoreEvent> events = events("default");
        assertEquals(1, events.size());
        assertEquals(name, events.get(0).metadata().name());
        assertEquals(2, events.get(0).count());
        assertEquals(0, broadcaster.droppedEvents());
    }

    @Test
    void similarEventsAreCombinedIntoOneCountedEvent() {
        EventRecorder recorder = appControllerRecorder();

        for (int i = 1; i <= 12; i++) {
            recorder.event(POD, EventSeverity.WARNING, "FailedSync", "attempt " + i);
        }

        Await.until("twelve writes", () -> broadcaster.writtenEvents() == 12);
        List<CoreEvent> combined = events("default").stream()
                .filter(e -> e.message().startsWith("(combined from similar events): "))
                .toList();
        assertEquals(10, events("default").size(), "9 single events and one combined");
        assertEquals(1, combined.size());
        assertEquals(3, combined.get(0).count());
        assertEquals(
                "(combined from similar events): attempt 12", combined.get(0).message());
    }

    @Test
    void eventsBeyondTheSpamBurstAreFilteredAndCounted() {
        broadcaster = builder().spamBurst(2).build();
        EventRecorder recorder = broadcaster.newRecorder("app-controller");

        recorder.event(POD, EventSeverity.NORMAL, "A", "m");
        recorder.event(POD, EventSeverity.NORMAL, "B", "m");
        recorder.event(POD, EventSeverity.NORMAL, "C", "m");

        Await.until("one filtered", () -> broadcaster.filteredEvents() == 1);
        Await.until("two written", () -> broadcaster.writtenEvents() == 2);
        assertEquals(
                List.of("A", "B"),
                events("default").stream().map(CoreEvent::reason).sorted().toList());
    }

    @Test
    void eventsAboutClusterScopedObjectsGoToTheDefaultNamespace() {
        broadcaster = builder().build();
        Node node = Node.builder()
                .apiVersion("v1")
                .kind("Node")
                .metadata(ObjectMeta.builder().name("node-1").build())
                .build();

        broadcaster.newRecorder("node-controller").event(node, EventSeverity.NORMAL, "NodeReady", "ready");

        Await.until("one event written", () -> events("default").size() == 1);
        assertEquals("node-1", events("default").get(0).involvedObject().name());
    }

    /** Stops the server, then records one warning with a broadcaster that tries each write {@code maxTries} times. */
    private void recordABackOffWithTheServerDown(int maxTries) {
        broadcaster = builder().maxTries(maxTries).build();
        server.close();
        broadcaster.newRecorder("app-controller").event(POD, EventSeverity.WARNING, "BackOff", "m");
    }

    @Test
    void eventsAreDroppedAndCountedWhenTheServerIsDown() {
        recordABackOffWithTheServerDown(1);

        Await.until("one dropped", () -> broadcaster.droppedEvents() == 1);
        assertEquals(0, broadcaster.writtenEvents());
    }

    @Test
    void anUnreachableServerIsRetriedOnTheClockUpToMaxTries() throws InterruptedException {
        recordABackOffWithTheServerDown(3);

        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the writer waits on the clock before retrying");
        assertEquals(0, broadcaster.droppedEvents());
        Await.until("dropped after the third try", () -> {
            clock.step(EventBroadcaster.DEFAULT_RETRY_INTERVAL);
            return broadcaster.droppedEvents() == 1;
        });
    }

    @Test
    void recordingNeverBlocksAndDropsWhenTheQueueIsFull() throws InterruptedException {
        broadcaster = builder().maxTries(2).queueCapacity(2).build();
        server.close();
        EventRecorder recorder = broadcaster.newRecorder("app-controller");
        recorder.event(POD, EventSeverity.WARNING, "First", "m");
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the writer is stuck waiting to retry");

        try (LogCapture logs = LogCapture.start()) {
            recorder.event(POD, EventSeverity.WARNING, "Second", "m");
            recorder.event(POD, EventSeverity.WARNING, "Third", "m");
            recorder.event(POD, EventSeverity.WARNING, "Fourth", "m");

            assertEquals(1, broadcaster.droppedEvents());
            assertEquals(2, broadcaster.queuedEvents());
            assertEquals(
                    1,
                    logs.linesWith("WARN", "Dropping event Warning Fourth about default/web", "the event queue is full")
                            .size(),
                    logs.lines().toString());
        }
    }

    @Test
    void eventsRecordedAfterCloseAreDroppedAndCounted() {
        EventRecorder recorder = appControllerRecorder();
        broadcaster.close();

        recorder.event(POD, EventSeverity.NORMAL, "Late", "m");

        assertEquals(1, broadcaster.droppedEvents());
    }

    @Test
    void closeWritesTheEventsAlreadyQueued() {
        EventRecorder recorder = appControllerRecorder();
        for (int i = 0; i < 5; i++) {
            recorder.event(POD, EventSeverity.NORMAL, "R" + i, "m");
        }

        broadcaster.close();

        assertEquals(5, broadcaster.writtenEvents() + broadcaster.droppedEvents());
        assertEquals(0, broadcaster.queuedEvents());
    }

    @Test
    void closeEndsARetryWaitWithoutTheClockMovingAndDropsTheEvent() throws InterruptedException {
        recordABackOffWithTheServerDown(5);
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the writer waits to retry");

        broadcaster.close();

        assertEquals(1, broadcaster.droppedEvents());
        assertFalse(clock.hasWaiters());
    }

    @Test
    void aServerRejectionIsNotRetried() {
        broadcaster = builder().build();
        server.faults().failNext(1, "create", "events", 403);

        broadcaster.newRecorder("app-controller").event(POD, EventSeverity.NORMAL, "Denied", "m");

        Await.until("dropped", () -> broadcaster.droppedEvents() == 1);
        assertFalse(clock.hasWaiters(), "no retry wait");
        assertEquals(0, events("default").size());
    }

    @Test
    void eachEventIsLogged() {
        broadcaster = builder().build();
        try (LogCapture logs = LogCapture.start()) {
            broadcaster.newRecorder("app-controller").event(POD, EventSeverity.WARNING, "BackOff", "restarting");

            Await.until("written", () -> broadcaster.writtenEvents() == 1);
            assertEquals(
                    1,
                    logs.linesWith(
                                    "Event occurred: object=default/web kind=Pod",
                                    "type=Warning reason=BackOff",
                                    "message=restarting")
                            .size(),
                    logs.lines().toString());
        }
    }

    @Test
    void anObjectWithoutANameIsRejectedOnTheCallingThread() {
        broadcaster = builder().build();
        Pod nameless = Pod.builder()
                .metadata(ObjectMeta.builder().namespace("default").build())
                .build();

        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> broadcaster.newRecorder("c").event(nameless, EventSeverity.NORMAL, "R", "m"));
        assertTrue(e.getMessage().contains("without metadata.name"), e.getMessage());
    }

    @Test
    void builderSettersRefuseBadValuesAtOnceNamingTheSetting() {
        EventBroadcaster.Builder b = EventBroadcaster.builder(client);

        Setters.assertRefuses("queueCapacity must be in 1..1000000, got 0", () -> b.queueCapacity(0));
        Setters.assertRefuses("spamBurst must be at least 1, got 0", () -> b.spamBurst(0));
        Setters.assertRefuses("retryInterval must be positive, got PT0S", () -> b.retryInterval(Duration.ZERO));
        Setters.assertEachRefusesNull(
                b, "clock", "threadFactory", "retryInterval", "closeTimeout", "aggregateInterval", "logLevel");
    }
}
