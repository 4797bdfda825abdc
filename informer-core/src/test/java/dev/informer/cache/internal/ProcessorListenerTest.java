package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.cache.ListenerMetrics;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.clock.Clock;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** client-go's processor_listener_test.go and the listener half of shared_informer_test.go. */
class ProcessorListenerTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-listener-");
    private final List<ProcessorListener<String>> listeners = new ArrayList<>();

    private ProcessorListener<String> listener(ResourceEventHandler<String> handler) {
        return listener(handler, () -> true, Duration.ZERO, clock);
    }

    private ProcessorListener<String> listener(
            ResourceEventHandler<String> handler,
            java.util.function.BooleanSupplier upstream,
            Duration resync,
            Clock clock) {
        ProcessorListener<String> listener =
                new ProcessorListener<>(listeners.size() + 1, handler, resync, resync, clock, upstream, 4);
        listeners.add(listener);
        return listener;
    }

    @AfterEach
    void closeAll() throws InterruptedException {
        for (ProcessorListener<String> listener : listeners) {
            listener.stop();
            assertTrue(listener.awaitTermination(10, TimeUnit.SECONDS), "listener thread did not end");
        }
    }

    @Test
    void deliversEveryKindInOrderOnItsOwnThread() {
        RecordingHandler handler = new RecordingHandler();
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        listener.add(Notification.added("a", true));
        listener.add(Notification.added("b", false));
        listener.add(Notification.updated("a", "a2"));
        listener.add(Notification.deleted("b"));
        handler.awaitCount(4);
        assertEquals(List.of("add-initial:a", "add:b", "update:a->a2", "delete:b"), handler.events());
        assertEquals(1, threads.threads().size());
        handler.threads().forEach(thread -> assertSame(threads.threads().get(0), thread));
    }

    @Test
    void notificationsAddedBeforeStartAreDeliveredAfterIt() {
        RecordingHandler handler = new RecordingHandler();
        ProcessorListener<String> listener = listener(handler);
        for (int i = 0; i < 10; i++) { // beyond the initial buffer of 4: the ring grows
            listener.add(Notification.added("o" + i, false));
        }
        assertEquals(10, listener.metrics().pending());
        assertEquals(0, handler.count());
        listener.start(threads);
        handler.awaitCount(10);
        for (int i = 0; i < 10; i++) {
            assertEquals("add:o" + i, handler.events().get(i));
        }
    }

    @Test
    void addNeverWaitsForABlockedHandler() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler handler = new RecordingHandler() {
            @Override
            public void onAdd(String obj, boolean isInInitialList) {
                RecordingHandler.awaitQuietly(release);
                super.onAdd(obj, isInInitialList);
            }
        };
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        for (int i = 0; i < 10_000; i++) {
            listener.add(Notification.added("o" + i, false)); // would hang here if add waited for the handler
        }
        Await.until(
                "the handler holds the first notification",
                () -> listener.metrics().pending() == 9_999);
        ListenerMetrics blocked = listener.metrics();
        assertEquals(0, blocked.delivered());
        assertTrue(blocked.bufferCapacity() >= 9_999, "the ring grew: " + blocked.bufferCapacity());

        release.countDown();
        handler.awaitCount(10_000);
        Await.until("the buffer drained", () -> listener.metrics().pending() == 0);
        assertEquals(10_000, listener.metrics().delivered());
        assertEquals(4, listener.metrics().bufferCapacity(), "shrinks back to its initial size once drained");
    }

    @Test
    void concurrentAddsAreAllDelivered() throws Exception {
        RecordingHandler handler = new RecordingHandler();
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        Producers.run(5, 2_000, (producer, i) -> listener.add(Notification.added(producer + ":" + i, false)));
        handler.awaitCount(10_000);
        assertEquals(10_000, handler.count());
    }

    @Test
    void throwingHandlerKeepsReceivingLaterNotifications() {
        RecordingHandler handler = RecordingHandler.afterEachAdd(obj -> {
            if (obj.startsWith("bad")) {
                throw new IllegalStateException("handler failure on " + obj);
            }
        });
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        listener.add(Notification.added("bad1", false));
        listener.add(Notification.added("good", false));
        listener.add(Notification.added("bad2", false));
        listener.add(Notification.deleted("good"));
        handler.awaitCount(4);
        assertEquals(List.of("add:bad1", "add:good", "add:bad2", "delete:good"), handler.events());
        Await.until("metrics caught up", () -> listener.metrics().delivered() == 4);
        assertEquals(2, listener.metrics().failed());
        assertTrue(threads.threads().get(0).isAlive(), "the run thread survived the exceptions");
    }

    @Test
    void handlerThatLeavesItsThreadInterruptedKeepsReceivingLaterNotifications() {
        // e.g. a handler that swallowed an InterruptedException
        RecordingHandler handler =
                RecordingHandler.afterEachAdd(obj -> Thread.currentThread().interrupt());
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        listener.add(Notification.added("first", false));
        handler.awaitCount(1);
        Thread runThread = threads.threads().get(0);
        Await.parked(runThread); // idle again: an interrupt flag left set would have ended the listener here
        listener.add(Notification.added("second", false));
        handler.awaitCount(2);
        assertEquals(List.of("add:first", "add:second"), handler.events());
        assertTrue(runThread.isAlive(), "the run thread survived the handler's interrupt");
    }

    @Test
    void hasSyncedWaitsForTheUpstreamAndEveryInitialListNotification() {
        AtomicBoolean upstream = new AtomicBoolean(false);
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler handler = new RecordingHandler() {
            @Override
            public void onAdd(String obj, boolean isInInitialList) {
                if (obj.equals("slow")) {
                    RecordingHandler.awaitQuietly(release);
                }
                super.onAdd(obj, isInInitialList);
            }
        };
        ProcessorListener<String> listener = listener(handler, upstream::get, Duration.ZERO, clock);
        listener.start(threads);
        listener.add(Notification.added("a", true));
        listener.add(Notification.added("slow", true));
        listener.add(Notification.added("live", false));
        upstream.set(true);
        handler.awaitCount(1);
        assertFalse(listener.hasSynced(), "an initial-list notification is still pending");
        release.countDown();
        handler.awaitCount(3);
        Await.until("synced", listener::hasSynced);
    }

    @Test
    void hasSyncedIsFalseWhileTheUpstreamIsNot() {
        ProcessorListener<String> listener = listener(new RecordingHandler(), () -> false, Duration.ZERO, clock);
        listener.start(threads);
        assertFalse(listener.hasSynced());
    }

    @Test
    void aFailedInitialListNotificationStillCountsAsHandled() {
        ResourceEventHandler<String> throwing = new ResourceEventHandler<>() {
            @Override
            public void onAdd(String obj, boolean isInInitialList) {
                throw new IllegalArgumentException("cannot handle " + obj);
            }
        };
        ProcessorListener<String> listener = listener(throwing);
        listener.start(threads);
        listener.add(Notification.added("a", true));
        Await.until("synced despite the failure", listener::hasSynced);
        assertEquals(1, listener.metrics().failed());
    }

    @Test
    void handlerTimeIsMeasuredOnTheClock() {
        ResourceEventHandler<String> timed = new ResourceEventHandler<>() {
            @Override
            public void onUpdate(String oldObj, String newObj) {
                clock.step(Duration.ofMillis(5));
            }
        };
        ProcessorListener<String> listener = listener(timed);
        listener.start(threads);
        for (int i = 0; i < 3; i++) {
            listener.add(Notification.updated("a", "a"));
        }
        Await.until("three deliveries", () -> listener.metrics().delivered() == 3);
        assertEquals(Duration.ofMillis(15), listener.metrics().handlerTime());
        assertEquals(1, listener.metrics().listenerId());
    }

    @Test
    void stopDropsPendingNotificationsAndEndsTheThread() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RecordingHandler handler = RecordingHandler.blockingAddsUntil(release);
        ProcessorListener<String> listener = listener(handler);
        listener.start(threads);
        for (int i = 0; i < 5; i++) {
            listener.add(Notification.added("o" + i, false));
        }
        handler.awaitCount(1);
        listener.stop();
        listener.add(Notification.added("late", false));
        assertEquals(0, listener.metrics().pending());
        assertFalse(listener.awaitTermination(0, TimeUnit.SECONDS), "the handler call in progress is not interrupted");
        release.countDown();
        assertTrue(listener.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(List.of("add:o0"), handler.events(), "nothing is delivered after stop");
    }

    @Test
    void listenerStartsOnlyOnce() {
        ProcessorListener<String> listener = listener(new RecordingHandler());
        listener.start(threads);
        assertThrows(IllegalStateException.class, () -> listener.start(threads));
        listener.stop();
        ProcessorListener<String> stopped = listener(new RecordingHandler());
        stopped.stop();
        assertThrows(IllegalStateException.class, () -> stopped.start(threads));
        ProcessorListener<String> noThread = listener(new RecordingHandler());
        assertThrows(IllegalStateException.class, () -> noThread.start(runnable -> null));
    }

    @Test
    void resyncIsDueOncePeriodHasPassedOnTheClock() {
        ProcessorListener<String> listener =
                listener(new RecordingHandler(), () -> true, Duration.ofSeconds(10), clock);
        long start = clock.nanoTime();
        assertFalse(listener.shouldResync(start));
        assertFalse(listener.shouldResync(start + Duration.ofSeconds(10).toNanos() - 1));
        assertTrue(listener.shouldResync(start + Duration.ofSeconds(10).toNanos()), "due exactly at the period");
        assertTrue(listener.shouldResync(start + Duration.ofSeconds(11).toNanos()));

        long later = start + Duration.ofSeconds(11).toNanos();
        listener.determineNextResync(later);
        assertFalse(listener.shouldResync(later));
        assertTrue(listener.shouldResync(later + Duration.ofSeconds(10).toNanos()));

        listener.setResyncPeriod(Duration.ofSeconds(30));
        listener.determineNextResync(later);
        assertFalse(listener.shouldResync(later + Duration.ofSeconds(10).toNanos()));
        assertEquals(Duration.ofSeconds(30), listener.resyncPeriod());
        assertEquals(Duration.ofSeconds(10), listener.requestedResyncPeriod());
    }

    @Test
    void zeroResyncPeriodIsNeverDue() {
        ProcessorListener<String> listener = listener(new RecordingHandler());
        assertFalse(
                listener.shouldResync(clock.nanoTime() + Duration.ofDays(365).toNanos()));
        assertThrows(IllegalArgumentException.class, () -> listener.setResyncPeriod(Duration.ofSeconds(-1)));
    }
}
