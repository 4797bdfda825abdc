package dev.informer.workqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** client-go's delaying_queue_test.go behaviours on a fake clock. */
class DelayingQueueTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-workqueue-");
    private final DefaultDelayingQueue<String> queue = (DefaultDelayingQueue<String>)
            WorkQueue.<String>builder().clock(clock).threadFactory(threads).buildDelaying();

    @AfterEach
    void shutDown() {
        queue.shutDown();
    }

    /** Steps the fake clock and waits until the waiting thread has moved everything due by the new time. */
    private void step(Duration duration) throws InterruptedException {
        clock.step(duration);
        long now = clock.nanoTime();
        assertTrue(
                clock.awaitWaitersSince(1, now, Await.LONG_TIMEOUT),
                "the waiting thread did not wait again after seeing the clock at " + now);
    }

    @Test
    void itemIsAddedOnlyOnceItsDelayHasPassed() throws Exception {
        queue.addAfter("foo", Duration.ofMillis(50));
        assertEquals(1, queue.waitingLen());
        assertEquals(0, queue.len());

        step(Duration.ofMillis(49));
        assertEquals(0, queue.len(), "added before its delay passed");

        step(Duration.ofMillis(11));
        assertEquals(1, queue.len());
        assertEquals(0, queue.waitingLen());
        String item = queue.get().orElseThrow();
        queue.done(item);

        step(Duration.ofSeconds(10)); // past the heartbeat
        assertEquals(0, queue.len(), "an item fired twice");
    }

    /** Re-adding a waiting item keeps its earlier deadline: a later one is ignored, an earlier one replaces it. */
    @ParameterizedTest(name = "after {0} ms, then after {1} ms: ready at {2} ms")
    @CsvSource({"50, 70, 60", "50, 30, 40"})
    void addingAWaitingItemAgainKeepsTheEarlierDeadlineAndFiresOnce(long first, long second, long readyAt)
            throws Exception {
        queue.addAfter("foo", Duration.ofMillis(first));
        queue.addAfter("foo", Duration.ofMillis(second));
        assertEquals(1, queue.waitingLen());

        step(Duration.ofMillis(readyAt));
        assertEquals(1, queue.len());
        assertEquals(0, queue.waitingLen());
        queue.done(queue.get().orElseThrow());

        step(Duration.ofMillis(20)); // past the other deadline
        assertEquals(0, queue.len(), "the other deadline fired as well");
    }

    @Test
    void anEarlierItemAddedLaterFiresFirst() throws Exception {
        queue.addAfter("foo", Duration.ofSeconds(1));
        queue.addAfter("bar", Duration.ofMillis(50));
        assertEquals(2, queue.waitingLen());

        step(Duration.ofMillis(60));
        assertEquals(1, queue.len());
        assertEquals(1, queue.waitingLen());
        assertEquals(Optional.of("bar"), queue.get());

        queue.addAfter("baz", Duration.ofSeconds(2));
        step(Duration.ofSeconds(1));
        assertEquals(1, queue.len());
        assertEquals(1, queue.waitingLen());
        assertEquals(Optional.of("foo"), queue.get());

        step(Duration.ofSeconds(2));
        assertEquals(1, queue.len());
        assertEquals(0, queue.waitingLen());
        assertEquals(Optional.of("baz"), queue.get());
    }

    @Test
    void itemsThatBecomeReadyTogetherAreQueuedInDeadlineOrder() throws Exception {
        queue.addAfter("foo", Duration.ofSeconds(1));
        queue.addAfter("bar", Duration.ofMillis(500));
        queue.addAfter("baz", Duration.ofMillis(250));
        assertEquals(3, queue.waitingLen());

        step(Duration.ofSeconds(2));
        assertEquals(3, queue.len());
        assertEquals(Optional.of("baz"), queue.get());
        assertEquals(Optional.of("bar"), queue.get());
        assertEquals(Optional.of("foo"), queue.get());
    }

    @Test
    void itemsWithEqualDeadlinesKeepTheirAddOrder() throws Exception {
        for (int i = 0; i < 20; i++) {
            queue.addAfter("item-" + i, Duration.ofSeconds(1));
        }
        step(Duration.ofSeconds(1));
        for (int i = 0; i < 20; i++) {
            assertEquals(Optional.of("item-" + i), queue.get());
        }
    }

    @Test
    void manyItemsWithRandomDelaysComeOutSortedByDeadline() throws Exception {
        java.util.Random random = new java.util.Random(42);
        int[] delays = new int[500];
        for (int i = 0; i < delays.length; i++) {
            delays[i] = 1 + random.nextInt(10_000);
            queue.addAfter("item-" + i, Duration.ofMillis(delays[i]));
            if (i % 7 == 0) { // re-adds with a later deadline are ignored
                queue.addAfter("item-" + i, Duration.ofMillis(delays[i] + 5));
            }
        }
        step(Duration.ofSeconds(11));
        assertEquals(delays.length, queue.len());
        int previous = 0;
        for (int i = 0; i < delays.length; i++) {
            String item = queue.get().orElseThrow();
            int delay = delays[Integer.parseInt(item.substring("item-".length()))];
            assertTrue(delay >= previous, "out of deadline order at " + item);
            previous = delay;
        }
    }

    @Test
    void zeroOrNegativeDelayAddsAtOnce() {
        queue.addAfter("zero", Duration.ZERO);
        queue.addAfter("negative", Duration.ofSeconds(-1));
        assertEquals(2, queue.len());
        assertEquals(0, queue.waitingLen());
    }

    @Test
    void aHugeDelayWaitsWithoutOverflowing() throws Exception {
        queue.addAfter("forever", Duration.ofSeconds(Long.MAX_VALUE));
        queue.addAfter("soon", Duration.ofMillis(1));
        step(Duration.ofDays(365));
        assertEquals(1, queue.len());
        assertEquals(1, queue.waitingLen());
    }

    @Test
    void addAfterShutdownIsIgnoredAndTheWaitingThreadEnds() throws Exception {
        queue.addAfter("foo", Duration.ofSeconds(1));
        assertEquals(1, threads.threads().size(), "one waiting thread from the injected factory");
        queue.shutDown();
        Await.terminated(threads.threads().get(0));
        queue.addAfter("bar", Duration.ZERO);
        queue.addAfter("baz", Duration.ofSeconds(1));
        assertEquals(0, queue.len());
        assertEquals(0, queue.waitingLen(), "waiting items are dropped on shutdown");
        assertEquals(Optional.empty(), queue.get());
    }

    @Test
    void shutDownWithDrainAlsoStopsTheWaitingThread() throws Exception {
        queue.addAfter("foo", Duration.ofSeconds(1));
        queue.shutDownWithDrain();
        Await.terminated(threads.threads().get(0));
        assertTrue(queue.shuttingDown());
    }

    @Test
    void nullArgumentsAreRejected() {
        assertThrows(NullPointerException.class, () -> queue.addAfter(null, Duration.ZERO));
        assertThrows(NullPointerException.class, () -> queue.addAfter("foo", null));
    }
}
