package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class SingleFileTrackerTest {

    @Test
    void syncedOnlyOnceTheUpstreamIsAndEveryStartedItemFinished() {
        AtomicBoolean upstream = new AtomicBoolean(false);
        SingleFileTracker tracker = new SingleFileTracker(upstream::get);
        assertFalse(tracker.hasSynced(), "upstream not synced");
        tracker.start();
        tracker.start();
        upstream.set(true);
        assertFalse(tracker.hasSynced(), "two items pending");
        tracker.finished();
        assertFalse(tracker.hasSynced(), "one item pending");
        tracker.finished();
        assertTrue(tracker.hasSynced());
    }

    @Test
    void finishingWithoutStartFailsFastAndKeepsTheCount() {
        SingleFileTracker tracker = new SingleFileTracker(() -> true);
        assertThrows(IllegalStateException.class, tracker::finished);
        assertTrue(tracker.hasSynced());
        tracker.start();
        assertFalse(tracker.hasSynced(), "the failed finish did not eat the next start");
    }
}
