package dev.informer.controller;

import dev.informer.codegen.GenerateBuilder;
import dev.informer.workqueue.RateLimiter;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The plain settings of one controller (controller-runtime's {@code controller.Options}), as {@link
 * Controller.Builder} collects them: its setters are generated from these components (what it
 * watches stays on the builder). {@code null} means the default, which {@link
 * Controller.Builder#build} fills in; the setters refuse {@code null}. Immutable.
 *
 * @param name the controller's name: its queue's name (for the work queue metrics), its threads'
 *     prefix, the {@code controller} label of its metrics. Unique per manager; default the
 *     for-resource's kind in lower case
 * @param maxConcurrentReconciles how many keys are reconciled in parallel (default 1). One key is
 *     never reconciled by two workers at once, whatever this number
 * @param rateLimiter the per-key backoff of failed and requeued keys (default {@link
 *     dev.informer.workqueue.RateLimiters#defaultControllerRateLimiter(dev.informer.clock.Clock)}: 5
 *     ms doubling to 1000 s per key, 10 qps with a burst of 100 overall)
 * @param reconcileTimeout the longest a reconcile may run (default none): past it, on the manager's
 *     clock, its cancellation is cancelled and its thread interrupted; it is logged with its key and
 *     requeued with backoff as an error once it returns. See {@link Reconciler} for what a reconciler
 *     must do to stop
 */
@GenerateBuilder(builder = "Controller.Builder", checked = true)
record ControllerSettings(
        @Nullable String name,
        int maxConcurrentReconciles,
        @GenerateBuilder.NullUntilSet @Nullable RateLimiter<? super Request> rateLimiter,
        @Nullable Duration reconcileTimeout) {

    /** The defaults: named after the for-resource, one worker, the default rate limiter, no timeout. */
    static final ControllerSettings DEFAULTS = new ControllerSettings(null, 1, null, null);

    ControllerSettings {
        if (name != null) {
            checkName(name);
        }
        checkMaxConcurrentReconciles(maxConcurrentReconciles);
        if (reconcileTimeout != null) {
            checkReconcileTimeout(reconcileTimeout);
        }
    }

    /**
     * Returns {@code name} if it is not blank.
     *
     * @throws IllegalArgumentException if blank
     */
    static String checkName(@Nullable String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a controller name must not be blank");
        }
        return name;
    }

    /**
     * Returns {@code maxConcurrentReconciles} if it is 1 or more.
     *
     * @throws IllegalArgumentException if below 1
     */
    static int checkMaxConcurrentReconciles(int maxConcurrentReconciles) {
        return Checks.atLeastOne(maxConcurrentReconciles, "maxConcurrentReconciles");
    }

    /**
     * Returns {@code reconcileTimeout} if it is positive.
     *
     * @throws IllegalArgumentException if not positive
     */
    static Duration checkReconcileTimeout(@Nullable Duration reconcileTimeout) {
        return Checks.positive(Objects.requireNonNull(reconcileTimeout, "reconcileTimeout"), "reconcileTimeout");
    }
}
