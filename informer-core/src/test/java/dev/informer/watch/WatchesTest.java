package dev.informer.watch;

import static dev.informer.watch.Concurrency.async;
import static dev.informer.watch.Concurrency.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.watch.testing.FakeWatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class WatchesTest {

    private static final List<String> NAMES = List.of("foo", "bar", "baz", "qux", "zoo");

    private static FakeWatcher<String> sourceOf(List<String> names) {
        FakeWatcher<String> source = new FakeWatcher<>();
        names.forEach(source::add);
        source.stop(); // the server closes the watch after these events
        return source;
    }

    private static List<String> objects(Watch<String> watch) throws InterruptedException {
        List<String> seen = new ArrayList<>();
        for (Event<String> event : watch) {
            seen.add(event.typedObject());
        }
        return seen;
    }

    @Test
    void filterDropsEventsForWhichTheFunctionReturnsNull() throws Exception {
        Watch<String> filtered =
                Watches.filter(sourceOf(NAMES), event -> event.typedObject().startsWith("b") ? null : event);

        assertEquals(List.of("foo", "qux", "zoo"), objects(filtered));
        assertTrue(filtered.isStopped());
    }

    @Test
    void filterDeliversTheRewrittenEvent() throws Exception {
        Watch<String> filtered = Watches.filter(
                sourceOf(List.of("a", "b")),
                event -> Event.of(EventType.MODIFIED, event.typedObject().toUpperCase()));

        assertEquals(
                List.of(Event.of(EventType.MODIFIED, "A"), Event.of(EventType.MODIFIED, "B")),
                List.of(filtered.next(), filtered.next()));
        assertNull(filtered.next());
    }

    @Test
    void stoppingTheFilterStopsTheSourceAndUnblocksTheConsumer() throws Exception {
        FakeWatcher<String> source = new FakeWatcher<>();
        Watch<String> filtered =
                Watches.filter(source, event -> event.typedObject().startsWith("b") ? null : event);
        source.add("foo");
        assertEquals("foo", filtered.next().typedObject());
        CompletableFuture<Event<String>> waiting = async("consumer", filtered::next);

        filtered.stop();

        assertNull(await(waiting));
        assertEquals(1, source.stopCount());
    }

    @Test
    void filterFunctionFailurePropagatesToTheConsumer() {
        Watch<String> filtered = Watches.filter(sourceOf(List.of("a")), event -> {
            throw new IllegalStateException("filter broke on " + event.typedObject());
        });

        IllegalStateException thrown = assertThrows(IllegalStateException.class, filtered::next);
        assertEquals("filter broke on a", thrown.getMessage());
    }

    @Test
    void recorderRecordsEveryEventAsItPasses() throws Exception {
        Recorder<String> recorder = Recorder.of(sourceOf(NAMES));

        assertEquals("foo", recorder.next().typedObject());
        assertEquals(List.of(Event.of(EventType.ADDED, "foo")), recorder.events(), "only what was delivered so far");
        while (recorder.next() != null) {
            // drain
        }

        assertEquals(NAMES.stream().map(name -> Event.of(EventType.ADDED, name)).toList(), recorder.events());
        assertThrows(
                UnsupportedOperationException.class, () -> recorder.events().clear(), "a snapshot, not a view");
    }

    @Test
    void stoppingTheRecorderStopsItsSource() {
        FakeWatcher<String> source = new FakeWatcher<>();
        Recorder<String> recorder = Recorder.of(source);

        recorder.stop();

        assertTrue(source.isStopped());
        assertTrue(recorder.isStopped());
    }

    @Test
    void fromEventsDeliversTheEventsThenEnds() throws Exception {
        List<Event<String>> events = List.of(
                Event.of(EventType.ADDED, "foo"),
                Event.of(EventType.MODIFIED, "qux"),
                Event.of(EventType.DELETED, "bar"),
                Event.error("error: blah"));
        Watch<String> watch = Watches.fromEvents(events);

        List<Event<String>> seen = new ArrayList<>();
        for (Event<String> event : watch) {
            seen.add(event);
        }

        assertEquals(events, seen);
        assertTrue(watch.isStopped());
        watch.stop();
        watch.stop(); // a second stop is harmless
        assertNull(watch.next());
    }

    @Test
    void fromEventsStopEndsBeforeTheRemainingEvents() throws Exception {
        Watch<String> watch =
                Watches.fromEvents(List.of(Event.of(EventType.ADDED, "a"), Event.of(EventType.ADDED, "b")));
        assertEquals("a", watch.next().typedObject());

        watch.stop();

        assertNull(watch.next());
    }

    @Test
    void emptyWatchHasEndedAndStaysEnded() throws Exception {
        Watch<String> empty = Watches.empty();

        assertTrue(empty.isStopped());
        assertNull(empty.next());
        empty.stop();
        assertNull(empty.next());
    }
}
