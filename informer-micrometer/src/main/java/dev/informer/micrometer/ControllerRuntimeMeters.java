package dev.informer.micrometer;

import static dev.informer.micrometer.MetricNames.TAG_CONTROLLER;
import static dev.informer.micrometer.MetricNames.TAG_RESULT;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * controller-runtime's reconcile metrics on Micrometer: {@code controller_runtime_reconcile_total},
 * {@code controller_runtime_reconcile_errors_total}, {@code controller_runtime_reconcile_time_seconds}
 * and {@code controller_runtime_active_workers}, all tagged {@code controller}. A controller runtime
 * calls {@link #register} when a controller starts, {@link #workerStarted}/{@link #workerStopped}
 * around each worker and {@link #reconciled} after each reconcile. Made by {@link
 * InformerMeters#controllers()}. Thread-safe; every method is fast and non-blocking.
 */
public final class ControllerRuntimeMeters {

    /** The reconcile returned without error and without a requeue. */
    public static final String RESULT_SUCCESS = "success";
    /** The reconcile failed (threw or timed out): counted in the errors too. */
    public static final String RESULT_ERROR = "error";
    /** The reconcile asked to be requeued with the rate limiter. */
    public static final String RESULT_REQUEUE = "requeue";
    /** The reconcile asked to be requeued after a delay. */
    public static final String RESULT_REQUEUE_AFTER = "requeue_after";

    private static final List<String> RESULTS =
            List.of(RESULT_SUCCESS, RESULT_ERROR, RESULT_REQUEUE, RESULT_REQUEUE_AFTER);

    /** controller-runtime's reconcile time buckets, in seconds (5 ms to 60 s). */
    private static final Duration[] RECONCILE_TIME_BUCKETS = buckets(
            0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25,
            1.5, 1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60);

    private final MeterRegistry registry;
    private final Gauges gauges;

    ControllerRuntimeMeters(MeterRegistry registry, Gauges gauges) {
        this.registry = registry;
        this.gauges = gauges;
    }

    /** Creates the controller's series at zero (as controller-runtime does), so dashboards see them early. */
    public void register(String controller) {
        for (String result : RESULTS) {
            total(controller, result);
        }
        errors(controller);
        timer(controller);
        activeWorkers(controller);
    }

    /**
     * One reconcile of {@code controller} ended with {@code result} after {@code took}.
     *
     * @throws IllegalArgumentException if {@code result} is not one of the {@code RESULT_} constants
     */
    public void reconciled(String controller, String result, Duration took) {
        Objects.requireNonNull(took, "took");
        if (!RESULTS.contains(result)) {
            throw new IllegalArgumentException("unknown reconcile result '" + result + "', expected one of " + RESULTS);
        }
        total(controller, result).increment();
        if (RESULT_ERROR.equals(result)) {
            errors(controller).increment();
        }
        timer(controller).record(took);
    }

    /** A worker of {@code controller} started. */
    public void workerStarted(String controller) {
        activeWorkers(controller).add(1);
    }

    /** A worker of {@code controller} ended. */
    public void workerStopped(String controller) {
        activeWorkers(controller).add(-1);
    }

    private Counter total(String controller, String result) {
        return Counter.builder(MetricNames.RECONCILE_TOTAL)
                .tags(Tags.of(TAG_CONTROLLER, controller, TAG_RESULT, result))
                .register(registry);
    }

    private Counter errors(String controller) {
        return Counter.builder(MetricNames.RECONCILE_ERRORS)
                .tags(Tags.of(TAG_CONTROLLER, controller))
                .register(registry);
    }

    private Timer timer(String controller) {
        return Timer.builder(MetricNames.RECONCILE_TIME)
                .tags(Tags.of(TAG_CONTROLLER, controller))
                .serviceLevelObjectives(RECONCILE_TIME_BUCKETS)
                .register(registry);
    }

    private static Duration[] buckets(double... seconds) {
        Duration[] result = new Duration[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            result[i] = Duration.ofNanos(Math.round(seconds[i] * 1e9));
        }
        return result;
    }

    private Gauges.Value activeWorkers(String controller) {
        return gauges.gauge(MetricNames.ACTIVE_WORKERS, null, Tags.of(TAG_CONTROLLER, controller));
    }
}
