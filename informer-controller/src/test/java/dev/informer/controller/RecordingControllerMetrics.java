package dev.informer.controller;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Keeps every controller metric as a number, keyed "metric{controller,result}". */
final class RecordingControllerMetrics implements ControllerMetrics {

    final Map<String, AtomicLong> values = new ConcurrentHashMap<>();

    long get(String key) {
        AtomicLong v = values.get(key);
        return v == null ? 0 : v.get();
    }

    long total(String controller, ReconcileOutcome outcome) {
        return get("reconcile_total{" + controller + "," + outcome.label() + "}");
    }

    private AtomicLong value(String key) {
        return values.computeIfAbsent(key, k -> new AtomicLong());
    }

    @Override
    public CounterMetric newReconcileTotalMetric(String controller, ReconcileOutcome outcome) {
        AtomicLong v = value("reconcile_total{" + controller + "," + outcome.label() + "}");
        return v::incrementAndGet;
    }

    @Override
    public CounterMetric newReconcileErrorsMetric(String controller) {
        AtomicLong v = value("reconcile_errors_total{" + controller + "}");
        return v::incrementAndGet;
    }

    @Override
    public HistogramMetric newReconcileTimeMetric(String controller) {
        AtomicLong v = value("reconcile_time_seconds_count{" + controller + "}");
        return seconds -> v.incrementAndGet();
    }

    @Override
    public GaugeMetric newActiveWorkersMetric(String controller) {
        AtomicLong v = value("active_workers{" + controller + "}");
        return new GaugeMetric() {
            @Override
            public void inc() {
                v.incrementAndGet();
            }

            @Override
            public void dec() {
                v.decrementAndGet();
            }
        };
    }

    @Override
    public SettableGaugeMetric newMaxConcurrentReconcilesMetric(String controller) {
        AtomicLong v = value("max_concurrent_reconciles{" + controller + "}");
        return value -> v.set((long) value);
    }
}
