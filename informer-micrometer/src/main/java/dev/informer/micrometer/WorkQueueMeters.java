package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.SECONDS;
import static dev.informer.micrometer.MetricNames.TAG_NAME;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.MetricsProvider;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;

/** client-go's workqueue metrics on Micrometer. Thread-safe. */
final class WorkQueueMeters implements MetricsProvider {

    /** client-go's buckets for queue and work duration: 10 ns to 10 s, times 10. */
    static final Duration[] DURATION_BUCKETS = {
        Duration.ofNanos(10),
        Duration.ofNanos(100),
        Duration.ofNanos(1_000),
        Duration.ofNanos(10_000),
        Duration.ofNanos(100_000),
        Duration.ofMillis(1),
        Duration.ofMillis(10),
        Duration.ofMillis(100),
        Duration.ofSeconds(1),
        Duration.ofSeconds(10)
    };

    private final Meters meters;

    WorkQueueMeters(Meters meters) {
        this.meters = meters;
    }

    private static Tags tags(String name) {
        return Tags.of(TAG_NAME, name);
    }

    @Override
    public GaugeMetric newDepthMetric(String name) {
        return meters.gauge(MetricNames.WORKQUEUE_DEPTH, null, tags(name));
    }

    @Override
    public CounterMetric newAddsMetric(String name) {
        return meters.counter(MetricNames.WORKQUEUE_ADDS, tags(name));
    }

    @Override
    public HistogramMetric newLatencyMetric(String name) {
        return meters.timer(MetricNames.WORKQUEUE_QUEUE_DURATION, tags(name), DURATION_BUCKETS);
    }

    @Override
    public HistogramMetric newWorkDurationMetric(String name) {
        return meters.timer(MetricNames.WORKQUEUE_WORK_DURATION, tags(name), DURATION_BUCKETS);
    }

    @Override
    public SettableGaugeMetric newUnfinishedWorkSecondsMetric(String name) {
        return meters.gauge(MetricNames.WORKQUEUE_UNFINISHED_WORK, SECONDS, tags(name));
    }

    @Override
    public SettableGaugeMetric newLongestRunningProcessorSecondsMetric(String name) {
        return meters.gauge(MetricNames.WORKQUEUE_LONGEST_RUNNING_PROCESSOR, SECONDS, tags(name));
    }

    @Override
    public CounterMetric newRetriesMetric(String name) {
        return meters.counter(MetricNames.WORKQUEUE_RETRIES, tags(name));
    }
}
