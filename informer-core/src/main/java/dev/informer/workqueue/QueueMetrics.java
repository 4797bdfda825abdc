package dev.informer.workqueue;

import dev.informer.clock.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-queue metrics bookkeeping (client-go's {@code defaultQueueMetrics}): add/get/done times on
 * the queue's clock, turned into latency, work duration and unfinished-work observations.
 *
 * <p>Not thread-safe on its own: every method is called with the owning queue's lock held, which
 * guards the two maps.
 */
final class QueueMetrics<T> {

    private static final double NANOS_PER_SECOND = 1e9;

    private final Clock clock;
    private final GaugeMetric depth;
    private final CounterMetric adds;
    private final HistogramMetric latency;
    private final HistogramMetric workDuration;
    private final SettableGaugeMetric unfinishedWorkSeconds;
    private final SettableGaugeMetric longestRunningProcessor;
    // @GuardedBy("queue lock")
    private final Map<T, Long> addTimes = new HashMap<>();
    // @GuardedBy("queue lock")
    private final Map<T, Long> processingStartTimes = new HashMap<>();

    QueueMetrics(String name, Clock clock, MetricsProvider provider) {
        this.clock = clock;
        this.depth = provider.newDepthMetric(name);
        this.adds = provider.newAddsMetric(name);
        this.latency = provider.newLatencyMetric(name);
        this.workDuration = provider.newWorkDurationMetric(name);
        this.unfinishedWorkSeconds = provider.newUnfinishedWorkSecondsMetric(name);
        this.longestRunningProcessor = provider.newLongestRunningProcessorSecondsMetric(name);
    }

    void addedLocked(T item) {
        adds.inc();
        depth.inc();
        addTimes.putIfAbsent(item, clock.nanoTime());
    }

    void gotLocked(T item) {
        depth.dec();
        long now = clock.nanoTime();
        processingStartTimes.put(item, now);
        Long addedAt = addTimes.remove(item);
        if (addedAt != null) {
            latency.observe(seconds(now - addedAt));
        }
    }

    void doneLocked(T item) {
        Long startedAt = processingStartTimes.remove(item);
        if (startedAt != null) {
            workDuration.observe(seconds(clock.nanoTime() - startedAt));
        }
    }

    void updateUnfinishedWorkLocked() {
        long now = clock.nanoTime();
        double total = 0;
        double oldest = 0;
        for (long startedAt : processingStartTimes.values()) {
            double age = seconds(now - startedAt);
            total += age;
            oldest = Math.max(oldest, age);
        }
        unfinishedWorkSeconds.set(total);
        longestRunningProcessor.set(oldest);
    }

    private static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }
}
