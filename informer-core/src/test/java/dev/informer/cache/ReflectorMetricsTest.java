package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.api.Pod;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.watch.EventType;
import dev.informer.watch.testing.FakeWatcher;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** client-go's reflector metrics through an in-memory provider: lists, watches, short watches, last version. */
class ReflectorMetricsTest extends FakeApiTestBase {

    private final RecordingReflectorMetrics metrics = new RecordingReflectorMetrics();
    private final FakeClock clock = new FakeClock();

    private void start(boolean useWatchList) {
        ReflectorOptions.Builder options = constantBackoff(Duration.ofSeconds(1))
                .useWatchList(useWatchList)
                .watchListConsistencyCheck(false)
                .metrics(metrics);
        reflector = reflectorBuilder("metered", options).clock(clock).build();
        reflector.start();
    }

    @Test
    void aListAWatchWithEventsAndAShortWatchAreCountedAndTimed() {
        lw.onList = options -> {
            clock.step(Duration.ofSeconds(2));
            return ReflectorTest.podList("10", ReflectorTest.pod("a", "5"), ReflectorTest.pod("b", "6"));
        };
        start(false);
        FakeWatcher<Pod> first = lw.watcher(0);
        assertEquals(1, metrics.count("lists", "metered"));
        assertEquals(List.of(2.0), metrics.observed("list_duration", "metered"));
        assertEquals(List.of(2.0), metrics.observed("items_per_list", "metered"));
        assertEquals(10.0, metrics.gauge("last_resource_version", "metered"));
        assertEquals(1, metrics.count("watches", "metered"));

        first.add(ReflectorTest.pod("c", "11"));
        first.modify(ReflectorTest.pod("a", "12"));
        first.action(EventType.BOOKMARK, ReflectorTest.bookmark("13"));
        Await.until("version 13", () -> "13".equals(reflector.lastSyncResourceVersion()), Await.LONG_TIMEOUT);
        clock.step(Duration.ofSeconds(90));
        first.stop();

        // The clean end re-watches at once from 13; that watch ends at once, empty: a short watch.
        FakeWatcher<Pod> second = lw.watcher(1);
        Await.until(
                "the first watch observed",
                () -> metrics.observed("items_per_watch", "metered").size() == 1,
                Await.LONG_TIMEOUT);
        assertEquals(List.of(3.0), metrics.observed("items_per_watch", "metered"));
        assertEquals(List.of(90.0), metrics.observed("watch_duration", "metered"));
        assertEquals(13.0, metrics.gauge("last_resource_version", "metered"));
        assertEquals(2, metrics.count("watches", "metered"));
        assertEquals(0, metrics.count("short_watches", "metered"));

        second.close();
        Await.until("a short watch", () -> metrics.count("short_watches", "metered") == 1, Await.LONG_TIMEOUT);
        assertEquals(List.of(3.0, 0.0), metrics.observed("items_per_watch", "metered"));
        assertEquals(1, metrics.count("lists", "metered"), "no relist before the backoff");
    }

    @Test
    void aStreamingListCountsAsAListOfItsInitialEventsAndItsWatchFromTheBookmark() {
        lw.supportsStreamingLists = true;
        lw.onWatch = options -> {
            FakeWatcher<Pod> watcher = lw.newWatcher();
            watcher.add(ReflectorTest.pod("a", "3"));
            watcher.add(ReflectorTest.pod("b", "4"));
            watcher.add(ReflectorTest.pod("c", "5"));
            watcher.action(EventType.BOOKMARK, ReflectorTest.initialEventsEnd("8"));
            return watcher;
        };
        start(true);
        Await.until("streamed", () -> metrics.count("watches", "metered") == 1, Await.LONG_TIMEOUT);
        assertEquals(1, metrics.count("lists", "metered"));
        assertEquals(List.of(3.0), metrics.observed("items_per_list", "metered"));
        assertEquals(8.0, metrics.gauge("last_resource_version", "metered"));
        assertEquals(List.of(), lw.listCalls);
    }
}
