package dev.informer.workqueue;

/**
 * Creates the metrics of a named queue (client-go's {@code workqueue.MetricsProvider}): adapt it to
 * Micrometer, Prometheus or OpenTelemetry by returning instruments labelled with the queue name.
 * Every method defaults to a metric that records nothing, so an adapter implements only what it
 * exports.
 *
 * <p>Each method is called once per queue, when the queue is built, and only for queues that have
 * a non-empty name. The returned metrics are called from the queue's producer and worker threads,
 * with the queue's lock held: they must be fast, non-blocking and thread-safe. Times are measured
 * on the queue's {@link dev.informer.clock.Clock} and reported in seconds.
 *
 * <p>The seven metrics and their semantics are client-go's; its Prometheus adapter
 * (component-base's {@code workqueue} metrics, label {@code name}) calls them {@code workqueue_depth},
 * {@code workqueue_adds_total}, {@code workqueue_queue_duration_seconds}, {@code
 * workqueue_work_duration_seconds}, {@code workqueue_unfinished_work_seconds}, {@code
 * workqueue_longest_running_processor_seconds} and {@code workqueue_retries_total}: use those names
 * so client-go dashboards work unchanged.
 */
public interface MetricsProvider {

    /** Current number of items waiting to be handed out. */
    default GaugeMetric newDepthMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** Total number of adds that were not deduplicated. */
    default CounterMetric newAddsMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** How long an item waited in the queue before a worker got it, in seconds. */
    default HistogramMetric newLatencyMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** How long a worker processed an item (from get to done), in seconds. */
    default HistogramMetric newWorkDurationMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /**
     * Sum of the ages of the items being processed, in seconds; updated periodically (the builder's
     * {@code unfinishedWorkUpdatePeriod}). Large values point at stuck workers.
     */
    default SettableGaugeMetric newUnfinishedWorkSecondsMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** Age of the longest-processing item, in seconds; updated with the unfinished work. */
    default SettableGaugeMetric newLongestRunningProcessorSecondsMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** Total number of delayed adds ({@code addAfter}, {@code addRateLimited}). */
    default CounterMetric newRetriesMetric(String name) {
        return NoopMetric.INSTANCE;
    }

    /** The provider that records nothing (the default): queues built with it run no metrics thread. */
    static MetricsProvider noop() {
        return NoopMetricsProvider.INSTANCE;
    }
}
