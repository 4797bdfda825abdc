package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ListMeta;
import dev.informer.api.ObjectList;
import dev.informer.api.ObjectMeta;
import dev.informer.api.Pod;
import dev.informer.api.Status;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.StatusException;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.watch.ApiError;
import dev.informer.watch.ApiErrorException;
import dev.informer.watch.ConnectionFailure;
import dev.informer.watch.DecodeException;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.StatusCarrier;
import dev.informer.watch.StreamWatcher;
import dev.informer.watch.testing.FakeWatcher;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ReflectorTest extends FakeApiTestBase {

    /** The clock of the tests that pass it to their reflector's builder. */
    private final FakeClock clock = new FakeClock();

    static Pod pod(String name, String resourceVersion) {
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .namespace("ns")
                        .name(name)
                        .resourceVersion(resourceVersion)
                        .build())
                .build();
    }

    static ObjectList<Pod> podList(String resourceVersion, Pod... pods) {
        return ObjectList.of("v1", "PodList", resourceVersion, List.of(pods));
    }

    static ObjectList<Pod> page(String resourceVersion, String continueToken, List<Pod> pods) {
        return new ObjectList<>("v1", "PodList", new ListMeta(resourceVersion, continueToken, null), pods);
    }

    static List<Pod> pods(int from, int to) {
        List<Pod> pods = new ArrayList<>();
        for (int i = from; i < to; i++) {
            pods.add(pod("pod-" + i, String.valueOf(i)));
        }
        return pods;
    }

    /** The bookmark that ends a streaming list's initial events, at {@code resourceVersion}. */
    /** A bookmark: an object that carries only {@code resourceVersion}. */
    static Pod bookmark(String resourceVersion) {
        return Pod.builder()
                .metadata(ObjectMeta.builder().resourceVersion(resourceVersion).build())
                .build();
    }

    static Pod initialEventsEnd(String resourceVersion) {
        return Pod.builder()
                .metadata(ObjectMeta.builder()
                        .resourceVersion(resourceVersion)
                        .annotation(Reflector.INITIAL_EVENTS_END_ANNOTATION, "true")
                        .build())
                .build();
    }

    /** The API server's 504 "Too large resource version" failure with {@code message}. */
    static Status tooLarge(String message) {
        return tooLarge(message, "ResourceVersionTooLarge");
    }

    /** A 504 whose one cause, of type {@code causeType}, says "Too large resource version". */
    static Status tooLarge(String message, String causeType) {
        return new Status(
                "v1",
                "Status",
                "Failure",
                message,
                "Timeout",
                new Status.StatusDetails(
                        null,
                        null,
                        null,
                        null,
                        List.of(new Status.StatusCause(causeType, "Too large resource version", null)),
                        1),
                504);
    }

    static StatusException expired() {
        return StatusException.of(Status.failure(410, Status.REASON_EXPIRED, "the resourceVersion is too old"));
    }

    /** The options every test starts from: list + watch unless a test asks for streaming lists (the default). */
    private static ReflectorOptions.Builder options() {
        return constantBackoff(Duration.ofMillis(1)).useWatchList(false).watchListConsistencyCheck(false);
    }

    private Reflector.Builder<Pod> builder() {
        return builder(options());
    }

    private Reflector.Builder<Pod> builder(ReflectorOptions.Builder options) {
        lw.supportsStreamingLists = true;
        return reflectorBuilder("pods", options).threadFactory(recordingThreads("reflector-test-"));
    }

    private List<String> storedNamesAndVersions() {
        return store.store.list().stream()
                .map(p -> p.name() + "@" + p.resourceVersion())
                .sorted()
                .collect(Collectors.toList());
    }

    /** The requested resource version; the options normalize "" to absent. */
    static String rv(ListOptions options) {
        return options.resourceVersion() == null ? "" : options.resourceVersion();
    }

    private List<String> listedVersions() {
        return lw.listCalls.stream().map(ReflectorTest::rv).collect(Collectors.toList());
    }

    /** A builder of a reflector on {@link #clock} that backs off for the constant {@code backoff}. */
    private Reflector.Builder<Pod> backingOff(Duration backoff) {
        return builder(options().backoff(BackoffPolicy.constant(backoff))).clock(clock);
    }

    /**
     * Fails the first watch with {@code failure} on a reflector that backs off for {@code backoff}; it must watch again
     * once {@code wait} passed on the clock, without listing again.
     */
    private void assertRewatchedWithoutRelisting(
            Supplier<? extends RuntimeException> failure, Duration backoff, Duration wait) throws InterruptedException {
        lw.failWatches(1, failure);
        start(backingOff(backoff));
        stepAfterWatchCall(1, wait);
        lw.watcher(0);
        assertEquals(1, lw.listCalls.size(), "a failed watch is retried, not a reason to relist");
    }

    /** Once watch call number {@code calls} was made and the loop waits on {@link #clock}, steps it by {@code step}. */
    private void stepAfterWatchCall(int calls, Duration step) throws InterruptedException {
        Await.until("watch call " + calls, () -> lw.watchCalls.size() == calls, Await.LONG_TIMEOUT);
        stepWhenWaiting(step);
    }

    /** Once the reflector waits on {@link #clock} (backing off, or for the next resync), steps it by {@code step}. */
    private void stepWhenWaiting(Duration step) throws InterruptedException {
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)), "the reflector waits on the clock");
        clock.step(step);
    }

    /** Asserts that the reflector and {@code watcher} are stopped and no thread of the reflector is alive. */
    private void assertStoppedWithItsThreads(FakeWatcher<Pod> watcher, String after) {
        assertTrue(watcher.isStopped());
        assertTrue(reflector.isStopped());
        threads.forEach(thread -> assertFalse(thread.isAlive(), thread + " still alive after " + after));
    }

    // ------------------------------------------------------------ list then watch

    @Test
    void listReplacesStoreThenWatchEventsUpdateItAndTrackTheResourceVersion() {
        lw.onList = options -> podList("10", pod("foo", "5"), pod("bar", "6"));
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.delete(pod("foo", "30"));
        watcher.modify(pod("bar", "55"));
        watcher.add(pod("baz", "62"));
        Await.until("baz stored", () -> store.store.getByKey("ns/baz").isPresent(), Await.LONG_TIMEOUT);

        assertEquals(List.of("bar@55", "baz@62"), storedNamesAndVersions());
        // The version is recorded just after the store call.
        Await.until("version 62 recorded", () -> "62".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);
        assertEquals(List.of("replace", "delete", "update", "add"), store.calls);
        assertEquals(List.of("10"), store.replacedResourceVersions);
    }

    @Test
    void firstListAsksForVersionZeroInPagesAndWatchStartsFromTheListVersionWithBookmarks() {
        lw.onList = options -> podList("10", pod("foo", "5"));
        start(builder(options().minWatchTimeout(Duration.ofMinutes(5))));
        lw.watcher(0);

        ListOptions list = lw.listCalls.get(0);
        assertEquals("0", list.resourceVersion());
        assertEquals(500, list.limit());
        ListOptions watch = lw.watchCalls.get(0);
        assertEquals("10", watch.resourceVersion());
        assertTrue(watch.allowWatchBookmarks());
        int timeout = watch.timeoutSeconds();
        assertTrue(timeout >= 300 && timeout < 600, "watch timeout " + timeout + " outside [300, 600)");
        assertNull(watch.sendInitialEvents());
    }

    @Test
    void bookmarkAdvancesTheResourceVersionWithoutTouchingTheStore() {
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.action(EventType.BOOKMARK, bookmark("40"));
        Await.until("bookmark applied", () -> "40".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);
        assertEquals(List.of("replace"), store.calls);
    }

    @Test
    void cleanWatchEndRewatchesFromTheLastVersionWithoutRelisting() {
        start(builder());
        FakeWatcher<Pod> first = lw.watcher(0);
        first.add(pod("a", "11"));
        first.stop();
        FakeWatcher<Pod> second = lw.watcher(1);
        second.add(pod("b", "12"));
        Await.until("b stored", () -> store.store.getByKey("ns/b").isPresent(), Await.LONG_TIMEOUT);

        assertEquals("11", lw.watchCalls.get(1).resourceVersion());
        assertEquals(1, lw.listCalls.size());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void veryShortWatchWithoutEventsIsReportedAndRelists() {
        lw.scriptWatches(FakeWatcher::stop);
        start(builder());
        lw.watcher(1);
        assertInstanceOf(VeryShortWatchException.class, errors.get(0));
        assertEquals(List.of("0", "1"), listedVersions());
    }

    @Test
    void expiredWatchRelistsFromTheLastVersionSeen() {
        lw.onList = options -> podList(rv(options).equals("0") ? "10" : "13");
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(pod("a", "12"));
        watcher.error(Status.failure(410, Status.REASON_EXPIRED, "too old resource version: 12"));
        Await.until("relist", () -> lw.listCalls.size() == 2, Await.LONG_TIMEOUT);

        assertEquals(List.of("0", "12"), listedVersions());
        assertEquals(0, lw.listCalls.get(1).limit(), "a list at a specific version is served unpaged from the cache");
        assertTrue(watcher.isStopped());
        // A watch ERROR event ends the watch with the engine's exception, carrying the server's status.
        ApiErrorException error = assertInstanceOf(ApiErrorException.class, errors.get(0));
        assertTrue(error.status().isResourceExpired());
    }

    @Test
    void expiredListRetriesAtOnceWithAConsistentRead() {
        lw.onList = options -> switch (rv(options)) {
            case "0" -> podList("10", pods(0, 4).toArray(Pod[]::new));
            case "10" -> throw expired();
            case "" -> podList("11", pods(0, 8).toArray(Pod[]::new));
            default -> throw new AssertionError("unexpected list at " + options.resourceVersion());
        };
        start(builder());
        expireTheFirstWatchAndAwaitTheNext();

        assertEquals(List.of("0", "10", ""), listedVersions());
        assertEquals(8, store.store.list().size());
        assertEquals("11", lw.watchCalls.get(1).resourceVersion());
    }

    @Test
    void tooLargeResourceVersionRetriesWithAConsistentRead() {
        Status tooLarge = tooLarge("Too large resource version");
        lw.onList = options -> switch (rv(options)) {
            case "0" -> podList("10");
            case "10" -> throw StatusException.of(tooLarge);
            case "" -> podList("9", pod("x", "9"));
            default -> throw new AssertionError("unexpected list at " + options.resourceVersion());
        };
        start(builder());
        lw.watcher(0).error(Status.failure(410, Status.REASON_GONE, "gone"));
        lw.watcher(1);
        assertEquals(List.of("0", "10", ""), listedVersions());
        assertEquals("9", reflector.lastSyncResourceVersion());
    }

    @Test
    void otherListFailuresAreReportedAndRetriedAtTheSameVersion() {
        AtomicInteger lists = new AtomicInteger();
        lw.onList = options -> {
            if (lists.incrementAndGet() == 1) {
                throw StatusException.of(Status.failure(500, "InternalError", "etcd unavailable"));
            }
            return podList("3", pod("a", "3"));
        };
        start(builder());
        lw.watcher(0);
        assertEquals(List.of("0", "0"), listedVersions());
        assertEquals(500, assertInstanceOf(StatusException.class, errors.get(0)).code());
    }

    // ------------------------------------------------------------ paging

    @Test
    void pagedListFollowsContinueTokensWithTheConfiguredPageSize() {
        List<Pod> all = pods(0, 10);
        lw.onList = options -> switch (options.continueToken() == null ? "" : options.continueToken()) {
            case "" -> page("10", "C1", all.subList(0, 4));
            case "C1" -> page("10", "C2", all.subList(4, 8));
            case "C2" -> page("10", null, all.subList(8, 10));
            default -> throw new AssertionError("unexpected continue " + options.continueToken());
        };
        start(builder(options().pageSize(4)));
        lw.watcher(0);

        assertEquals(10, store.store.list().size());
        assertEquals(3, lw.listCalls.size());
        lw.listCalls.forEach(options -> assertEquals(4, options.limit()));
        assertEquals("0", lw.listCalls.get(0).resourceVersion());
        assertEquals("", rv(lw.listCalls.get(1)), "continuation pages carry the version in the token");
        assertEquals("10", lw.watchCalls.get(0).resourceVersion());
    }

    @Test
    void paginatedFirstListKeepsLaterListsPaginated() {
        List<Pod> all = pods(0, 10);
        lw.onList = options -> switch (options.continueToken() == null ? "" : options.continueToken()) {
            case "" -> page("10", "C1", all.subList(0, 4));
            case "C1" -> page("10", null, all.subList(4, 10));
            default -> throw new AssertionError("unexpected continue " + options.continueToken());
        };
        start(builder());
        expireTheFirstWatchAndAwaitTheNext();

        assertEquals(List.of("0", "", "10", ""), listedVersions());
        lw.listCalls.forEach(options -> assertEquals(500, options.limit()));
        assertEquals(10, store.store.list().size());
    }

    @Test
    void expiredContinueTokenFallsBackToOneFullList() {
        List<Pod> all = pods(0, 8);
        lw.onList = options -> {
            String key = rv(options) + "|" + options.continueToken() + "|" + options.limit();
            return switch (key) {
                case "0|null|4" -> page("10", null, all.subList(0, 4));
                case "10|null|4" -> page("11", "C1", all.subList(0, 4));
                case "|C1|4" -> throw expired();
                case "10|null|0" -> page("11", null, all);
                default -> throw new AssertionError("unexpected list " + key);
            };
        };
        start(builder(options().pageSize(4)));
        expireTheFirstWatchAndAwaitTheNext();

        assertEquals(8, store.store.list().size());
        assertEquals(List.of("0", "10", "", "10"), listedVersions());
        assertEquals("11", reflector.lastSyncResourceVersion());
    }

    // ------------------------------------------------------------ backoff

    @Test
    void tooManyRequestsOnWatchHonoursRetryAfterWithoutRelisting() throws Exception {
        lw.failWatches(
                2,
                () -> new StatusException(
                        Status.failure(429, "TooManyRequests", "slow down"),
                        Duration.ofSeconds(3),
                        "GET",
                        "http://test/api/v1/pods"));
        start(backingOff(Duration.ofSeconds(60)));
        stepAfterWatchCall(1, Duration.ofSeconds(3));
        stepAfterWatchCall(2, Duration.ofSeconds(3));
        lw.watcher(0);
        assertEquals(3, lw.watchCalls.size());
        assertEquals(1, lw.listCalls.size());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void connectionFailureOnWatchBacksOffAndRewatchesWithoutRelisting() throws Exception {
        lw.failWatches(2, () -> refused("http://127.0.0.1:1/api/v1/pods"));
        start(backingOff(Duration.ofSeconds(1)));
        stepAfterWatchCall(1, Duration.ofSeconds(1));
        stepAfterWatchCall(2, Duration.ofSeconds(1));
        lw.watcher(0);
        assertEquals(1, lw.listCalls.size());
        assertEquals(
                lw.watchCalls.get(0).resourceVersion(), lw.watchCalls.get(2).resourceVersion());
    }

    /** A failure of a ListerWatcher that is not the client's: the engine tells it by interface. */
    private static final class Unreachable extends RuntimeException implements ConnectionFailure {
        private static final long serialVersionUID = 1L;

        Unreachable() {
            super("no route to host");
        }
    }

    /** A server error of a ListerWatcher that is not the client's, with the server's retry hint. */
    private record EngineError(int code, String reason, String message, Integer retryAfterSeconds)
            implements ApiError {}

    private static final class SlowDown extends RuntimeException implements StatusCarrier {
        private static final long serialVersionUID = 1L;

        @Override
        public ApiError status() {
            return new EngineError(429, "TooManyRequests", "slow down", 3);
        }
    }

    @Test
    void connectionFailureOfAnyListerWatcherBacksOffAndRewatchesWithoutRelisting() throws Exception {
        assertRewatchedWithoutRelisting(Unreachable::new, Duration.ofSeconds(1), Duration.ofSeconds(1));
    }

    @Test
    void aCheckedExceptionTheClientThrowsUndeclaredIsRetriedNotFatal() throws Exception {
        // as OkHttp does when its thread is interrupted mid-connect
        lw.failWatches(
                1, () -> ReflectorTest.<RuntimeException>sneaky(new InterruptedException("connect interrupted")));
        start(backingOff(Duration.ofSeconds(1)));
        stepAfterWatchCall(1, Duration.ofSeconds(1)); // the loop backs off instead of dying
        Await.until("the loop went on: a second watch", () -> lw.watchCalls.size() == 2, Await.LONG_TIMEOUT);
        assertEquals(1, errors.size(), "reported once, as a failure: " + errors);
        assertTrue(errors.get(0).getCause() instanceof InterruptedException, errors::toString);
    }

    /** The client's failure to connect to {@code url}: the connection was refused. */
    private static ApiConnectionException refused(String url) {
        return new ApiConnectionException("GET", url, new ConnectException("refused"));
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    @Test
    void tooManyRequestsFromAnyStatusCarrierHonoursItsRetryAfterWithoutRelisting() throws Exception {
        // the status's retryAfterSeconds, not the 60 s backoff
        assertRewatchedWithoutRelisting(SlowDown::new, Duration.ofSeconds(60), Duration.ofSeconds(3));
        assertTrue(errors.isEmpty(), "a 429 is not reported: " + errors);
    }

    @Test
    void lastSyncErrorIsTheLastFailureUntilAListSucceeds() throws Exception {
        AtomicInteger lists = new AtomicInteger();
        lw.onList = options -> {
            if (lists.incrementAndGet() == 1) {
                throw refused("http://127.0.0.1:1/api/v1/pods");
            }
            return podList("3", pod("a", "3"));
        };
        List<String> recovered = new CopyOnWriteArrayList<>();
        start(backingOff(Duration.ofSeconds(2)).watchErrorHandler(new WatchErrorHandler() {
            @Override
            public void onWatchError(String name, RuntimeException error) {
                errors.add(error);
            }

            @Override
            public void onRecovered(String name) {
                recovered.add(name);
            }
        }));
        Await.until("the failure", () -> reflector.lastSyncError().isPresent(), Await.LONG_TIMEOUT);
        SyncError error = reflector.lastSyncError().orElseThrow();
        assertTrue(error.message().contains("http://127.0.0.1:1/api/v1/pods"), error.message());
        assertEquals(Duration.ofSeconds(2), error.retryIn());
        assertEquals(clock.now(), error.time());
        assertTrue(recovered.isEmpty());

        clock.step(Duration.ofSeconds(2));
        lw.watcher(0);
        Await.until("cleared", () -> reflector.lastSyncError().isEmpty(), Await.LONG_TIMEOUT);
        assertEquals(List.of("pods"), recovered);
    }

    @Test
    void aWatchThatCannotBeStartedIsReportedNotSilentlyRetried() throws Exception {
        lw.failWatches(1, () -> refused("http://127.0.0.1:1/api/v1/pods?watch=true"));
        start(backingOff(Duration.ofSeconds(1)));
        Await.until("reported", () -> errors.size() == 1, Await.LONG_TIMEOUT);
        assertInstanceOf(ApiConnectionException.class, errors.get(0));
        Await.until("recorded", () -> reflector.lastSyncError().isPresent(), Await.LONG_TIMEOUT);

        clock.step(Duration.ofSeconds(1));
        lw.watcher(0);
        Await.until("cleared once watching", () -> reflector.lastSyncError().isEmpty(), Await.LONG_TIMEOUT);
        assertEquals(1, lw.listCalls.size(), "still no relist");
    }

    @Test
    void repeatedListFailuresBackOffExponentiallyOnTheClock() throws Exception {
        lw.onList = options -> {
            throw StatusException.of(Status.failure(503, "ServiceUnavailable", "down"));
        };
        start(builder(options()
                        .backoff(new BackoffPolicy(
                                Duration.ofMillis(800), 2.0, Duration.ofSeconds(30), 0.0, Duration.ofMinutes(2))))
                .clock(clock));
        long[] delays = {800, 1600, 3200};
        for (int i = 0; i < delays.length; i++) {
            int calls = i + 1;
            Await.until("list call " + calls, () -> lw.listCalls.size() == calls, Await.LONG_TIMEOUT);
            assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
            clock.step(Duration.ofMillis(delays[i] - 1));
            assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
            assertEquals(calls, lw.listCalls.size(), "listed again before the backoff of " + delays[i] + " ms");
            clock.step(Duration.ofMillis(1));
        }
        Await.until("fourth list", () -> lw.listCalls.size() == 4, Await.LONG_TIMEOUT);
        assertEquals(3, errors.size() >= 3 ? 3 : errors.size());
    }

    // ------------------------------------------------------------ resync

    @Test
    void resyncAsksShouldResyncEachPeriodAndResyncsOnlyWhenTold() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        AtomicBoolean answer = new AtomicBoolean(true);
        start(builder().clock(clock).resyncPeriod(Duration.ofSeconds(30)).shouldResync(() -> {
            asked.incrementAndGet();
            return answer.get();
        }));
        lw.watcher(0);
        stepWhenWaiting(Duration.ofSeconds(30));
        Await.until("first resync", () -> store.resyncs.get() == 1, Await.LONG_TIMEOUT);

        answer.set(false);
        Await.until("resync timer re-armed", () -> clock.waiterCount() == 1, Await.LONG_TIMEOUT);
        clock.step(Duration.ofSeconds(30));
        Await.until("second question", () -> asked.get() == 2, Await.LONG_TIMEOUT);
        assertEquals(1, store.resyncs.get());
    }

    @Test
    void failedResyncEndsTheWatchAndRelists() throws Exception {
        store.failResync = new IllegalStateException("resync failed on purpose");
        start(backingOff(Duration.ofSeconds(1)).resyncPeriod(Duration.ofSeconds(30)));
        FakeWatcher<Pod> watcher = lw.watcher(0);
        stepWhenWaiting(Duration.ofSeconds(30));
        Await.until("the failure reported", () -> !errors.isEmpty(), Await.LONG_TIMEOUT);
        assertEquals("resync failed on purpose", errors.get(0).getMessage());
        assertTrue(watcher.isStopped());
        store.failResync = null;
        stepWhenWaiting(Duration.ofSeconds(1));
        Await.until("relist", () -> lw.listCalls.size() == 2, Await.LONG_TIMEOUT);
    }

    @Test
    void noResyncWithoutAResyncPeriod() throws Exception {
        start(builder().clock(clock));
        lw.watcher(0);
        clock.step(Duration.ofHours(1));
        assertFalse(clock.hasWaiters());
        assertEquals(0, store.resyncs.get());
    }

    // ------------------------------------------------------------ streaming list

    @Test
    void streamingListFillsTheStoreAtTheInitialEventsEndBookmarkAndKeepsWatching() {
        start(builder(options().useWatchList(true)));
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(pod("foo", "1"));
        watcher.action(EventType.BOOKMARK, initialEventsEnd("1"));
        watcher.modify(pod("foo", "2"));
        watcher.add(pod("bar", "3"));
        Await.until("bar stored", () -> store.store.getByKey("ns/bar").isPresent(), Await.LONG_TIMEOUT);
        Await.until("version 3 recorded", () -> "3".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);

        assertEquals(List.of("bar@3", "foo@2"), storedNamesAndVersions());
        assertEquals(List.of("1"), store.replacedResourceVersions);
        assertEquals(List.of("replace", "update", "add"), store.calls);
        assertTrue(lw.listCalls.isEmpty());
        ListOptions options = lw.watchCalls.get(0);
        assertEquals(Boolean.TRUE, options.sendInitialEvents());
        assertEquals(ListOptions.MATCH_NOT_OLDER_THAN, options.resourceVersionMatch());
        assertEquals("", rv(options));
        assertTrue(options.allowWatchBookmarks());
        assertEquals(1, lw.watchCalls.size());
    }

    @Test
    void streamingListFallsBackToListAndWatchWhenTheServerRejectsIt() {
        lw.onWatch = options -> {
            if (Boolean.TRUE.equals(options.sendInitialEvents())) {
                throw StatusException.of(Status.failure(400, "BadRequest", "sendInitialEvents is not supported"));
            }
            return lw.newWatcher();
        };
        lw.onList = options -> podList("5", pod("a", "5"));
        start(builder(options().useWatchList(true)));
        lw.watcher(0);
        assertEquals(1, lw.listCalls.size());
        assertEquals("5", lw.watchCalls.get(1).resourceVersion());
        assertEquals(List.of("a@5"), storedNamesAndVersions());
    }

    @Test
    void streamingListRetriesTheStreamWithAFreshStoreWhenItEndsAfterEventsWithoutTheBookmark() {
        // client-go's watchList: a stream that ends cleanly before the initial-events-end bookmark
        // is retried as a streaming list (objects of the broken attempt are discarded), not a LIST.
        lw.scriptWatches(watcher -> {
            watcher.add(pod("a", "1"));
            watcher.stop();
        });
        lw.onList = options -> podList("7", pod("b", "7"));
        start(builder(options().useWatchList(true)));
        FakeWatcher<Pod> second = lw.watcher(1);
        second.add(pod("c", "8"));
        second.action(EventType.BOOKMARK, initialEventsEnd("8"));
        Await.until("streamed list applied", () -> !store.replacedResourceVersions.isEmpty(), Await.LONG_TIMEOUT);

        assertTrue(lw.listCalls.isEmpty());
        assertEquals(Boolean.TRUE, lw.watchCalls.get(1).sendInitialEvents());
        assertEquals(List.of("c@8"), storedNamesAndVersions());
        assertEquals(List.of("8"), store.replacedResourceVersions);
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void streamingListFallsBackToListAndWatchWhenTheStreamEndsAtOnceWithoutEvents() {
        // An empty stream that ends within a second is a VeryShortWatch error: not retriable, so the
        // cycle falls back to list + watch (client-go's fallbackToList).
        lw.scriptWatches(FakeWatcher::stop);
        lw.onList = options -> podList("7", pod("b", "7"));
        start(builder(options().useWatchList(true)).clock(new FakeClock()));
        lw.watcher(1);
        assertEquals(1, lw.listCalls.size());
        assertEquals(List.of("b@7"), storedNamesAndVersions());
        assertEquals(null, lw.watchCalls.get(1).sendInitialEvents());
    }

    // ------------------------------------------------------------ errors in events

    @Test
    void malformedEventEndsTheWatchAndTheLoopRecoversByRelisting() {
        AtomicInteger watches = new AtomicInteger();
        lw.onWatch = options -> {
            if (watches.incrementAndGet() > 1) {
                return lw.newWatcher();
            }
            return StreamWatcher.of(new Decoder<Pod>() {
                int calls;

                @Override
                public Event<Pod> decode() {
                    if (calls++ == 0) {
                        return Event.of(EventType.ADDED, pod("ok", "2"));
                    }
                    throw new DecodeException("unexpected character '}' in event 2");
                }

                @Override
                public void close() {}
            });
        };
        // A list at a version answers at that version or later (resourceVersionMatch=NotOlderThan).
        lw.onList = options -> podList(rv(options).equals("0") ? "1" : "3");
        start(builder());
        lw.watcher(0);
        assertEquals(2, lw.listCalls.size());
        assertEquals("2", lw.listCalls.get(1).resourceVersion());
        ApiErrorException error = assertInstanceOf(ApiErrorException.class, errors.get(0));
        assertEquals(500, error.status().code());
    }

    @Test
    void eventWhoseObjectHasNoKeyIsSkippedAndTheWatchGoesOn() {
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(Pod.builder()
                .metadata(ObjectMeta.builder().resourceVersion("3").build())
                .build());
        watcher.add(pod("good", "4"));
        Await.until("good stored", () -> store.store.getByKey("ns/good").isPresent(), Await.LONG_TIMEOUT);
        assertEquals(1, store.store.list().size());
        assertFalse(watcher.isStopped());
        assertTrue(errors.isEmpty());
    }

    @Test
    void aThrowingWatchErrorHandlerDoesNotStopTheReflector() {
        lw.scriptWatches(watcher -> watcher.error(Status.failure(500, "InternalError", "boom")));
        start(builder().watchErrorHandler((name, error) -> {
            throw new IllegalStateException("handler failure");
        }));
        lw.watcher(1);
        assertEquals(2, lw.listCalls.size());
    }

    // ------------------------------------------------------------ lifecycle

    @Test
    void stopEndsTheWatchAndJoinsTheThread() {
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        reflector.close();
        assertStoppedWithItsThreads(watcher, "stop");
    }

    @Test
    void closeIsIdempotent() {
        start(builder());
        FakeWatcher<Pod> watcher = lw.watcher(0);
        reflector.close();
        reflector.close();
        assertStoppedWithItsThreads(watcher, "a second close");
    }

    @Test
    void stopWhileBackingOffEndsPromptly() throws Exception {
        lw.onList = options -> {
            throw StatusException.of(Status.failure(500, "InternalError", "down"));
        };
        start(backingOff(Duration.ofHours(1)));
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        reflector.close();
        threads.forEach(thread -> assertFalse(thread.isAlive()));
        assertEquals(1, lw.listCalls.size());
    }

    @Test
    void aStoppedReflectorRefusesToRunAndNeverListed() {
        reflector = builder().build();
        reflector.close();
        IllegalStateException e = assertThrows(IllegalStateException.class, reflector::run);
        assertTrue(e.getMessage().contains("stopped"), e.getMessage());
        assertTrue(lw.listCalls.isEmpty());
        assertTrue(lw.watchCalls.isEmpty());
    }

    @Test
    void startingTwiceIsRejected() {
        start(builder());
        IllegalStateException e = assertThrows(IllegalStateException.class, reflector::start);
        assertTrue(e.getMessage().contains("already running"), e.getMessage());
    }

    @Test
    void builderRejectsBadSettingsNamingThem() {
        Reflector.Builder<Pod> builder = builder();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder.resyncPeriod(Duration.ofSeconds(-1)))
                .getMessage()
                .contains("resyncPeriod"));
    }
}
