package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.TAG_NAME;

import dev.informer.cache.ReflectorMetricsProvider;
import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.core.instrument.Tags;

/** client-go's reflector metrics on Micrometer, tagged with the reflector's name. Thread-safe. */
final class ReflectorMeters implements ReflectorMetricsProvider {

    private final Meters meters;

    ReflectorMeters(Meters meters) {
        this.meters = meters;
    }

    private CounterMetric counter(String meter, String name) {
        return meters.counter(meter, Tags.of(TAG_NAME, name));
    }

    private HistogramMetric summary(String meter, String name) {
        return meters.summary(meter, Tags.of(TAG_NAME, name));
    }

    @Override
    public CounterMetric newListsMetric(String name) {
        return counter(MetricNames.REFLECTOR_LISTS, name);
    }

    @Override
    public HistogramMetric newListDurationMetric(String name) {
        return meters.timer(MetricNames.REFLECTOR_LIST_DURATION, Tags.of(TAG_NAME, name));
    }

    @Override
    public HistogramMetric newItemsInListMetric(String name) {
        return summary(MetricNames.REFLECTOR_ITEMS_PER_LIST, name);
    }

    @Override
    public CounterMetric newWatchesMetric(String name) {
        return counter(MetricNames.REFLECTOR_WATCHES, name);
    }

    @Override
    public CounterMetric newShortWatchesMetric(String name) {
        return counter(MetricNames.REFLECTOR_SHORT_WATCHES, name);
    }

    @Override
    public HistogramMetric newWatchDurationMetric(String name) {
        return meters.timer(MetricNames.REFLECTOR_WATCH_DURATION, Tags.of(TAG_NAME, name));
    }

    @Override
    public HistogramMetric newItemsInWatchMetric(String name) {
        return summary(MetricNames.REFLECTOR_ITEMS_PER_WATCH, name);
    }

    @Override
    public SettableGaugeMetric newLastResourceVersionMetric(String name) {
        return meters.gauge(MetricNames.REFLECTOR_LAST_RESOURCE_VERSION, null, Tags.of(TAG_NAME, name));
    }
}
