package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.cache.DispatchMode;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The pooled mode's inbox: a distribute lands in the processor's inbox and the pool's fan-out task
 * copies it into the listeners' buffers. These pin what must hold while notifications wait there: the
 * one worker is held in a handler, so the inbox cannot be fanned out until the test releases it.
 */
class PooledFanOutTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-listener-");
    private SharedProcessor<String> processor;
    private DispatchModeTest.BlockingHandler blocker;

    @BeforeEach
    void holdTheOnlyWorker() {
        // a threshold the fake clock never reaches: the watchdog never detaches the blocked worker
        processor =
                new SharedProcessor<>("fan-out-test", clock, threads, 4, DispatchMode.pooled(1, Duration.ofDays(1)));
        blocker = new DispatchModeTest.BlockingHandler();
        processor.addListener(blocker, () -> true);
        processor.start();
        processor.distribute(Notification.added("first", false), false);
        blocker.awaitCount(1); // the only worker now waits in the blocker's handler
    }

    @AfterEach
    void stop() throws InterruptedException {
        blocker.release.countDown();
        assertTrue(processor.stop(Duration.ofSeconds(10)), "listeners did not end");
    }

    @Test
    void aListenerAddedWhileTheInboxHoldsNotificationsDoesNotReceiveThem() {
        processor.distribute(Notification.added("before-1", false), false);
        processor.distribute(Notification.added("before-2", false), false);
        RecordingHandler late = new RecordingHandler();
        processor.addListener(late, () -> true);
        processor.distribute(Notification.added("after", false), false);
        blocker.release.countDown();
        blocker.awaitCount(4);
        late.awaitCount(1);
        assertEquals(List.of("add:first", "add:before-1", "add:before-2", "add:after"), blocker.events());
        assertEquals(List.of("add:after"), late.events());
    }

    @Test
    void pendingCountsNotificationsStillInTheInbox() {
        processor.distribute(Notification.added("a", false), false);
        processor.distribute(Notification.added("b", false), false);
        assertEquals(2, processor.metrics().get(0).pending());
        blocker.release.countDown();
        blocker.awaitCount(3);
        Await.until(
                "the inbox and buffer to drain",
                () -> processor.metrics().get(0).pending() == 0);
    }

    @Test
    void aRegistrationIsNotSyncedWhileItsInitialListAddsWaitInTheInbox() {
        RecordingHandler handler = new RecordingHandler();
        AtomicBoolean upstreamSynced = new AtomicBoolean();
        ProcessorListener<String> registration = processor.addListener(handler, upstreamSynced::get);
        processor.distribute(Notification.added("initial", true), false);
        upstreamSynced.set(true);
        assertFalse(registration.hasSynced(), "synced before its initial-list add was even buffered");
        blocker.release.countDown();
        handler.awaitCount(1);
        Await.until("the registration to sync once its initial add was handled", registration::hasSynced);
    }

    @Test
    void aSyncDistributeComesAfterTheNotificationsWaitingInTheInbox() {
        processor.distribute(Notification.added("queued", false), false);
        processor.distribute(Notification.updated("queued", "resynced"), true);
        blocker.release.countDown();
        blocker.awaitCount(3);
        assertEquals(List.of("add:first", "add:queued", "update:queued->resynced"), blocker.events());
    }
}
