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
import org.jspecify.annotations.Nullable;

/**
 * How the providers register their meters on one registry and hand them to the core as its metric
 * types: counters, timers and summaries here, the settable gauges through the shared {@link Gauges}.
 * Every provider of one {@link InformerMeters} gets the same instance. Registering a series again
 * returns the one registered first. Thread-safe.
 */
final class Meters {

    private final MeterRegistry registry;
    private final Gauges gauges;

    Meters(MeterRegistry registry) {
        this.registry = registry;
        this.gauges = new Gauges(registry);
    }

    /** The registry the meters are registered on. */
    MeterRegistry registry() {
        return registry;
    }

    /** A counter of {@code name} and {@code tags}. */
    CounterMetric counter(String name, Tags tags) {
        return Counter.builder(name).tags(tags).register(registry)::increment;
    }

    /** A timer fed in seconds, with histogram buckets when {@code buckets} is not empty. */
    HistogramMetric timer(String name, Tags tags, Duration... buckets) {
        Timer.Builder builder = Timer.builder(name).tags(tags);
        if (buckets.length > 0) {
            builder.serviceLevelObjectives(buckets);
        }
        Timer timer = builder.register(registry);
        return seconds -> timer.record(Math.round(seconds * 1e9), TimeUnit.NANOSECONDS);
    }

    /** A distribution summary of plain values (not durations). */
    HistogramMetric summary(String name, Tags tags) {
        return DistributionSummary.builder(name).tags(tags).register(registry)::record;
    }

    /** The settable gauge of {@code name} and {@code tags}, shared by every caller asking for that series. */
    Gauges.Value gauge(String name, @Nullable String baseUnit, Tags tags) {
        return gauges.gauge(name, baseUnit, tags);
    }

    /** Removes the gauge of {@code name} and {@code tags}, if any. */
    void removeGauge(String name, Tags tags) {
        gauges.remove(name, tags);
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
