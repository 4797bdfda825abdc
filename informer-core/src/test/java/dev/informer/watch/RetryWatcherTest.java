package dev.informer.watch;

import static dev.informer.watch.Concurrency.async;
import static dev.informer.watch.Concurrency.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Status;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(30)
class RetryWatcherTest {

    // ---- test server helpers, after client-go's retrywatcher_test.go ----

    private static Event<TestObject> added(int resourceVersion) {
        return Event.of(EventType.ADDED, TestObject.at(resourceVersion));
    }

    private static Event<TestObject> error(int code, String reason) {
        return Event.error(Status.failure(code, reason, reason + " from the test server"));
    }

    @SafeVarargs
    private static List<Event<TestObject>> events(Event<TestObject>... events) {
        return Arrays.asList(events);
    }

    /** The server's answer to a watch from {@code resourceVersion}: later events, leading errors skipped. */
    private static List<Event<TestObject>> fromRV(String resourceVersion, List<Event<TestObject>> history) {
        long from = Long.parseLong(resourceVersion);
        List<Event<TestObject>> result = new ArrayList<>();
        for (Event<TestObject> event : history) {
            if (event.type() == EventType.ERROR) {
                if (result.isEmpty()) {
                    continue;
                }
            } else if (Long.parseLong(event.typedObject().resourceVersion()) <= from) {
                continue;
            }
            result.add(event);
        }
        return result;
    }

    /** A watch that delivers {@code events} and stays open, as a channel that is never closed. */
    private static Watch<TestObject> openWith(List<Event<TestObject>> events) {
        FakeWatcher<TestObject> watch = new FakeWatcher<>();
        events.forEach(watch::send);
        return watch;
    }

    /** The server closes the watch after {@code n} events; with fewer it stays open (client-go's closeAfterN). */
    private static Watch<TestObject> closeAfter(int n, List<Event<TestObject>> events) {
        return events.size() >= n ? Watches.fromEvents(events.subList(0, n)) : openWith(events);
    }

    /** Counts and records watch calls and records what the RetryWatcher reads from each watch. */
    private static final class ScriptedServer implements WatchFunction<TestObject> {
        final WatchFunction<TestObject> script;
        final FakeClock clock;
        final AtomicInteger calls = new AtomicInteger();
        final List<String> requested = new CopyOnWriteArrayList<>();
        final List<Long> callTimes = new CopyOnWriteArrayList<>();
        final List<Watch<TestObject>> served = new CopyOnWriteArrayList<>();
        final List<Recorder<TestObject>> reads = new CopyOnWriteArrayList<>();

        ScriptedServer(FakeClock clock, WatchFunction<TestObject> script) {
            this.clock = clock;
            this.script = script;
        }

        @Override
        public Watch<TestObject> watch(String resourceVersion) throws Exception {
            // What a call records comes first: tests wait on the count, then read these lists.
            requested.add(resourceVersion);
            callTimes.add(clock.nanoTime());
            calls.incrementAndGet();
            Watch<TestObject> watch = script.watch(resourceVersion);
            if (watch == null) {
                return null;
            }
            served.add(watch);
            Recorder<TestObject> recorder = Recorder.of(watch);
            reads.add(recorder);
            return recorder;
        }

        /** Every served watch has been read to its end (closed) or to its last sent event (open). */
        boolean everythingRead() {
            for (Watch<TestObject> watch : served) {
                // A watch the RetryWatcher stopped (after an error) keeps what it did not read.
                boolean drained =
                        watch.isStopped() || (watch instanceof FakeWatcher<TestObject> fake && fake.pending() == 0);
                if (!drained) {
                    return false;
                }
            }
            return true;
        }

        /** The object events the RetryWatcher read from all the watches, in order. */
        List<Event<TestObject>> objectEventsRead() {
            List<Event<TestObject>> read = new ArrayList<>();
            for (Recorder<TestObject> recorder : reads) {
                recorder.events().stream()
                        .filter(e -> e.type() != EventType.ERROR && e.type() != EventType.BOOKMARK)
                        .forEach(read::add);
            }
            return read;
        }
    }

    private static RetryWatcher<TestObject> retryWatcher(String initialRv, ScriptedServer server) {
        return RetryWatcher.builder(initialRv, server)
                .clock(server.clock)
                .minRestartDelay(Duration.ZERO)
                .build();
    }

    /**
     * Reads {@code expected}, then waits until the server was called {@code expectedCalls} times and every
     * event it offered was read, and checks that nothing beyond {@code expected} was read (so nothing
     * is waiting to be delivered).
     */
    private static void expectEventsThenQuiet(
            String initialRv, WatchFunction<TestObject> script, int expectedCalls, List<Event<TestObject>> expected)
            throws Exception {
        ScriptedServer server = new ScriptedServer(new FakeClock(), script);
        RetryWatcher<TestObject> watcher = retryWatcher(initialRv, server);
        try {
            List<Event<TestObject>> got = new ArrayList<>();
            for (int i = 0; i < expected.size(); i++) {
                Event<TestObject> event = watcher.next();
                assertNotNull(event, "expected " + expected.get(i) + " but the watch ended");
                got.add(event);
            }
            assertEquals(expected, got);
            Await.until(
                    expectedCalls + " watch calls and every offered event read",
                    () -> server.calls.get() >= expectedCalls && server.everythingRead());
            assertEquals(expectedCalls, server.calls.get(), "watch calls");
            assertEquals(expected, server.objectEventsRead(), "events read from the server beyond those delivered");
        } finally {
            watcher.stop();
            watcher.awaitDone();
        }
    }

    /** Reads {@code expected}, then requires the RetryWatcher to have ended after {@code expectedCalls} calls. */
    private static void expectEventsThenEnd(
            String initialRv, WatchFunction<TestObject> script, int expectedCalls, List<Event<TestObject>> expected)
            throws Exception {
        ScriptedServer server = new ScriptedServer(new FakeClock(), script);
        RetryWatcher<TestObject> watcher = retryWatcher(initialRv, server);
        List<Event<TestObject>> got = new ArrayList<>();
        for (Event<TestObject> event = watcher.next(); event != null; event = watcher.next()) {
            got.add(event);
        }
        assertEquals(expected, got);
        watcher.awaitDone();
        assertTrue(watcher.isDone());
        assertTrue(watcher.isStopped());
        assertEquals(expectedCalls, server.calls.get(), "watch calls");
        for (Watch<TestObject> served : server.served) {
            assertTrue(served.isStopped(), "the RetryWatcher stops the watches it opened");
        }
    }

    private static final class StatusFailure extends RuntimeException implements StatusCarrier {
        private static final long serialVersionUID = 1L;
        private final transient Status status;

        StatusFailure(Status status) {
            super(status.message());
            this.status = status;
        }

        @Override
        public Status status() {
            return status;
        }
    }

    /** Steps the clock a second at a time while the component waits on it, until {@code done}. */
    private static void stepWhileWaiting(FakeClock clock, BooleanSupplier done) {
        Concurrency.stepClockUntil(clock, 1, Duration.ofSeconds(1), done);
    }

    // ---- client-go's cases ----

    @Test
    void initialResourceVersionEmptyOrZeroIsRejected() {
        for (String bad : new String[] {"", "0", null}) {
            IllegalArgumentException thrown = assertThrows(
                    IllegalArgumentException.class, () -> RetryWatcher.<TestObject>builder(bad, rv -> Watches.empty())
                            .build());
            assertTrue(thrown.getMessage().contains("\"" + bad + "\" is not supported"), thrown.getMessage());
        }
    }

    @Test
    void recoversWhenTheWatchFunctionFails() throws Exception {
        AtomicBoolean firstRun = new AtomicBoolean(true);
        expectEventsThenQuiet(
                "1",
                rv -> {
                    if (firstRun.getAndSet(false)) {
                        throw new java.io.IOException("connection refused");
                    }
                    return openWith(fromRV(rv, events(added(2))));
                },
                2,
                events(added(2)));
    }

    @Test
    void recoversWhenTheWatchFunctionReturnsNoWatch() throws Exception {
        AtomicBoolean firstRun = new AtomicBoolean(true);
        expectEventsThenQuiet(
                "1",
                rv -> firstRun.getAndSet(false) ? null : openWith(fromRV(rv, events(added(2)))),
                2,
                events(added(2)));
    }

    @Test
    void deliversTheEventsAfterTheInitialResourceVersion() throws Exception {
        expectEventsThenQuiet("1", rv -> openWith(fromRV(rv, events(added(2)))), 1, events(added(2)));
    }

    @Test
    void skipsThePrecedingEventsAndReadsThoseFollowing() throws Exception {
        expectEventsThenQuiet("1", rv -> openWith(fromRV(rv, events(added(1), added(2)))), 1, events(added(2)));
    }

    @Test
    void skipsThePrecedingEventsWithNoneFollowing() throws Exception {
        expectEventsThenQuiet("3", rv -> openWith(fromRV(rv, events(added(2)))), 1, events());
    }

    @Test
    void expiredErrorIsDeliveredAndEndsTheRetryWatcher() throws Exception {
        Event<TestObject> gone = error(410, "Expired");
        expectEventsThenEnd(
                "5",
                rv -> openWith(fromRV(rv, events(added(5), added(6), gone, added(7), added(8)))),
                1,
                events(added(6), gone));
    }

    @Test
    void forbiddenWatchIsDeliveredAsAnErrorAndEndsTheRetryWatcher() throws Exception {
        Status forbidden = Status.failure(403, "Forbidden", "pods is forbidden: cannot watch");
        expectEventsThenEnd(
                "5",
                rv -> {
                    throw new StatusFailure(forbidden);
                },
                1,
                events(Event.error(forbidden)));
    }

    @Test
    void unauthorizedWatchIsDeliveredAsAnErrorAndEndsTheRetryWatcher() throws Exception {
        Status unauthorized = Status.failure(401, "Unauthorized", "Unauthorized");
        expectEventsThenEnd(
                "5",
                rv -> {
                    // The status is found anywhere in the cause chain.
                    throw new IllegalStateException("watch failed", new StatusFailure(unauthorized));
                },
                1,
                events(Event.error(unauthorized)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"504, Timeout", "500, InternalError", "666, Unknown"})
    void recoversFromAnErrorStatusOtherThanExpiredOrRefused(int code, String reason) throws Exception {
        expectEventsThenQuiet(
                "5",
                rv -> openWith(fromRV(rv, events(added(6), error(code, reason), added(7)))),
                2,
                events(added(6), added(7)));
    }

    @Test
    void recoversFromAnErrorThatIsNotAStatus() throws Exception {
        Event<TestObject> oddError = Event.error("not a Status object");
        expectEventsThenQuiet(
                "5", rv -> openWith(fromRV(rv, events(added(6), oddError, added(7)))), 2, events(added(6), added(7)));
    }

    /** ADDED events of objects at the space-separated resource versions of {@code versions}. */
    private static List<Event<TestObject>> addedAt(String versions) {
        return Arrays.stream(versions.split(" "))
                .map(version -> added(Integer.parseInt(version)))
                .toList();
    }

    /**
     * client-go's closed-watch cases: a server that serves the events above the requested version and closes each
     * watch after a few of them; the RetryWatcher re-watches from the last version it passed on.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            one closed watch, one item                       | 5 | 6                | 1 | 2 | 6
            two closed watches, two items                    | 4 | 5 6              | 1 | 3 | 5 6
            non-consecutive resource versions                | 4 | 5 7              | 1 | 3 | 5 7
            starting at a much lower resource version        | 2 | 5 7              | 1 | 3 | 5 7
            four closed watches, spread resource versions    | 2 | 5 6 7 11         | 1 | 5 | 5 6 7 11
            lower or equal resource versions are skipped     | 2 | 1 2 5 6 7 11     | 1 | 5 | 5 6 7 11
            watches of two items, equal versions are skipped | 1 | 1 2 5 6 7 11     | 2 | 3 | 2 5 6 7 11
            """)
    void survivesClosedWatches(
            String scenario, String initialRv, String served, int eventsPerWatch, int watchCalls, String expected)
            throws Exception {
        expectEventsThenQuiet(
                initialRv,
                rv -> closeAfter(eventsPerWatch, fromRV(rv, addedAt(served))),
                watchCalls,
                addedAt(expected));
    }

    @Test
    void stopWhileAnEventAwaitsTheConsumerEndsTheThread() throws Exception {
        FakeWatcher<TestObject> source = new FakeWatcher<>();
        source.add(TestObject.at(2));
        RetryWatcher<TestObject> watcher =
                RetryWatcher.builder("1", rv -> source).build();
        Await.until("the RetryWatcher reads the event and waits to hand it over", () -> source.pending() == 0);

        watcher.stop();
        watcher.stop(); // a second stop is harmless

        watcher.awaitDone();
        assertNull(watcher.next(), "the undelivered event is dropped");
        assertTrue(source.stopCount() >= 1, "the underlying watch is stopped");
    }

    // ---- beyond client-go's table ----

    @Test
    void resumesAcrossServerClosesWithNoEventDoubledOrLost() throws Exception {
        FakeClock clock = new FakeClock();
        List<Event<TestObject>> history = new ArrayList<>();
        for (int rv = 2; rv <= 13; rv++) {
            history.add(added(rv));
        }
        ScriptedServer server = new ScriptedServer(clock, rv -> closeAfter(3, fromRV(rv, history)));
        RetryWatcher<TestObject> watcher =
                RetryWatcher.builder("1", server).clock(clock).build();
        List<Event<TestObject>> received = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> consumer = async("consumer", () -> {
            while (received.size() < history.size()) {
                received.add(watcher.next());
            }
            return null;
        });

        stepWhileWaiting(clock, () -> received.size() == history.size() && server.calls.get() == 5);
        await(consumer);

        assertEquals(history, received);
        assertEquals(List.of("1", "4", "7", "10", "13"), server.requested);
        for (int i = 1; i < server.callTimes.size(); i++) {
            long gap = server.callTimes.get(i) - server.callTimes.get(i - 1);
            assertTrue(gap >= TimeUnit.SECONDS.toNanos(1), "re-watches start at least 1s apart, gap was " + gap);
        }
        assertEquals("13", watcher.lastResourceVersion());
        watcher.stop();
        watcher.awaitDone();
    }

    @Test
    void expiredErrorFromALiveWatchEndsAfterDeliveringIt() throws Exception {
        FakeWatcher<TestObject> source = new FakeWatcher<>();
        AtomicInteger calls = new AtomicInteger();
        RetryWatcher<TestObject> watcher = RetryWatcher.builder("5", rv -> {
                    calls.incrementAndGet();
                    return source;
                })
                .clock(new FakeClock())
                .build();
        Status expired = Status.failure(410, Status.REASON_EXPIRED, "too old resource version: 5 (40)");

        source.add(TestObject.at(6));
        assertEquals(added(6), watcher.next());
        source.error(expired);

        Event<TestObject> error = watcher.next();
        assertEquals(EventType.ERROR, error.type());
        assertSame(expired, error.status());
        assertNull(watcher.next());
        watcher.awaitDone();
        assertEquals(1, calls.get(), "410 is never retried");
        assertEquals(1, source.stopCount());
        assertEquals("6", watcher.lastResourceVersion());
    }

    @Test
    void bookmarksMoveTheResourceVersionWithoutBeingDelivered() throws Exception {
        Event<TestObject> bookmark = Event.of(EventType.BOOKMARK, new TestObject("", "9"));
        AtomicInteger call = new AtomicInteger();
        ScriptedServer server = new ScriptedServer(
                new FakeClock(),
                rv -> call.incrementAndGet() == 1
                        ? Watches.fromEvents(events(added(6), bookmark))
                        : openWith(events(added(10))));
        RetryWatcher<TestObject> watcher = retryWatcher("5", server);

        assertEquals(added(6), watcher.next());
        assertEquals(added(10), watcher.next());

        assertEquals(List.of("5", "9"), server.requested, "the re-watch starts from the bookmark");
        watcher.stop();
    }

    @Test
    void retryAfterOfAnErrorDelaysTheRewatchOnTheClock() throws Exception {
        FakeClock clock = new FakeClock();
        Status throttled = new Status(
                "v1",
                "Status",
                "Failure",
                "slow down",
                "TooManyRequests",
                new Status.StatusDetails(null, null, null, null, null, 5),
                429);
        AtomicInteger call = new AtomicInteger();
        ScriptedServer server = new ScriptedServer(
                clock,
                rv -> call.incrementAndGet() == 1
                        ? openWith(events(added(6), Event.error(throttled)))
                        : openWith(events(added(7))));
        RetryWatcher<TestObject> watcher = retryWatcher("5", server);
        assertEquals(added(6), watcher.next());

        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE), "the RetryWatcher waits on the clock");
        assertEquals(1, server.calls.get(), "no re-watch before the retry-after has passed");
        stepWhileWaiting(clock, () -> server.calls.get() == 2);

        assertTrue(
                server.callTimes.get(1) >= TimeUnit.SECONDS.toNanos(5),
                "re-watched after " + server.callTimes.get(1) + "ns of fake time");
        assertEquals(added(7), watcher.next());
        assertEquals(List.of("5", "6"), server.requested);
        watcher.stop();
    }

    @Test
    void minRestartDelaySpacesWatchesThatCloseAtOnce() throws Exception {
        FakeClock clock = new FakeClock();
        ScriptedServer server = new ScriptedServer(clock, rv -> Watches.empty());
        RetryWatcher<TestObject> watcher =
                RetryWatcher.builder("5", server).clock(clock).build();

        assertTrue(clock.awaitWaiters(1, Concurrency.PATIENCE));
        assertEquals(1, server.calls.get(), "a watch that closes at once is not re-opened before 1s");
        stepWhileWaiting(clock, () -> server.calls.get() >= 3);

        assertTrue(server.callTimes.get(2) >= TimeUnit.SECONDS.toNanos(2));
        watcher.stop();
        watcher.awaitDone();
    }

    @Test
    void objectWithoutResourceVersionEndsWithAnInternalError() throws Exception {
        RetryWatcher<TestObject> watcher = RetryWatcher.<TestObject>builder(
                        "5", rv -> Watches.fromEvents(events(Event.of(EventType.MODIFIED, new TestObject("x", "")))))
                .build();

        Event<TestObject> error = watcher.next();

        ApiError status = assertInstanceOf(ApiError.class, error.status());
        assertEquals(500, status.code());
        assertEquals("InternalError", status.reason());
        assertTrue(status.message().contains(TestObject.class.getName()), status.message());
        assertNull(watcher.next());
        watcher.awaitDone();
    }

    @Test
    void objectWithoutMetadataEndsWithAnInternalErrorNamingItsClass() throws Exception {
        RetryWatcher<String> watcher = RetryWatcher.<String>builder(
                        "5", rv -> Watches.fromEvents(List.of(Event.of(EventType.ADDED, "plain string"))))
                .build();

        Event<String> error = watcher.next();

        assertEquals(EventType.ERROR, error.type());
        assertTrue(((ApiError) error.status()).message().contains("java.lang.String"));
        assertNull(watcher.next());
    }

    @Test
    void customResourceVersionReaderIsUsed() throws Exception {
        List<String> requested = new CopyOnWriteArrayList<>();
        AtomicInteger call = new AtomicInteger();
        RetryWatcher<String> watcher = RetryWatcher.<String>builder("5", rv -> {
                    requested.add(rv);
                    return call.incrementAndGet() == 1
                            ? Watches.fromEvents(List.of(Event.of(EventType.ADDED, "a@7")))
                            : new FakeWatcher<>();
                })
                .resourceVersionOf(s -> s.substring(s.indexOf('@') + 1))
                .minRestartDelay(Duration.ZERO)
                .build();

        assertEquals("a@7", watcher.next().typedObject());
        Await.until("the watch is re-opened", () -> requested.size() == 2);

        assertEquals(List.of("5", "7"), requested);
        watcher.stop();
    }

    @Test
    void stopUnblocksAConsumerWaitingForAnEvent() throws Exception {
        FakeWatcher<TestObject> source = new FakeWatcher<>();
        RetryWatcher<TestObject> watcher =
                RetryWatcher.builder("5", rv -> source).build();
        CompletableFuture<Event<TestObject>> waiting = async("consumer", watcher::next);

        watcher.stop();

        assertNull(await(waiting));
        watcher.awaitDone();
        assertTrue(watcher.done().toCompletableFuture().isDone());
    }

    @Test
    void stopInterruptsAWatchFunctionThatIsStillConnecting() throws Exception {
        CountDownLatch connecting = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        RetryWatcher<TestObject> watcher = RetryWatcher.<TestObject>builder("5", rv -> {
                    connecting.countDown();
                    try {
                        new CountDownLatch(1).await(); // a connection that never answers
                    } catch (InterruptedException e) {
                        interrupted.set(true);
                        throw e;
                    }
                    return null;
                })
                .build();
        assertTrue(connecting.await(Concurrency.PATIENCE.toMillis(), TimeUnit.MILLISECONDS));

        watcher.stop();

        watcher.awaitDone();
        assertTrue(interrupted.get());
    }

    @Test
    void backgroundThreadComesFromTheInjectedFactory() throws Exception {
        RecordingThreadFactory threads = new RecordingThreadFactory("injected-retry-");
        List<Thread> created = threads.threads();
        RetryWatcher<TestObject> watcher = RetryWatcher.builder("5", rv -> new FakeWatcher<TestObject>())
                .threadFactory(threads)
                .build();

        watcher.stop();
        watcher.awaitDone();

        assertEquals(1, created.size());
    }

    @Test
    void builderRejectsANegativeRestartDelay() {
        assertThrows(IllegalArgumentException.class, () -> RetryWatcher.builder("5", rv -> Watches.<TestObject>empty())
                .minRestartDelay(Duration.ofSeconds(-1)));
    }
}
