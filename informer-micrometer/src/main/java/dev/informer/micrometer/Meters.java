package dev.informer.micrometer;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.HistogramMetric;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How the providers register their counters, timers and summaries and hand them to the core as its
 * metric types (the settable gauges are {@link Gauges}). Registering a series again returns the one
 * registered first. Thread-safe (stateless).
 */
final class Meters {

    private Meters() {}

    /** A counter of {@code name} and {@code tags}. */
    static CounterMetric counter(MeterRegistry registry, String name, Tags tags) {
        return Counter.builder(name).tags(tags).register(registry)::increment;
    }

    /** A timer fed in seconds, with histogram buckets when {@code buckets} is not empty. */
    static HistogramMetric timer(MeterRegistry registry, String name, Tags tags, Duration... buckets) {
        Timer.Builder builder = Timer.builder(name).tags(tags);
        if (buckets.length > 0) {
            builder.serviceLevelObjectives(buckets);
        }
        Timer timer = builder.register(registry);
        return seconds -> timer.record(Math.round(seconds * 1e9), TimeUnit.NANOSECONDS);
    }

    /** A distribution summary of plain values (not durations). */
    static HistogramMetric summary(MeterRegistry registry, String name, Tags tags) {
        return DistributionSummary.builder(name).tags(tags).register(registry)::record;
    }

    /** Histogram buckets given in seconds. */
    static Duration[] buckets(double... seconds) {
        Duration[] result = new Duration[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            result[i] = Duration.ofNanos(Math.round(seconds[i] * 1e9));
        }
        return result;
    }
}
