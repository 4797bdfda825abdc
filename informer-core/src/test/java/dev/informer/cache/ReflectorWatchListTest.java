package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.Status;
import dev.informer.client.StatusException;
import dev.informer.testing.Await;
import dev.informer.testsupport.LogCapture;
import dev.informer.watch.EventType;
import dev.informer.watch.ListOptions;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Streaming lists as client-go 1.35+ (WatchListClient on by default): the default, the cached fallback
 * for a server without them, and the KUBE_WATCHLIST_INCONSISTENCY_DETECTOR-style consistency check.
 */
class ReflectorWatchListTest extends FakeApiTestBase {

    private final LogCapture logs = LogCapture.start();

    @AfterEach
    void closeLogs() {
        logs.close();
    }

    private Reflector.Builder<Pod> builder(String name) {
        return builder(name, false);
    }

    private Reflector.Builder<Pod> builder(String name, boolean watchListConsistencyCheck) {
        return reflectorBuilder(
                name, constantBackoff(Duration.ofMillis(1)).watchListConsistencyCheck(watchListConsistencyCheck));
    }

    private static Pod endBookmark(String resourceVersion) {
        return ReflectorTest.initialEventsEnd(resourceVersion);
    }

    private static StatusException expired() {
        return StatusException.of(Status.failure(410, Status.REASON_EXPIRED, "too old"));
    }

    private long streamingRequests() {
        return lw.watchCalls.stream()
                .filter(o -> Boolean.TRUE.equals(o.sendInitialEvents()))
                .count();
    }

    @Test
    void streamingListsAreTheDefault() {
        lw.supportsStreamingLists = true;
        start(builder("default-streaming"));
        FakeWatcher<Pod> watcher = lw.watcher(0);
        watcher.add(ReflectorTest.pod("a", "3"));
        watcher.action(EventType.BOOKMARK, endBookmark("4"));
        Await.until("streamed", () -> !store.replacedResourceVersions.isEmpty(), Await.LONG_TIMEOUT);
        assertEquals(Boolean.TRUE, lw.watchCalls.get(0).sendInitialEvents());
        assertEquals(List.of(), lw.listCalls);
        assertEquals(List.of("4"), store.replacedResourceVersions);
    }

    @Test
    void aServerWithoutStreamingListsIsAskedOnceAndTheFallbackIsLoggedOnceAtInfo() {
        // The fake answers a streaming list with 422, as a 1.27-1.31 server without the WatchList gate.
        start(builder("no-watchlist"));
        lw.watcher(0).error(expired().status());
        lw.watcher(1).error(expired().status());
        lw.watcher(2);

        assertEquals(3, lw.listCalls.size(), "every cycle lists");
        assertEquals(1, streamingRequests(), "the server was asked for a streaming list once");
        List<String> lines = logs.linesWith("no-watchlist", "streaming list");
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(
                lines.get(0).contains("INFO")
                        && lines.get(0).contains("does not support streaming lists")
                        && lines.get(0).contains("422"),
                lines.get(0));
    }

    @Test
    void anotherStreamingFailureFallsBackForThatCycleOnlyAndIsLoggedOnce() {
        lw.supportsStreamingLists = true;
        AtomicInteger streamingAttempts = new AtomicInteger();
        lw.onWatch = options -> {
            if (Boolean.TRUE.equals(options.sendInitialEvents()) && streamingAttempts.incrementAndGet() == 1) {
                throw StatusException.of(Status.failure(500, "InternalError", "etcd hiccup"));
            }
            return lw.newWatcher();
        };
        start(builder("flaky-watchlist"));
        lw.watcher(0).error(expired().status());
        FakeWatcher<Pod> streamed = lw.watcher(1);
        streamed.add(ReflectorTest.pod("a", "30"));
        streamed.action(EventType.BOOKMARK, endBookmark("31"));
        Await.until("streamed", () -> store.replacedResourceVersions.contains("31"), Await.LONG_TIMEOUT);

        assertEquals(2, streamingRequests(), "streaming lists are tried again in later cycles");
        assertEquals(1, lw.listCalls.size(), "only the failed cycle listed");
        List<String> lines = logs.linesWith("flaky-watchlist", "streaming list failed");
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("INFO"), lines.get(0));
    }

    private void streamTwoPodsAtVersion9() {
        lw.supportsStreamingLists = true;
        lw.onWatch = options -> {
            FakeWatcher<Pod> watcher = lw.newWatcher();
            if (Boolean.TRUE.equals(options.sendInitialEvents())) {
                watcher.add(ReflectorTest.pod("a", "5"));
                watcher.add(ReflectorTest.pod("b", "7"));
                watcher.action(EventType.BOOKMARK, endBookmark("9"));
            }
            return watcher;
        };
    }

    @Test
    void theConsistencyCheckListsAtTheStreamedVersionAndLogsNothingWhenTheyAgree() {
        streamTwoPodsAtVersion9();
        lw.onList = options -> ReflectorTest.podList("9", ReflectorTest.pod("b", "7"), ReflectorTest.pod("a", "5"));
        start(builder("consistent", true));
        Await.until(
                "checked",
                () -> !lw.listCalls.isEmpty() && !store.replacedResourceVersions.isEmpty(),
                Await.LONG_TIMEOUT);

        ListOptions check = lw.listCalls.get(0);
        assertEquals("9", check.resourceVersion());
        assertEquals(ListOptions.MATCH_EXACT, check.resourceVersionMatch());
        assertEquals(List.of(), logs.linesWith("consistent", "ERROR"));
    }

    @Test
    void theConsistencyCheckDetectsAnInjectedMismatchAndLogsItAtError() {
        streamTwoPodsAtVersion9();
        // The server's list disagrees: b at another version, c that the stream never sent, a missing.
        lw.onList = options -> ReflectorTest.podList("9", ReflectorTest.pod("b", "8"), ReflectorTest.pod("c", "6"));
        start(builder("inconsistent", true));
        Await.until("an ERROR", () -> !logs.linesWith("inconsistent", "ERROR").isEmpty(), Await.LONG_TIMEOUT);

        String line = logs.linesWith("inconsistent", "ERROR").get(0);
        assertTrue(line.contains("differs from a list at the same version"), line);
        assertTrue(line.contains("ns/a not in the list"), line);
        assertTrue(line.contains("ns/b at 7 in the stream but 8 in the list"), line);
        assertTrue(line.contains("ns/c missing from the stream"), line);
        Await.until("the stream still applied", () -> store.replacedResourceVersions.contains("9"), Await.LONG_TIMEOUT);
    }

    @Test
    void withoutTheCheckNoExtraListIsMade() {
        streamTwoPodsAtVersion9();
        start(builder("unchecked", false));
        Await.until("streamed", () -> store.replacedResourceVersions.contains("9"), Await.LONG_TIMEOUT);
        assertEquals(List.of(), lw.listCalls);
    }
}
