package dev.informer.watch;

import static dev.informer.watch.Concurrency.async;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Status;
import dev.informer.clock.testing.FakeClock;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class UntilTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    private static Predicate<Event<String>> is(EventType type) {
        return event -> event.type() == type;
    }

    private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
        ExecutionException failure = assertThrows(
                ExecutionException.class, () -> future.get(Concurrency.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        return failure.getCause();
    }

    @Test
    void returnsTheEventOnWhichTheLastConditionHeld() throws Exception {
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");
        watch.modify("pod");

        Optional<Event<String>> last =
                Until.untilWithoutRetry(watch, MINUTE, new FakeClock(), is(EventType.ADDED), is(EventType.MODIFIED));

        assertEquals(Optional.of(Event.of(EventType.MODIFIED, "pod")), last);
        assertTrue(watch.isStopped(), "the watch is stopped when the wait returns");
    }

    @Test
    void nextConditionIsFirstTestedOnTheEventThatSatisfiedThePrevious() throws Exception {
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");

        Optional<Event<String>> last =
                Until.untilWithoutRetry(watch, MINUTE, new FakeClock(), is(EventType.ADDED), is(EventType.ADDED));

        assertEquals(Optional.of(Event.of(EventType.ADDED, "pod")), last);
    }

    @Test
    void timesOutWithTheLastEventWhenAConditionNeverHolds() throws Exception {
        FakeClock clock = new FakeClock();
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");
        CompletableFuture<Optional<Event<String>>> waiting = async(
                "until",
                () -> Until.untilWithoutRetry(
                        watch,
                        Duration.ofSeconds(10),
                        clock,
                        is(EventType.ADDED),
                        is(EventType.ADDED),
                        is(EventType.DELETED)));

        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE), "the deadline is kept on the clock");
        clock.step(Duration.ofSeconds(9));
        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE), "still waiting for the deadline");
        assertFalse(waiting.isDone(), "no result before the deadline");
        clock.step(Duration.ofSeconds(1));

        WaitTimeoutException timeout = assertInstanceOf(WaitTimeoutException.class, failureOf(waiting));
        assertEquals(Event.of(EventType.ADDED, "pod"), timeout.lastEvent());
        assertTrue(watch.isStopped());
    }

    @Test
    void zeroTimeoutMeansNoDeadline() throws Exception {
        FakeClock clock = new FakeClock();
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");
        watch.modify("pod");

        Optional<Event<String>> last =
                Until.untilWithoutRetry(watch, Duration.ZERO, clock, is(EventType.ADDED), is(EventType.MODIFIED));

        assertEquals(EventType.MODIFIED, last.orElseThrow().type());
        assertEquals(0, clock.waiterCount(), "no deadline is kept");
    }

    @Test
    void conditionFailureEndsTheWaitWithThatException() {
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");

        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> Until.untilWithoutRetry(watch, MINUTE, new FakeClock(), is(EventType.ADDED), event -> {
                    throw new IllegalStateException("something bad");
                }));

        assertEquals("something bad", thrown.getMessage());
        assertTrue(watch.isStopped());
    }

    @Test
    void watchClosedBeforeTheConditionsHeldThrowsWatchClosed() {
        FakeWatcher<String> watch = new FakeWatcher<>();
        watch.add("pod");
        watch.stop();

        WatchClosedException closed = assertThrows(
                WatchClosedException.class,
                () -> Until.untilWithoutRetry(watch, MINUTE, new FakeClock(), is(EventType.DELETED)));

        assertEquals(Event.of(EventType.ADDED, "pod"), closed.lastEvent());
    }

    @Test
    void noConditionsReturnsEmptyAtOnce() throws Exception {
        assertEquals(
                Optional.empty(),
                Until.untilWithoutRetry(new FakeWatcher<String>(), MINUTE, new FakeClock(), List.of()));
    }

    @Test
    void negativeTimeoutIsRejected() {
        IllegalArgumentException thrown = assertThrows(
                IllegalArgumentException.class,
                () -> Until.untilWithoutRetry(
                        new FakeWatcher<String>(), Duration.ofSeconds(-1), new FakeClock(), is(EventType.ADDED)));
        assertTrue(thrown.getMessage().contains("timeout"), thrown.getMessage());
    }

    // ---- until: over a RetryWatcher ----

    @Test
    void untilResumesAcrossServerClosesUntilTheConditionHolds() throws Exception {
        FakeClock clock = new FakeClock();
        AtomicInteger calls = new AtomicInteger();
        WatchFunction<TestObject> server = rv -> {
            calls.incrementAndGet();
            int next = Integer.parseInt(rv) + 1;
            // Each watch delivers one event and closes.
            return Watches.fromEvents(List.of(Event.of(EventType.MODIFIED, TestObject.at(next))));
        };
        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "until",
                () -> Until.until("5", server, Duration.ZERO, clock, event -> event.typedObject()
                        .resourceVersion()
                        .equals("8")));

        Concurrency.stepClockUntil(clock, 1, Duration.ofSeconds(1), waiting::isDone);

        assertEquals(
                "8",
                waiting.get(1, TimeUnit.SECONDS).orElseThrow().typedObject().resourceVersion());
        assertTrue(calls.get() >= 3, "three watches were needed");
    }

    @Test
    void untilEndsWithWatchClosedAfterAnExpiredError() throws Exception {
        Status expired = Status.failure(410, "Expired", "too old resource version");
        WatchFunction<TestObject> server = rv -> Watches.fromEvents(List.of(Event.error(expired)));

        WatchClosedException closed = assertThrows(
                WatchClosedException.class,
                () -> Until.until("5", server, MINUTE, new FakeClock(), event -> event.type() == EventType.DELETED));

        assertEquals(EventType.ERROR, closed.lastEvent().type(), "the conditions saw the ERROR event");
        assertEquals(expired, closed.lastEvent().status());
    }

    @Test
    void untilRejectsResourceVersionZero() {
        assertThrows(
                IllegalArgumentException.class,
                () -> Until.until("0", rv -> Watches.<TestObject>empty(), MINUTE, new FakeClock(), event -> true));
    }

    @Test
    void untilTimesOutWhileTheServerKeepsClosing() throws Exception {
        FakeClock clock = new FakeClock();
        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "until",
                () -> Until.until("5", rv -> Watches.<TestObject>empty(), Duration.ofSeconds(3), clock, event -> true));

        Concurrency.stepClockUntil(clock, 2, Duration.ofSeconds(1), waiting::isDone);

        WaitTimeoutException timeout = assertInstanceOf(WaitTimeoutException.class, failureOf(waiting));
        assertNull(timeout.lastEvent());
        assertTrue(clock.nanoTime() >= TimeUnit.SECONDS.toNanos(3));
    }
}
