package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.TAG_CONTROLLER;
import static dev.informer.micrometer.MetricNames.TAG_RESULT;

import dev.informer.controller.ControllerMetrics;
import dev.informer.controller.ReconcileOutcome;
import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;

/**
 * controller-runtime's reconcile metrics on Micrometer, as the {@link ControllerMetrics} the
 * controller runtime's {@code Manager.Builder.controllerMetrics} takes: {@code
 * controller_runtime_reconcile_total{controller,result}}, {@code
 * controller_runtime_reconcile_errors_total}, {@code controller_runtime_reconcile_time_seconds} (with
 * controller-runtime's buckets), {@code controller_runtime_active_workers} and {@code
 * controller_runtime_max_concurrent_reconciles}, all tagged {@code controller}. The series are
 * created when the runtime asks for them (when a controller is built), so dashboards see them at
 * zero, as controller-runtime does. Made by {@link InformerMeters#controllers()}. Thread-safe; every
 * metric it returns is fast and non-blocking.
 */
public final class ControllerRuntimeMeters implements ControllerMetrics {

    /** controller-runtime's reconcile time buckets, in seconds (5 ms to 60 s). */
    private static final Duration[] RECONCILE_TIME_BUCKETS = Meters.buckets(
            0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25,
            1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60);

    private final Meters meters;

    ControllerRuntimeMeters(Meters meters) {
        this.meters = meters;
    }

    @Override
    public CounterMetric newReconcileTotalMetric(String controller, ReconcileOutcome outcome) {
        return meters.counter(
                MetricNames.RECONCILE_TOTAL, Tags.of(TAG_CONTROLLER, controller, TAG_RESULT, outcome.label()));
    }

    @Override
    public CounterMetric newReconcileErrorsMetric(String controller) {
        return meters.counter(MetricNames.RECONCILE_ERRORS, Tags.of(TAG_CONTROLLER, controller));
    }

    @Override
    public HistogramMetric newReconcileTimeMetric(String controller) {
        return meters.timer(MetricNames.RECONCILE_TIME, Tags.of(TAG_CONTROLLER, controller), RECONCILE_TIME_BUCKETS);
    }

    @Override
    public GaugeMetric newActiveWorkersMetric(String controller) {
        return meters.gauge(MetricNames.ACTIVE_WORKERS, null, Tags.of(TAG_CONTROLLER, controller));
    }

    @Override
    public SettableGaugeMetric newMaxConcurrentReconcilesMetric(String controller) {
        return meters.gauge(MetricNames.MAX_CONCURRENT_RECONCILES, null, Tags.of(TAG_CONTROLLER, controller));
    }
}
