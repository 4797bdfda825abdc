package dev.informer.cache;

import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;

/**
 * Creates an informer's metrics (client-go 1.36's {@code InformerMetricsProvider}); adapt it to
 * Micrometer, Prometheus or OpenTelemetry by returning instruments labelled with the informer's name
 * and resource. The core has no metrics dependency; every method defaults to recording nothing, so an
 * adapter implements only what it exports. Set it with {@link SharedIndexInformer.Builder#metricsProvider}
 * or the client's {@code SharedInformerFactory.Builder.informerMetricsProvider}; the default is {@link #noop()}.
 *
 * <p><b>Name and resource are unique per provider</b> (as client-go's {@code InformerNameAndResource}).
 * While an informer with a given name and resource runs with a provider, another one with the same
 * name and resource started with the same provider gets no metrics (one WARN says so), so two
 * informers never write into one series. The pair is free again once the first informer has stopped
 * ({@link #unregister} is called then).
 *
 * <p>The methods of one informer are called once each, when it starts ({@code unregister} when it
 * stops). The returned metrics are called from the informer's processing thread after every popped
 * object: they must be fast, non-blocking and thread-safe. Times are on the informer's clock, in
 * seconds. Suggested Prometheus names: {@code informer_queued_items}, {@code
 * informer_processing_latency_seconds}, {@code informer_store_resource_version}, with labels
 * {@code name} and {@code resource}.
 */
public interface InformerMetricsProvider {

    /**
     * The number of objects waiting in the informer's queue, set after every popped object has been
     * processed (so while one object is processed, it shows the count when it was popped) and to 0
     * when the informer stops.
     *
     * @param informerName the informer's unique name
     * @param resource     its resource ({@code "v1/pods"}), or {@code ""} for an informer over a bare ListerWatcher
     */
    default SettableGaugeMetric newQueuedItemsMetric(String informerName, String resource) {
        return value -> {};
    }

    /** How long processing one popped object took (store update and hand-off to handlers), in seconds. */
    default HistogramMetric newProcessingLatencyMetric(String informerName, String resource) {
        return seconds -> {};
    }

    /**
     * The resource version of the last object applied to the store, when it is numeric (the API
     * server's always are; others are not recorded).
     */
    default SettableGaugeMetric newStoreResourceVersionMetric(String informerName, String resource) {
        return value -> {};
    }

    /** The informer stopped: its metrics may be dropped and its name is free again. */
    default void unregister(String informerName, String resource) {}

    /** The provider that records nothing (the default). */
    static InformerMetricsProvider noop() {
        return NoopInformerMetricsProvider.INSTANCE;
    }
}
