package dev.informer.workqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** client-go's metrics_test.go behaviours: every hook, timed on a fake clock. */
class MetricsTest {

    private static final double EPSILON = 1e-12;

    /** One recording instrument that can play every metric role. Thread-safe. */
    static final class RecordingMetric implements GaugeMetric, SettableGaugeMetric, CounterMetric, HistogramMetric {
        private long inc;
        private long dec;
        private double set;
        private int setCount;
        private double observedValue;
        private int observedCount;

        @Override
        public synchronized void inc() {
            inc++;
        }

        @Override
        public synchronized void dec() {
            dec++;
        }

        @Override
        public synchronized void set(double value) {
            set = value;
            setCount++;
        }

        @Override
        public synchronized void observe(double seconds) {
            observedValue = seconds;
            observedCount++;
        }

        synchronized double gaugeValue() {
            return setCount > 0 ? set : inc - dec;
        }

        synchronized int setCount() {
            return setCount;
        }

        synchronized double observedValue() {
            return observedValue;
        }

        synchronized int observedCount() {
            return observedCount;
        }
    }

    /** Hands out one recording metric per role and remembers the queue name it was asked for. */
    static final class RecordingProvider implements MetricsProvider {
        final RecordingMetric depth = new RecordingMetric();
        final RecordingMetric adds = new RecordingMetric();
        final RecordingMetric latency = new RecordingMetric();
        final RecordingMetric duration = new RecordingMetric();
        final RecordingMetric unfinished = new RecordingMetric();
        final RecordingMetric longest = new RecordingMetric();
        final RecordingMetric retries = new RecordingMetric();
        volatile String name;

        @Override
        public GaugeMetric newDepthMetric(String name) {
            this.name = name;
            return depth;
        }

        @Override
        public CounterMetric newAddsMetric(String name) {
            return adds;
        }

        @Override
        public HistogramMetric newLatencyMetric(String name) {
            return latency;
        }

        @Override
        public HistogramMetric newWorkDurationMetric(String name) {
            return duration;
        }

        @Override
        public SettableGaugeMetric newUnfinishedWorkSecondsMetric(String name) {
            return unfinished;
        }

        @Override
        public SettableGaugeMetric newLongestRunningProcessorSecondsMetric(String name) {
            return longest;
        }

        @Override
        public CounterMetric newRetriesMetric(String name) {
            return retries;
        }
    }

    private final FakeClock clock = new FakeClock(Instant.EPOCH);
    private final RecordingProvider provider = new RecordingProvider();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-workqueue-");

    private WorkQueue.Builder<String> builder() {
        return WorkQueue.<String>builder()
                .name("test")
                .clock(clock)
                .threadFactory(threads)
                .metricsProvider(provider)
                .unfinishedWorkUpdatePeriod(Duration.ofMillis(1));
    }

    @Test
    void queueReportsAddsDepthLatencyWorkDurationAndUnfinishedWork() throws Exception {
        WorkQueue<String> queue = builder().build();
        try {
            assertTrue(clock.awaitWaiters(1, Await.TIMEOUT), "the unfinished-work thread waits on the clock");
            assertEquals("test", provider.name);

            queue.add("foo");
            assertEquals(1.0, provider.adds.gaugeValue());
            assertEquals(1.0, provider.depth.gaugeValue());

            clock.step(Duration.ofNanos(50_000));
            String item = queue.get().orElseThrow();
            assertEquals(5e-05, provider.latency.observedValue(), EPSILON);
            assertEquals(1, provider.latency.observedCount());

            // Added back while processing; repeated adds are deduplicated.
            for (int i = 0; i < 5; i++) {
                queue.add(item);
            }
            assertEquals(2.0, provider.adds.gaugeValue());
            assertEquals(1.0, provider.depth.gaugeValue());

            clock.step(Duration.ofNanos(25_000));
            queue.done(item);
            assertEquals(2.5e-05, provider.duration.observedValue(), EPSILON);
            assertEquals(1, provider.duration.observedCount());
            assertEquals(1.0, provider.depth.gaugeValue(), "the dirty item is queued again");

            item = queue.get().orElseThrow();
            assertEquals(2.5e-05, provider.latency.observedValue(), EPSILON);
            assertEquals(2, provider.latency.observedCount());

            clock.step(Duration.ofMillis(1));
            Await.until(
                    "the unfinished-work gauges were updated",
                    () -> Math.abs(provider.unfinished.gaugeValue() - 0.001) < EPSILON);
            assertEquals(0.001, provider.longest.gaugeValue(), EPSILON);

            queue.done(item);
            assertEquals(0.001, provider.duration.observedValue(), EPSILON);
            assertEquals(2, provider.duration.observedCount());
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void unfinishedWorkIsNotUpdatedAfterShutdown() throws Exception {
        WorkQueue<String> queue = builder().build();
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        clock.step(Duration.ofMillis(1));
        Await.until("a first update", () -> provider.unfinished.setCount() >= 1);

        queue.shutDown();
        Await.terminated(threads.threads().get(0));
        int updates = provider.unfinished.setCount();
        clock.step(Duration.ofHours(1));
        assertEquals(updates, provider.unfinished.setCount(), "updated after shutdown");
    }

    @Test
    void delayedAddsCountAsRetries() throws Exception {
        DelayingQueue<String> queue = builder().buildDelaying();
        try {
            queue.addAfter("a", Duration.ZERO);
            queue.addAfter("b", Duration.ofSeconds(1));
            queue.add("c");
            assertEquals(2.0, provider.retries.gaugeValue());
        } finally {
            queue.shutDown();
        }
        queue.addAfter("d", Duration.ofSeconds(1));
        assertEquals(2.0, provider.retries.gaugeValue(), "a retry after shutdown is ignored, not counted");
    }

    @Test
    void rateLimitedAddsCountAsRetriesAndGoThroughTheSameDepthAndAdds() throws Exception {
        RateLimitingQueue<String> queue = builder()
                .rateLimiter(RateLimiters.itemExponentialFailure(Duration.ofSeconds(1), Duration.ofMinutes(1)))
                .buildRateLimiting();
        try {
            queue.addRateLimited("a"); // client-go counts every AddAfter, the first failure included
            queue.addRateLimited("a");
            assertEquals(2.0, provider.retries.gaugeValue());
            assertEquals(0.0, provider.adds.gaugeValue(), "still waiting: not added yet");
            clock.step(Duration.ofSeconds(1));
            Await.until("the first delay is due", () -> provider.adds.gaugeValue() == 1.0);
            assertEquals(1.0, provider.depth.gaugeValue());
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void latencyCountsFromTheFirstAddWhileTheItemWasProcessing() throws Exception {
        WorkQueue<String> queue = builder().build();
        try {
            queue.add("x");
            String item = queue.get().orElseThrow();
            queue.add(item); // dirty while processing: counted, timed from here
            clock.step(Duration.ofSeconds(2));
            queue.add(item); // deduplicated: neither counted nor re-timed
            assertEquals(2.0, provider.adds.gaugeValue());
            queue.done(item);
            clock.step(Duration.ofSeconds(1));
            queue.get().orElseThrow();
            assertEquals(3.0, provider.latency.observedValue(), EPSILON);
            assertEquals(0.0, provider.depth.gaugeValue());
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void queueWithoutMetricsStartsNoThread() {
        WorkQueue<String> queue =
                WorkQueue.<String>builder().name("quiet").threadFactory(threads).build();
        queue.add("foo");
        assertEquals(0, threads.threads().size());
        queue.shutDown();
    }

    @Test
    void metricsWithoutANameFailFast() {
        WorkQueue.Builder<String> unnamed = WorkQueue.<String>builder().metricsProvider(provider);
        IllegalStateException e = assertThrows(IllegalStateException.class, unnamed::build);
        assertTrue(e.getMessage().contains("name"), e.getMessage());
    }

    @Test
    void builderRejectsBadSettings() {
        WorkQueue.Builder<String> builder = WorkQueue.builder();
        assertThrows(IllegalArgumentException.class, () -> builder.unfinishedWorkUpdatePeriod(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> builder.clock(null));
        assertThrows(NullPointerException.class, () -> builder.threadFactory(null));
        assertThrows(NullPointerException.class, () -> builder.name(null));
    }

    @Test
    void threadFactoryReturningNullFailsFast() {
        WorkQueue.Builder<String> builder = WorkQueue.<String>builder().threadFactory(runnable -> null);
        assertThrows(IllegalStateException.class, builder::buildDelaying);
    }
}
