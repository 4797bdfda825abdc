package dev.informer.controller;

import dev.informer.client.SharedInformerFactory;
import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.workqueue.MetricsProvider;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a {@link Manager} (controller-runtime's {@code manager.Options}), as {@link
 * Manager.Builder} collects them: its setters are generated from these components. A manager keeps
 * the record it was built with; {@link Controller.Builder} reads the clock, threads and metrics of
 * its controllers from it. Immutable (the leader election builder it holds is not: the manager
 * completes and builds it once).
 *
 * @param clock the clock of the informers, the queues, the backoff and the reconcile timeouts
 *     (default the system clock)
 * @param threadFactory makes the controllers' worker and watchdog threads (default platform daemon
 *     threads named {@code controller-<name>-N})
 * @param informers further configuration of the shared informer factory (namespace, resync,
 *     transforms, informer metrics...), applied after the manager set the client and clock
 * @param syncTimeout how long {@link Manager#start()} waits for the caches (default 2 minutes, as
 *     controller-runtime's CacheSyncTimeout), on the manager's clock
 * @param gracefulShutdownTimeout how long {@link Manager#close()} lets the reconciles under way
 *     finish (default 30 s, as controller-runtime's GracefulShutdownTimeout)
 * @param leaderElection runs the controllers only while this process leads the election this
 *     builder describes (lock, durations, identity, release on cancel). The manager sets the
 *     builder's {@code onStartedLeading} and {@code onStoppedLeading} callbacks, replacing any set
 *     before
 * @param warmCachesBeforeLeading with leader election: whether the informers start (and sync) before
 *     this process wins, so a new leader reconciles at once (default true, as controller-runtime's
 *     caches); false keeps a standby from listing and watching until it wins
 * @param controllerMetrics where the controllers' reconcile metrics go (default {@link
 *     ControllerMetrics#noop()})
 * @param workQueueMetrics where the controllers' work queue metrics go, each queue named after its
 *     controller (default {@link dev.informer.workqueue.MetricsProvider#noop()})
 */
@GenerateBuilder(builder = "Manager.Builder", checked = true)
record ManagerSettings(
        Clock clock,
        @GenerateBuilder.NullUntilSet @Nullable ThreadFactory threadFactory,
        Consumer<SharedInformerFactory.Builder> informers,
        Duration syncTimeout,
        Duration gracefulShutdownTimeout,
        @GenerateBuilder.NullUntilSet LeaderElector.@Nullable Builder leaderElection,
        boolean warmCachesBeforeLeading,
        ControllerMetrics controllerMetrics,
        MetricsProvider workQueueMetrics) {

    /** The defaults: system clock, no leader election, 2 minutes to sync, 30 s to shut down, no metrics. */
    static final ManagerSettings DEFAULTS = new ManagerSettings(
            Clock.system(),
            null,
            factory -> {},
            Duration.ofMinutes(2),
            Duration.ofSeconds(30),
            null,
            true,
            ControllerMetrics.noop(),
            MetricsProvider.noop());

    ManagerSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(informers, "informers");
        checkSyncTimeout(syncTimeout);
        checkGracefulShutdownTimeout(gracefulShutdownTimeout);
        Objects.requireNonNull(controllerMetrics, "controllerMetrics");
        Objects.requireNonNull(workQueueMetrics, "workQueueMetrics");
    }

    /** The thread factory set, else platform daemon threads named {@code controller-<name>-N}. */
    ThreadFactory workerThreads(String controllerName) {
        return threadFactory != null ? threadFactory : ThreadFactories.platformDaemon("controller-" + controllerName);
    }

    /**
     * Returns {@code syncTimeout} if it is positive.
     *
     * @throws IllegalArgumentException if not positive
     */
    static Duration checkSyncTimeout(Duration syncTimeout) {
        return Checks.positive(syncTimeout, "syncTimeout");
    }

    /**
     * Returns {@code gracefulShutdownTimeout} if it is not negative.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkGracefulShutdownTimeout(Duration gracefulShutdownTimeout) {
        return Checks.nonNegative(gracefulShutdownTimeout, "gracefulShutdownTimeout");
    }
}
