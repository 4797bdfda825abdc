package dev.informer.record.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.CoreEvent;
import dev.informer.api.EventSource;
import dev.informer.api.ObjectReference;
import dev.informer.api.Timestamps;
import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** client-go's events_cache_test cases: aggregation, counting and the spam filter. */
class EventCorrelatorTest {

    private static final EventSource SOURCE =
            EventSource.builder().component("kubelet").host("node-1").build();

    private final FakeClock clock = new FakeClock(Instant.parse("2026-11-25T10:00:00Z"));
    private final EventCorrelator correlator = EventCorrelator.withDefaults(clock);

    private static ObjectReference pod(String name) {
        return ObjectReference.builder()
                .apiVersion("v1")
                .kind("Pod")
                .namespace("ns")
                .name(name)
                .uid("uid-" + name)
                .build();
    }

    private CoreEvent event(ObjectReference ref, String reason, String message) {
        return correlator.newEvent(ref, Map.of(), "Warning", reason, message, SOURCE);
    }

    /** Correlates and, when not skipped, pretends the write succeeded (the broadcaster's job). */
    private EventCorrelator.Result record(CoreEvent event) {
        EventCorrelator.Result result = correlator.correlate(event);
        if (!result.skip()) {
            correlator.updateState(result.event());
        }
        return result;
    }

    @Test
    void aNewEventIsCreatedWithCountOneInTheObjectsNamespace() {
        EventCorrelator.Result result = record(event(pod("web"), "BackOff", "restarting"));

        assertFalse(result.skip());
        assertNull(result.patch());
        CoreEvent written = result.event();
        assertEquals(1, written.count());
        assertEquals("ns", written.metadata().namespace());
        assertTrue(
                written.metadata().name().startsWith("web."), written.metadata().name());
        assertEquals("2026-11-25T10:00:00Z", written.firstTimestamp());
        assertEquals("kubelet", written.reportingComponent());
        assertEquals("node-1", written.reportingInstance());
    }

    @Test
    void theSameEventIsCountedInTheFirstEventThroughAPatch() {
        CoreEvent first = record(event(pod("web"), "BackOff", "restarting")).event();
        clock.step(Duration.ofSeconds(30));

        EventCorrelator.Result second = record(event(pod("web"), "BackOff", "restarting"));

        assertEquals(first.metadata().name(), second.event().metadata().name());
        assertEquals(2, second.event().count());
        assertEquals(first.firstTimestamp(), second.event().firstTimestamp());
        assertEquals(Timestamps.format(clock.now()), second.event().lastTimestamp());
        assertEquals(
                "{\"count\":2,\"lastTimestamp\":\"2026-11-25T10:00:30Z\",\"message\":\"restarting\"}", second.patch());
    }

    @Test
    void similarEventsAreCombinedFromTheTenthDifferentMessageWithinTenMinutes() {
        for (int i = 1; i <= 9; i++) {
            EventCorrelator.Result result = record(event(pod("web"), "Failed", "attempt " + i));
            assertEquals("attempt " + i, result.event().message());
            assertNull(result.patch());
        }

        EventCorrelator.Result tenth = record(event(pod("web"), "Failed", "attempt 10"));
        assertEquals("(combined from similar events): attempt 10", tenth.event().message());
        assertEquals(1, tenth.event().count());
        assertNull(tenth.patch());

        EventCorrelator.Result eleventh = record(event(pod("web"), "Failed", "attempt 11"));
        assertEquals(
                "(combined from similar events): attempt 11", eleventh.event().message());
        assertEquals(
                tenth.event().metadata().name(), eleventh.event().metadata().name());
        assertEquals(2, eleventh.event().count());
        assertTrue(eleventh.patch().contains("\"count\":2"), eleventh.patch());
    }

    @Test
    void similarEventsFurtherApartThanTheAggregateIntervalAreNotCombined() {
        for (int i = 1; i <= 9; i++) {
            record(event(pod("web"), "Failed", "attempt " + i));
        }
        clock.step(Duration.ofMinutes(10).plusSeconds(1));

        EventCorrelator.Result tenth = record(event(pod("web"), "Failed", "attempt 10"));

        assertEquals("attempt 10", tenth.event().message());
    }

    @Test
    void eventsWithDifferentReasonsOrObjectsAreNotCombined() {
        for (int i = 1; i <= 9; i++) {
            record(event(pod("web"), "Failed", "attempt " + i));
        }

        assertEquals(
                "attempt 10",
                record(event(pod("web"), "Killing", "attempt 10")).event().message());
        assertEquals(
                "attempt 10",
                record(event(pod("db"), "Failed", "attempt 10")).event().message());
    }

    @Test
    void theSpamFilterAllowsABurstOf25PerObjectThenOneEveryFiveMinutes() {
        for (int i = 1; i <= 25; i++) {
            assertFalse(record(event(pod("web"), "Reason" + i, "m")).skip(), "event " + i);
        }
        assertTrue(record(event(pod("web"), "Reason26", "m")).skip());
        assertFalse(record(event(pod("db"), "Reason1", "m")).skip(), "another object has its own bucket");

        clock.step(Duration.ofMinutes(5));
        assertFalse(record(event(pod("web"), "Reason27", "m")).skip());
        assertTrue(record(event(pod("web"), "Reason28", "m")).skip());
    }

    @Test
    void theSpamFilterAlsoThrottlesRepeatsOfOneEvent() {
        for (int i = 1; i <= 25; i++) {
            assertEquals(i, record(event(pod("web"), "BackOff", "m")).event().count());
        }
        assertTrue(record(event(pod("web"), "BackOff", "m")).skip());
    }

    @Test
    void eventsMadeInTheSameInstantHaveDistinctNames() {
        CoreEvent a = event(pod("web"), "A", "m");
        CoreEvent b = event(pod("web"), "B", "m");

        assertNotEquals(a.metadata().name(), b.metadata().name());
    }
}
