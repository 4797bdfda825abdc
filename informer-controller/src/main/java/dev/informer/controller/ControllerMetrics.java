package dev.informer.controller;

import dev.informer.workqueue.CounterMetric;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;

/**
 * Makes the metrics of each controller (controller-runtime's {@code pkg/internal/controller/metrics}),
 * one set per controller name, created once when the controller is built. Every method defaults to a
 * no-op metric, so an implementation overrides what it exports; {@link #noop()} exports nothing. The
 * work queue's own metrics go through the manager's {@link dev.informer.workqueue.MetricsProvider}
 * with the controller's name as the queue name.
 *
 * <p>Suggested names: {@code controller_runtime_reconcile_total{controller,result}}, {@code
 * controller_runtime_reconcile_errors_total{controller}}, {@code
 * controller_runtime_reconcile_time_seconds{controller}}, {@code
 * controller_runtime_active_workers{controller}}, {@code
 * controller_runtime_max_concurrent_reconciles{controller}}.
 *
 * <p>Implementations and the metrics they return must be thread-safe: workers update them
 * concurrently.
 */
public interface ControllerMetrics {

    /** Counts reconciles of {@code controller} that ended with {@code outcome}. */
    default CounterMetric newReconcileTotalMetric(String controller, ReconcileOutcome outcome) {
        return NoopControllerMetric.INSTANCE;
    }

    /** Counts reconciles of {@code controller} that threw or timed out. */
    default CounterMetric newReconcileErrorsMetric(String controller) {
        return NoopControllerMetric.INSTANCE;
    }

    /** Observes how long each reconcile of {@code controller} took, in seconds. */
    default HistogramMetric newReconcileTimeMetric(String controller) {
        return NoopControllerMetric.INSTANCE;
    }

    /** The number of workers of {@code controller} reconciling right now. */
    default GaugeMetric newActiveWorkersMetric(String controller) {
        return NoopControllerMetric.INSTANCE;
    }

    /** The configured number of workers of {@code controller} (set once at start). */
    default SettableGaugeMetric newMaxConcurrentReconcilesMetric(String controller) {
        return NoopControllerMetric.INSTANCE;
    }

    /** Exports nothing. */
    static ControllerMetrics noop() {
        return NoopControllerMetric.PROVIDER;
    }
}
