package dev.informer.workqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** client-go's rate_limiting_queue_test.go behaviours. */
class RateLimitingQueueTest {

    /** A delaying queue that only records the delays it was asked for. Single-threaded use. */
    private static final class RecordingDelayingQueue implements DelayingQueue<String> {
        final List<Duration> delays = new ArrayList<>();

        @Override
        public void addAfter(String item, Duration delay) {
            delays.add(delay);
        }

        @Override
        public void add(String item) {}

        @Override
        public int len() {
            return 0;
        }

        @Override
        public Optional<String> get() {
            return Optional.empty();
        }

        @Override
        public void done(String item) {}

        @Override
        public void shutDown() {}

        @Override
        public void shutDownWithDrain() {}

        @Override
        public boolean shuttingDown() {
            return false;
        }
    }

    @Test
    void addRateLimitedDelaysEachItemByItsOwnBackoffUntilForgotten() {
        RecordingDelayingQueue delaying = new RecordingDelayingQueue();
        RateLimitingQueue<String> queue = new DefaultRateLimitingQueue<>(
                delaying, RateLimiters.itemExponentialFailure(Duration.ofMillis(1), Duration.ofSeconds(1)));

        queue.addRateLimited("one");
        queue.addRateLimited("one");
        assertEquals(2, queue.numRequeues("one"));
        queue.addRateLimited("two");
        queue.addRateLimited("two");
        queue.forget("one");
        assertEquals(0, queue.numRequeues("one"));
        queue.addRateLimited("one");

        assertEquals(
                List.of(
                        Duration.ofMillis(1),
                        Duration.ofMillis(2),
                        Duration.ofMillis(1),
                        Duration.ofMillis(2),
                        Duration.ofMillis(1)),
                delaying.delays);
    }

    @Test
    void rateLimitedItemBecomesAvailableWhenItsDelayPassesOnTheClock() throws Exception {
        FakeClock clock = new FakeClock();
        RateLimitingQueue<String> queue = WorkQueue.<String>builder()
                .clock(clock)
                .rateLimiter(RateLimiters.itemExponentialFailure(Duration.ofMillis(10), Duration.ofSeconds(1)))
                .buildRateLimiting();
        try {
            queue.add("key");
            String key = queue.get().orElseThrow();
            queue.addRateLimited(key); // failed: retry later
            queue.done(key);
            assertEquals(0, queue.len());

            clock.step(Duration.ofMillis(10));
            Await.until("the retried key is queued", () -> queue.len() == 1);
            assertEquals(Optional.of("key"), queue.get());
            assertEquals(1, queue.numRequeues("key"));
            queue.forget("key"); // succeeded
            queue.done("key");
            assertEquals(0, queue.numRequeues("key"));
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void builderDefaultsToTheControllerRateLimiterOnItsClock() throws Exception {
        FakeClock clock = new FakeClock();
        RateLimitingQueue<String> queue =
                WorkQueue.<String>builder().clock(clock).buildRateLimiting();
        try {
            queue.addRateLimited("key"); // 5 ms on the per-item exponential backoff
            clock.step(Duration.ofMillis(4));
            assertEquals(0, queue.len());
            clock.step(Duration.ofMillis(1));
            Await.until("the key is queued after 5 ms", () -> queue.len() == 1);
            assertEquals(1, queue.numRequeues("key"));
        } finally {
            queue.shutDown();
        }
    }
}
