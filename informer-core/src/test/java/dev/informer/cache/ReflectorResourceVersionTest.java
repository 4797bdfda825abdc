package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static dev.informer.cache.ReflectorTest.rv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ObjectList;
import dev.informer.api.Pod;
import dev.informer.api.Status;
import dev.informer.client.StatusException;
import dev.informer.testing.Await;
import dev.informer.testsupport.LogCapture;
import dev.informer.watch.EventType;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reflector and resource versions the server no longer (or not yet) has: "too large resource
 * version" (client-go's isTooLargeResourceVersionError and TestReflectorFullListIfTooLarge) and
 * versions that go backwards after a server restart (comparable resource versions, Kubernetes 1.35).
 */
class ReflectorResourceVersionTest extends FakeApiTestBase {

    private final LogCapture logs = LogCapture.start();

    @AfterEach
    void closeLogs() {
        logs.close();
    }

    private Reflector<Pod> start(boolean useWatchList) {
        lw.supportsStreamingLists = true;
        reflector = reflectorBuilder(
                        "pods-rv-test",
                        constantBackoff(Duration.ofMillis(1))
                                .useWatchList(useWatchList)
                                .watchListConsistencyCheck(false))
                .build();
        reflector.start();
        return reflector;
    }

    static Status tooLarge() {
        return ReflectorTest.tooLarge("Too large resource version: 100, current: 7");
    }

    static Pod bookmark(String resourceVersion, boolean initialEventsEnd) {
        return initialEventsEnd
                ? ReflectorTest.initialEventsEnd(resourceVersion)
                : ReflectorTest.bookmark(resourceVersion);
    }

    /** A script of a streaming list: {@code pods} as its initial events, ended by the bookmark at {@code resourceVersion}. */
    private static Consumer<FakeWatcher<Pod>> streamedList(String resourceVersion, Pod... pods) {
        return watcher -> {
            for (Pod pod : pods) {
                watcher.add(pod);
            }
            watcher.action(EventType.BOOKMARK, bookmark(resourceVersion, true));
        };
    }

    /** A script of a streaming list (see {@link #streamedList}) whose watch then expires. */
    private static Consumer<FakeWatcher<Pod>> streamedListThenExpired(String resourceVersion, Pod... pods) {
        return streamedList(resourceVersion, pods)
                .andThen(watcher -> watcher.error(Status.failure(410, Status.REASON_EXPIRED, "gone")));
    }

    private List<String> listedVersions() {
        return lw.listCalls.stream().map(ReflectorTest::rv).collect(Collectors.toList());
    }

    private List<String> stored() {
        return store.store.list().stream()
                .map(p -> p.name() + "@" + p.resourceVersion())
                .sorted()
                .collect(Collectors.toList());
    }

    private List<String> backwardsWarnings() {
        return logs.linesWith("pods-rv-test", "went backwards");
    }

    // ------------------------------------------------------------ too large resource version

    @Test
    void isTooLargeResourceVersionRecognisesTheCauseAndTheOldMessages() {
        // client-go's TestIsTooLargeResourceVersionError.
        assertTrue(ListAndWatchReflector.isTooLargeResourceVersion(StatusException.of(tooLarge())));
        assertTrue(ListAndWatchReflector.isTooLargeResourceVersion(
                StatusException.of(Status.failure(504, "Timeout", "Too large resource version: 5, current: 1"))));
        assertTrue(
                ListAndWatchReflector.isTooLargeResourceVersion(StatusException.of(ReflectorTest.tooLarge("x", null))));
        assertFalse(ListAndWatchReflector.isTooLargeResourceVersion(
                StatusException.of(Status.failure(504, "Timeout", "etcd is slow"))));
        assertFalse(ListAndWatchReflector.isTooLargeResourceVersion(
                StatusException.of(Status.failure(500, "InternalError", "Too large resource version"))));
    }

    @Test
    void watchAnsweredTooLargeRelistsWithAConsistentReadNotTheSameVersion() {
        lw.failWatches(1, () -> new StatusException(tooLarge(), null, "GET", "http://test/api/v1/pods?watch=true"));
        lw.onList =
                options -> rv(options).equals("0") ? podList("100", pod("old", "90")) : podList("7", pod("new", "7"));
        start(false);
        lw.watcher(0);

        assertEquals(List.of("0", ""), listedVersions());
        assertEquals(List.of("new@7"), stored());
        assertEquals("7", lw.watchCalls.get(1).resourceVersion());
        assertEquals(1, errors.size(), "the 504 is reported once");
    }

    @Test
    void watchErrorEventTooLargeRelistsWithAConsistentRead() {
        lw.onList = options -> rv(options).equals("0") ? podList("100") : podList("8");
        start(false);
        lw.watcher(0).error(tooLarge());
        lw.watcher(1);

        assertEquals(List.of("0", ""), listedVersions());
        assertEquals("8", reflector.lastSyncResourceVersion());
    }

    @Test
    void streamingListAnsweredTooLargeRetriesTheStreamFromAConsistentRead() {
        lw.scriptWatches(
                streamedListThenExpired("100", pod("a", "50")),
                watcher -> {
                    throw StatusException.of(tooLarge());
                },
                streamedList("130", pod("b", "120")));
        start(true);
        Await.until("second streamed list", () -> store.replacedResourceVersions.size() == 2, Await.LONG_TIMEOUT);

        assertEquals("100", rv(lw.watchCalls.get(1)));
        assertEquals("", rv(lw.watchCalls.get(2)), "after a too-large answer the stream starts from a consistent read");
        assertEquals(List.of("b@120"), stored());
        assertTrue(lw.listCalls.isEmpty());
    }

    // ------------------------------------------------------------ resource versions going backwards

    @Test
    void watchEventGoingBackwardsWarnsOnceAndRelistsWithAConsistentRead() {
        lw.onList = options -> switch (rv(options)) {
            case "0" -> podList("100", pod("a", "90"), pod("b", "95"));
            case "" -> podList("8", pod("x", "6"), pod("y", "8"));
            default -> throw new AssertionError("unexpected list at " + rv(options));
        };
        start(false);
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.modify(pod("a", "101"));
        watcher.add(pod("c", "7"));
        lw.watcher(1);

        assertEquals(List.of("0", ""), listedVersions());
        assertEquals(List.of("x@6", "y@8"), stored(), "the new server's objects, and only those");
        assertEquals("8", lw.watchCalls.get(1).resourceVersion());
        List<String> warnings = backwardsWarnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("from 101 to 7"), warnings.get(0));
        assertTrue(warnings.get(0).contains("ADDED event of ns/c"), warnings.get(0));
        assertTrue(errors.isEmpty(), "logged once, not also as a watch error: " + errors);
    }

    @Test
    void bookmarkGoingBackwardsCounts() {
        lw.onList = options -> rv(options).equals("0") ? podList("100", pod("a", "90")) : podList("9", pod("z", "9"));
        start(false);
        lw.watcher(0).action(EventType.BOOKMARK, bookmark("5", false));
        lw.watcher(1);

        assertEquals(List.of("0", ""), listedVersions());
        assertEquals(List.of("z@9"), stored());
        assertEquals(1, backwardsWarnings().size());
    }

    /**
     * Lists "a" at version 100, expires the watch and waits until the reflector relisted: at "100" the server answers
     * what {@code at100} gives, a consistent read lists "x" at 7. Asserts those three lists and that only x is stored.
     */
    private void relistAt100ThenConsistentReadAt7(Supplier<ObjectList<Pod>> at100) {
        lw.onList = options -> switch (rv(options)) {
            case "0" -> podList("100", pod("a", "90"));
            case "100" -> at100.get();
            case "" -> podList("7", pod("x", "7"));
            default -> throw new AssertionError("unexpected list at " + rv(options));
        };
        start(false);
        expireTheFirstWatchAndAwaitTheNext();

        assertEquals(List.of("0", "100", ""), listedVersions());
        assertEquals(List.of("x@7"), stored());
    }

    @Test
    void listFromTheCacheGoingBackwardsIsRepeatedAsAConsistentRead() {
        // A server restarted without "too large" support answers the list at the old version with its own.
        relistAt100ThenConsistentReadAt7(() -> podList("6", pod("stale-cache", "6")));
        assertEquals(List.of("100", "7"), store.replacedResourceVersions);
        assertEquals(1, backwardsWarnings().size());
    }

    @Test
    void consistentListAfterTooLargeThatIsOlderIsTakenWithOneWarning() {
        relistAt100ThenConsistentReadAt7(() -> {
            throw StatusException.of(tooLarge());
        });
        List<String> warnings = backwardsWarnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("from 100 to 7"), warnings.get(0));
    }

    @Test
    void relistAfterAnExpiredWatchDoesNotWarn() {
        lw.onList = options -> switch (rv(options)) {
            case "0" -> podList("100", pod("a", "90"));
            case "120" -> throw ReflectorTest.expired();
            case "" -> podList("150", pod("a", "140"));
            default -> throw new AssertionError("unexpected list at " + rv(options));
        };
        start(false);
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.modify(pod("a", "120"));
        watcher.error(Status.failure(410, Status.REASON_EXPIRED, "too old resource version: 120"));
        lw.watcher(1);

        assertEquals(List.of("0", "120", ""), listedVersions());
        assertEquals(List.of("a@140"), stored());
        assertTrue(backwardsWarnings().isEmpty(), backwardsWarnings().toString());
    }

    @Test
    void initialEventsOfAStreamingListAreOlderThanTheLastVersionWithoutWarning() {
        lw.scriptWatches(
                streamedListThenExpired("100", pod("a", "10")),
                // resumes at "100": objects carry their own, older versions; the end bookmark is newer
                streamedList("110", pod("a", "10"), pod("b", "60"))
                        .andThen(watcher -> watcher.modify(pod("b", "111"))));
        start(true);
        Await.until("b@111", () -> "111".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);

        assertEquals("100", rv(lw.watchCalls.get(1)));
        assertEquals(List.of("a@10", "b@111"), stored());
        assertTrue(backwardsWarnings().isEmpty(), backwardsWarnings().toString());
    }

    @Test
    void streamingListWhoseEndBookmarkGoesBackwardsIsRetriedFromAConsistentRead() {
        lw.scriptWatches(
                streamedListThenExpired("100", pod("a", "90")),
                streamedList("5", pod("stale", "4")),
                streamedList("7", pod("x", "6")));
        start(true);
        Await.until("second streamed list", () -> store.replacedResourceVersions.size() == 2, Await.LONG_TIMEOUT);

        assertEquals(List.of("100", ""), List.of(rv(lw.watchCalls.get(1)), rv(lw.watchCalls.get(2))));
        assertEquals(List.of("x@6"), stored());
        assertEquals(List.of("100", "7"), store.replacedResourceVersions);
        assertEquals(1, backwardsWarnings().size());
    }

    @Test
    void opaqueResourceVersionsAreNeverCompared() {
        lw.onList = options -> rv(options).equals("0") ? podList("abc", pod("a", "abc")) : podList("x1");
        start(false);
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.modify(pod("a", "9"));
        watcher.modify(pod("a", "aa"));
        Await.until("aa", () -> "aa".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);

        assertEquals(1, lw.listCalls.size());
        assertTrue(backwardsWarnings().isEmpty());
    }
}
