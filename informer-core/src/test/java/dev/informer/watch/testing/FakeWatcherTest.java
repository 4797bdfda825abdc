package dev.informer.watch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.Watch;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Timeout(30)
class FakeWatcherTest {

    private static final List<Event<String>> EXPECTED = List.of(
            Event.of(EventType.ADDED, "foo"),
            Event.of(EventType.MODIFIED, "qux"),
            Event.of(EventType.MODIFIED, "bar"),
            Event.of(EventType.DELETED, "bar"),
            Event.error("error: blah"));

    /** Reads the expected events, then requires the end of the watch. */
    private static void consume(Watch<String> watch) throws InterruptedException {
        for (Event<String> expected : EXPECTED) {
            Event<String> got = watch.next();
            assertEquals(expected, got, "closed early or out of order");
        }
        assertNull(watch.next(), "never stopped");
    }

    /** Both hand-fed watches, each made fresh, named for the test report. */
    static Stream<Arguments> handFedWatches() {
        return Stream.of(
                Arguments.of("FakeWatcher", (Supplier<HandFedWatch<String>>) FakeWatcher::new),
                Arguments.of("RaceFreeFakeWatcher", (Supplier<HandFedWatch<String>>) RaceFreeFakeWatcher::new));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("handFedWatches")
    void deliversWhatTheProducerSendsThenEndsAfterStop(String kind, Supplier<HandFedWatch<String>> watches)
            throws Exception {
        HandFedWatch<String> fake = watches.get();
        Thread sender = new Thread(() -> {
            fake.add("foo");
            fake.action(EventType.MODIFIED, "qux");
            fake.modify("bar");
            fake.delete("bar");
            fake.error("error: blah");
            fake.stop();
        });
        sender.start();

        consume(fake);
        sender.join();
        assertTrue(fake.isStopped());
    }

    @Test
    void fakeNeverBlocksTheProducer() throws Exception {
        FakeWatcher<String> fake = new FakeWatcher<>();

        for (int i = 0; i < 10_000; i++) {
            fake.add("e" + i); // nobody reads yet
        }

        assertEquals(10_000, fake.pending());
        assertEquals("e0", fake.next().typedObject());
    }

    @Test
    void raceFreeFakeOverfilledFailsNamingTheCapacity() {
        RaceFreeFakeWatcher<String> fake = new RaceFreeFakeWatcher<>(2);
        fake.add("a");
        fake.modify("b");

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> fake.delete("c"));
        assertTrue(thrown.getMessage().contains("capacity 2"), thrown.getMessage());
    }

    @Test
    void raceFreeFakeHoldsOneHundredEventsByDefault() {
        RaceFreeFakeWatcher<String> fake = new RaceFreeFakeWatcher<>();
        for (int i = 0; i < RaceFreeFakeWatcher.DEFAULT_CAPACITY; i++) {
            fake.add("e" + i);
        }

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> fake.add("one too many"));
        assertTrue(thrown.getMessage().contains("capacity 100"), thrown.getMessage());
    }

    @Test
    void raceFreeFakeRejectsANonPositiveCapacity() {
        assertThrows(IllegalArgumentException.class, () -> new RaceFreeFakeWatcher<String>(0));
    }

    @Test
    void eventsSentAfterStopAreIgnored() throws Exception {
        FakeWatcher<String> fake = new FakeWatcher<>();
        RaceFreeFakeWatcher<String> raceFree = new RaceFreeFakeWatcher<>(1);
        fake.stop();
        raceFree.stop();

        fake.add("late");
        raceFree.add("late");
        raceFree.add("later, and no overflow either");

        assertNull(fake.next());
        assertNull(raceFree.next());
    }

    @Test
    void resetReopensTheWatch() throws Exception {
        FakeWatcher<String> fake = new FakeWatcher<>();
        fake.add("dropped by reset");
        fake.stop();

        fake.reset();
        fake.add("after reset");

        assertFalse(fake.isStopped());
        assertEquals("after reset", fake.next().typedObject());
        assertEquals(1, fake.stopCount(), "the count of stops survives a reset");
    }
}
