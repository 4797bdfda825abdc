package dev.informer.cache;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;

/**
 * Creates the metrics of a named {@link Reflector} (client-go's reflector {@code MetricsProvider}):
 * adapt it to Micrometer, Prometheus or OpenTelemetry by returning instruments labelled with the
 * reflector's name. Every method defaults to a metric that records nothing, so an adapter implements
 * only what it exports. The metric interfaces are the work queue's ({@link CounterMetric},
 * {@link HistogramMetric}, {@link SettableGaugeMetric}); the core has no metrics dependency.
 *
 * <p>Each method is called once per reflector, when it is built, with the reflector's
 * {@linkplain Reflector#name() name}. The returned metrics are called from the reflector's loop
 * thread: they must be fast, non-blocking and thread-safe. Durations are measured on the reflector's
 * {@link dev.informer.clock.Clock} and reported in seconds.
 *
 * <p>What counts: a list is one per list phase (all its pages together), and a streaming list counts
 * as a list too (its initial events are the items, the time to the {@code k8s.io/initial-events-end}
 * bookmark its duration). A watch is one per watch the reflector consumes, including the watch that
 * continues a streaming list (counted from its end bookmark); it is observed when it ends.
 */
public interface ReflectorMetricsProvider {

    /** Total number of lists (client-go's {@code NewListsMetric}). */
    default CounterMetric newListsMetric(String name) {
        return () -> {};
    }

    /** How long each list took, in seconds. */
    default HistogramMetric newListDurationMetric(String name) {
        return value -> {};
    }

    /** How many items each list returned (an item count, not seconds). */
    default HistogramMetric newItemsInListMetric(String name) {
        return value -> {};
    }

    /** Total number of watches. */
    default CounterMetric newWatchesMetric(String name) {
        return () -> {};
    }

    /** Total number of very short watches: ended within a second without an event. */
    default CounterMetric newShortWatchesMetric(String name) {
        return () -> {};
    }

    /** How long each watch lasted, in seconds, observed when it ends. */
    default HistogramMetric newWatchDurationMetric(String name) {
        return value -> {};
    }

    /** How many events each watch delivered (bookmarks included), observed when it ends. */
    default HistogramMetric newItemsInWatchMetric(String name) {
        return value -> {};
    }

    /**
     * The last resource version seen (list, event or bookmark), when it is a decimal number; opaque
     * versions are not reported.
     */
    default SettableGaugeMetric newLastResourceVersionMetric(String name) {
        return value -> {};
    }

    /** The provider that records nothing (the default). */
    static ReflectorMetricsProvider noop() {
        return NoopReflectorMetrics.INSTANCE;
    }
}
