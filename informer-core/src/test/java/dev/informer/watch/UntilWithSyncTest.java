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
import dev.informer.testing.Await;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class UntilWithSyncTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    /** A source that answers from scripted lists and watches, and records the calls. */
    private static final class ScriptedSource implements ListWatchSource<TestObject> {
        final ArrayDeque<Object> lists = new ArrayDeque<>();
        final ArrayDeque<Watch<TestObject>> watches = new ArrayDeque<>();
        final List<String> watchedFrom = new CopyOnWriteArrayList<>();
        volatile int listCalls;

        ScriptedSource list(String resourceVersion, TestObject... items) {
            lists.add(new ListResult<>(List.of(items), resourceVersion));
            return this;
        }

        ScriptedSource failList(Exception failure) {
            lists.add(failure);
            return this;
        }

        ScriptedSource watch(Watch<TestObject> watch) {
            watches.add(watch);
            return this;
        }

        @Override
        public synchronized ListResult<TestObject> list() throws Exception {
            listCalls++;
            Object next = lists.poll();
            if (next instanceof Exception failure) {
                throw failure;
            }
            if (next == null) {
                throw new IllegalStateException("the test scripted no more lists");
            }
            @SuppressWarnings("unchecked")
            ListResult<TestObject> result = (ListResult<TestObject>) next;
            return result;
        }

        @Override
        public synchronized Watch<TestObject> watch(String resourceVersion) {
            watchedFrom.add(resourceVersion);
            Watch<TestObject> next = watches.poll();
            return next != null ? next : new FakeWatcher<>();
        }
    }

    private static Event<TestObject> event(EventType type, String name, int resourceVersion) {
        return Event.of(type, TestObject.named(name, resourceVersion));
    }

    private static Predicate<Event<TestObject>> isEvent(EventType type, String name) {
        return e -> e.type() == type && e.typedObject().name().equals(name);
    }

    private static Throwable failureOf(CompletableFuture<?> future) throws Exception {
        ExecutionException failure = assertThrows(
                ExecutionException.class, () -> future.get(Concurrency.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        return failure.getCause();
    }

    /** Steps the clock a second at a time while something waits on it, until the future is done. */
    private static void stepUntilDone(FakeClock clock, int waiters, CompletableFuture<?> future) {
        Concurrency.stepClockUntil(clock, waiters, Duration.ofSeconds(1), future::isDone);
    }

    /** A list that blocks until interrupted, recording the interrupt. */
    private static final class HangingSource implements ListWatchSource<TestObject> {
        final CountDownLatch listing = new CountDownLatch(1);
        final AtomicBoolean interrupted = new AtomicBoolean();

        @Override
        public ListResult<TestObject> list() throws InterruptedException {
            listing.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.set(true);
                throw e;
            }
            throw new AssertionError("unreachable");
        }

        @Override
        public Watch<TestObject> watch(String resourceVersion) {
            throw new AssertionError("never watched before a list succeeds");
        }
    }

    @Test
    void preconditionThatHoldsOnTheListedItemsEndsTheWaitWithoutWatching() throws Exception {
        ScriptedSource source = new ScriptedSource().list("10", TestObject.named("first", 3));

        Optional<Event<TestObject>> result = Until.untilWithSync(
                source,
                MINUTE,
                new FakeClock(),
                items -> items.stream().anyMatch(o -> o.name().equals("first")),
                event -> {
                    throw new AssertionError("conditions are not reached");
                });

        assertEquals(Optional.empty(), result);
        assertEquals(List.of(), source.watchedFrom);
    }

    @Test
    void listedObjectsReachTheConditionsAsAddedEvents() throws Exception {
        ScriptedSource source = new ScriptedSource().list("10", TestObject.named("first", 3));
        List<Collection<TestObject>> preconditionSaw = new ArrayList<>();

        Optional<Event<TestObject>> result = Until.untilWithSync(
                source,
                MINUTE,
                new FakeClock(),
                items -> {
                    preconditionSaw.add(items);
                    return false;
                },
                event -> {
                    if (event.type() == EventType.ADDED) {
                        return true;
                    }
                    throw new AssertionError("no other events are expected: " + event);
                });

        assertEquals(Optional.of(event(EventType.ADDED, "first", 3)), result);
        assertEquals(List.of(List.of(TestObject.named("first", 3))), preconditionSaw);
    }

    @Test
    void watchesFromTheListsResourceVersionAndResumesAfterTheServerCloses() throws Exception {
        FakeClock clock = new FakeClock();
        FakeWatcher<TestObject> second = new FakeWatcher<>();
        second.send(event(EventType.ADDED, "b", 12));
        ScriptedSource source = new ScriptedSource()
                .list("10", TestObject.named("a", 3))
                .watch(Watches.fromEvents(List.of(event(EventType.MODIFIED, "a", 11))))
                .watch(second);
        List<Event<TestObject>> seen = new CopyOnWriteArrayList<>();

        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(source, Duration.ZERO, clock, null, e -> {
                    seen.add(e);
                    return e.typedObject().name().equals("b");
                }));
        stepUntilDone(clock, 1, waiting);

        assertEquals(
                event(EventType.ADDED, "b", 12),
                waiting.get(1, TimeUnit.SECONDS).orElseThrow());
        assertEquals(
                List.of(
                        event(EventType.ADDED, "a", 3),
                        event(EventType.MODIFIED, "a", 11),
                        event(EventType.ADDED, "b", 12)),
                seen);
        assertEquals(List.of("10", "11"), source.watchedFrom);
        assertTrue(second.isStopped(), "the watch is stopped when the wait returns");
    }

    @Test
    void expiredWatchListsAgainAndReportsTheDifference() throws Exception {
        FakeClock clock = new FakeClock();
        FakeWatcher<TestObject> expiring = new FakeWatcher<>();
        expiring.error(Status.failure(410, "Expired", "too old resource version: 10 (15)"));
        ScriptedSource source = new ScriptedSource()
                .list("10", TestObject.named("a", 1), TestObject.named("b", 2), TestObject.named("c", 3))
                .watch(expiring)
                .list("20", TestObject.named("a", 1), TestObject.named("b", 15), TestObject.named("d", 16));
        List<Event<TestObject>> seen = new CopyOnWriteArrayList<>();

        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(source, Duration.ZERO, clock, null, e -> {
                    seen.add(e);
                    return e.type() == EventType.DELETED;
                }));
        stepUntilDone(clock, 1, waiting);

        assertEquals(
                event(EventType.DELETED, "c", 3),
                waiting.get(1, TimeUnit.SECONDS).orElseThrow(),
                "a key gone from the new list is deleted with its last known state");
        assertEquals(
                List.of(
                        event(EventType.ADDED, "a", 1),
                        event(EventType.ADDED, "b", 2),
                        event(EventType.ADDED, "c", 3),
                        event(EventType.MODIFIED, "b", 15),
                        event(EventType.ADDED, "d", 16),
                        event(EventType.DELETED, "c", 3)),
                seen,
                "unchanged a is not reported again");
        assertEquals(2, source.listCalls);
    }

    @Test
    void bookmarksAndErrorsAreAbsorbedAndTheWatchResumesFromTheBookmark() throws Exception {
        FakeClock clock = new FakeClock();
        FakeWatcher<TestObject> first = new FakeWatcher<>();
        first.send(Event.of(EventType.BOOKMARK, new TestObject("", "14")));
        first.error(Status.failure(500, "InternalError", "etcd hiccup"));
        FakeWatcher<TestObject> second = new FakeWatcher<>();
        second.send(event(EventType.ADDED, "x", 15));
        ScriptedSource source = new ScriptedSource().list("10").watch(first).watch(second);
        List<Event<TestObject>> seen = new CopyOnWriteArrayList<>();

        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(
                        source, Duration.ZERO, clock, null, e -> seen.add(e) && e.type() == EventType.ADDED));
        stepUntilDone(clock, 1, waiting);

        assertEquals(
                event(EventType.ADDED, "x", 15),
                waiting.get(1, TimeUnit.SECONDS).orElseThrow());
        assertEquals(List.of(event(EventType.ADDED, "x", 15)), seen, "no BOOKMARK or ERROR reaches the conditions");
        assertEquals(List.of("10", "14"), source.watchedFrom);
        assertTrue(first.isStopped());
    }

    @Test
    void failedListIsRetriedAfterABackoffOnTheClock() throws Exception {
        FakeClock clock = new FakeClock();
        ScriptedSource source = new ScriptedSource()
                .failList(new java.io.IOException("connection refused"))
                .list("10", TestObject.named("a", 3));

        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(
                        source, Duration.ZERO, clock, items -> false, e -> e.type() == EventType.ADDED));
        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE), "the retry waits on the clock");
        assertEquals(1, source.listCalls);
        stepUntilDone(clock, 1, waiting);

        assertEquals(
                event(EventType.ADDED, "a", 3), waiting.get(1, TimeUnit.SECONDS).orElseThrow());
        assertEquals(2, source.listCalls);
    }

    @Test
    void listThatNeverAnswersTimesOutWithoutAPrecondition() throws Exception {
        FakeClock clock = new FakeClock();
        HangingSource source = new HangingSource();
        AtomicBoolean leftInterrupted = new AtomicBoolean();
        CompletableFuture<Optional<Event<TestObject>>> waiting = async("untilWithSync", () -> {
            try {
                return Until.untilWithSync(source, Duration.ofSeconds(5), clock, null, e -> true);
            } finally {
                leftInterrupted.set(Thread.currentThread().isInterrupted());
            }
        });
        assertTrue(source.listing.await(Concurrency.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE));

        clock.step(Duration.ofSeconds(5));

        WaitTimeoutException timeout = assertInstanceOf(WaitTimeoutException.class, failureOf(waiting));
        assertNull(timeout.lastEvent());
        assertTrue(source.interrupted.get(), "the hanging list was interrupted at the deadline");
        assertFalse(leftInterrupted.get(), "the caller's thread is not left interrupted");
    }

    @Test
    void listThatNeverAnswersTimesOutWithAPrecondition() throws Exception {
        FakeClock clock = new FakeClock();
        HangingSource source = new HangingSource();
        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(source, Duration.ofSeconds(5), clock, items -> true, e -> true));
        assertTrue(source.listing.await(Concurrency.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));
        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE));

        clock.step(Duration.ofSeconds(5));

        WaitTimeoutException timeout = assertInstanceOf(WaitTimeoutException.class, failureOf(waiting));
        assertTrue(timeout.getMessage().contains("unable to list"), timeout.getMessage());
    }

    @Test
    void deadlineWhileWatchingThrowsWithTheLastEvent() throws Exception {
        FakeClock clock = new FakeClock();
        ScriptedSource source = new ScriptedSource().list("10", TestObject.named("a", 3));
        CompletableFuture<Optional<Event<TestObject>>> waiting = async(
                "untilWithSync",
                () -> Until.untilWithSync(
                        source, Duration.ofSeconds(30), clock, null, isEvent(EventType.DELETED, "a")));
        Await.until("the watch is open", () -> source.watchedFrom.size() == 1);
        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE));

        clock.step(Duration.ofSeconds(30));

        WaitTimeoutException timeout = assertInstanceOf(WaitTimeoutException.class, failureOf(waiting));
        assertEquals(event(EventType.ADDED, "a", 3), timeout.lastEvent());
    }

    @Test
    void modelWithoutMetadataNeedsKeyAndResourceVersionFunctions() {
        ListWatchSource<String> source = new ListWatchSource<>() {
            @Override
            public ListResult<String> list() {
                return new ListResult<>(List.of("plain"), "10");
            }

            @Override
            public Watch<String> watch(String resourceVersion) {
                return new FakeWatcher<>();
            }
        };

        IllegalArgumentException thrown = assertThrows(
                IllegalArgumentException.class,
                () -> Until.untilWithSync(source, MINUTE, new FakeClock(), null, e -> true));
        assertTrue(thrown.getMessage().contains("java.lang.String"), thrown.getMessage());
    }

    @Test
    void listResultRejectsAnEmptyResourceVersion() {
        assertThrows(IllegalArgumentException.class, () -> new ListResult<>(List.of(), ""));
        assertThrows(NullPointerException.class, () -> new ListResult<>(List.of(), null));
    }
}
