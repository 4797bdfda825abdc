package dev.informer.controller;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.workqueue.MetricsProvider;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * The settings every controller of a manager takes from it: the clock (its queue, backoff and reconcile
 * timeouts), its worker threads, and the reconcile and work queue metrics. {@link Manager.Builder} fills
 * one (checking each value); each {@link Manager} keeps its own {@link #copy()}, which {@link
 * Controller.Builder} reads. Not thread-safe while it is filled; a manager's copy is never changed.
 */
final class ControllerDefaults {

    Clock clock = Clock.system();

    @Nullable
    ThreadFactory threadFactory;

    ControllerMetrics metrics = ControllerMetrics.noop();
    MetricsProvider workQueueMetrics = MetricsProvider.noop();

    /** A copy, for a manager, that later changes to this one do not reach. */
    ControllerDefaults copy() {
        ControllerDefaults copy = new ControllerDefaults();
        copy.clock = clock;
        copy.threadFactory = threadFactory;
        copy.metrics = metrics;
        copy.workQueueMetrics = workQueueMetrics;
        return copy;
    }

    /** The thread factory set, else platform daemon threads named {@code controller-<name>-N}. */
    ThreadFactory workerThreads(String controllerName) {
        return threadFactory != null ? threadFactory : ThreadFactories.platformDaemon("controller-" + controllerName);
    }
}
