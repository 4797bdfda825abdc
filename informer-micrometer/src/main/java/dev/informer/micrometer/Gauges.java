package dev.informer.micrometer;

import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Gauges backed by a settable value, one value per name and tags, so that two providers' calls for the
 * same series share it (Micrometer keeps the first gauge registered for an id). Thread-safe.
 */
final class Gauges {

    /**
     * A double settable from any thread (stored as its bits), handed out as the core's settable gauge
     * and as its up-down gauge.
     */
    static final class Value implements SettableGaugeMetric, GaugeMetric {
        private final AtomicLong bits = new AtomicLong(Double.doubleToRawLongBits(0));

        @Override
        public void set(double value) {
            bits.set(Double.doubleToRawLongBits(value));
        }

        @Override
        public void inc() {
            add(1);
        }

        @Override
        public void dec() {
            add(-1);
        }

        void add(double delta) {
            bits.accumulateAndGet(
                    Double.doubleToRawLongBits(delta),
                    (a, b) -> Double.doubleToRawLongBits(Double.longBitsToDouble(a) + Double.longBitsToDouble(b)));
        }

        double get() {
            return Double.longBitsToDouble(bits.get());
        }
    }

    private final MeterRegistry registry;
    private final Map<String, Value> values = new ConcurrentHashMap<>();

    Gauges(MeterRegistry registry) {
        this.registry = registry;
    }

    Value gauge(String name, @Nullable String baseUnit, Tags tags) {
        return values.computeIfAbsent(name + tags, k -> {
            Value value = new Value();
            Gauge.builder(name, value, Value::get)
                    .tags(tags)
                    .baseUnit(baseUnit)
                    .strongReference(true)
                    .register(registry);
            return value;
        });
    }

    void remove(String name, Tags tags) {
        values.remove(name + tags);
        Gauge gauge = registry.find(name).tags(tags).gauge();
        if (gauge != null) {
            registry.remove(gauge);
        }
    }
}
