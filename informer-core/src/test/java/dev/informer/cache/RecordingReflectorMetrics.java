package dev.informer.cache;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/** An in-memory {@link ReflectorMetricsProvider}: counters, observations and gauges by "metric/reflector". */
final class RecordingReflectorMetrics implements ReflectorMetricsProvider {

    final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
    final Map<String, List<Double>> observations = new ConcurrentHashMap<>();
    final Map<String, Double> gauges = new ConcurrentHashMap<>();

    long count(String metric, String reflector) {
        AtomicLong counter = counters.get(metric + "/" + reflector);
        return counter == null ? 0 : counter.get();
    }

    List<Double> observed(String metric, String reflector) {
        return List.copyOf(observations.getOrDefault(metric + "/" + reflector, List.of()));
    }

    Double gauge(String metric, String reflector) {
        return gauges.get(metric + "/" + reflector);
    }

    private CounterMetric counter(String key) {
        AtomicLong counter = counters.computeIfAbsent(key, k -> new AtomicLong());
        return counter::incrementAndGet;
    }

    private HistogramMetric histogram(String key) {
        List<Double> values = observations.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
        return values::add;
    }

    @Override
    public CounterMetric newListsMetric(String name) {
        return counter("lists/" + name);
    }

    @Override
    public HistogramMetric newListDurationMetric(String name) {
        return histogram("list_duration/" + name);
    }

    @Override
    public HistogramMetric newItemsInListMetric(String name) {
        return histogram("items_per_list/" + name);
    }

    @Override
    public CounterMetric newWatchesMetric(String name) {
        return counter("watches/" + name);
    }

    @Override
    public CounterMetric newShortWatchesMetric(String name) {
        return counter("short_watches/" + name);
    }

    @Override
    public HistogramMetric newWatchDurationMetric(String name) {
        return histogram("watch_duration/" + name);
    }

    @Override
    public HistogramMetric newItemsInWatchMetric(String name) {
        return histogram("items_per_watch/" + name);
    }

    @Override
    public SettableGaugeMetric newLastResourceVersionMetric(String name) {
        return value -> gauges.put("last_resource_version/" + name, value);
    }
}
