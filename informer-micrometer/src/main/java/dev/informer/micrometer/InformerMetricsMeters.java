package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.TAG_NAME;
import static dev.informer.micrometer.MetricNames.TAG_RESOURCE;

import dev.informer.cache.InformerMetricsProvider;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

/** client-go 1.36's informer metrics on Micrometer, tagged name and resource. Thread-safe. */
final class InformerMetricsMeters implements InformerMetricsProvider {

    private final Meters meters;

    InformerMetricsMeters(Meters meters) {
        this.meters = meters;
    }

    private static Tags tags(String informerName, String resource) {
        return Tags.of(TAG_NAME, informerName, TAG_RESOURCE, resource);
    }

    @Override
    public SettableGaugeMetric newQueuedItemsMetric(String informerName, String resource) {
        return meters.gauge(MetricNames.INFORMER_QUEUED_ITEMS, null, tags(informerName, resource));
    }

    @Override
    public HistogramMetric newProcessingLatencyMetric(String informerName, String resource) {
        return meters.timer(
                MetricNames.INFORMER_PROCESSING_LATENCY,
                tags(informerName, resource),
                WorkQueueMeters.DURATION_BUCKETS);
    }

    @Override
    public SettableGaugeMetric newStoreResourceVersionMetric(String informerName, String resource) {
        return meters.gauge(MetricNames.INFORMER_STORE_RESOURCE_VERSION, null, tags(informerName, resource));
    }

    @Override
    public void unregister(String informerName, String resource) {
        Tags tags = tags(informerName, resource);
        meters.removeGauge(MetricNames.INFORMER_QUEUED_ITEMS, tags);
        meters.removeGauge(MetricNames.INFORMER_STORE_RESOURCE_VERSION, tags);
        Timer timer = meters.registry()
                .find(MetricNames.INFORMER_PROCESSING_LATENCY)
                .tags(tags)
                .timer();
        if (timer != null) {
            meters.registry().remove(timer);
        }
    }
}
