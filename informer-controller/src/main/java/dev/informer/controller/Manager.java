package dev.informer.controller;

import dev.informer.cache.SharedIndexInformer;
import dev.informer.cache.SyncError;
import dev.informer.client.KubernetesClient;
import dev.informer.client.SharedInformerFactory;
import dev.informer.clock.Clock;
import dev.informer.health.HealthCheck;
import dev.informer.leaderelection.LeaderContext;
import dev.informer.leaderelection.LeaderElector;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs controllers (controller-runtime's {@code manager.Manager}): it owns the {@link
 * SharedInformerFactory} that every controller's watches share, starts the informers, waits for their
 * caches, runs the controllers' workers (only while leading, with leader election) and stops
 * everything gracefully.
 *
 * <h2>Lifecycle</h2>
 * <ol>
 *   <li>Build it, then register controllers with {@link #controllerBuilder()} (before {@link #start()}).</li>
 *   <li>{@link #start()} starts the informers and waits up to the sync timeout for their caches; if
 *       they do not sync it stops them and throws {@link CacheSyncTimeoutException}, which names the
 *       informers that had not synced. Without leader election it then starts every controller's
 *       workers and returns. With leader election it starts the elector and returns; the workers start
 *       when this process wins (by default the caches are warm by then; with {@link
 *       Builder#warmCachesBeforeLeading(boolean) warmCachesBeforeLeading(false)} they start only on
 *       winning).</li>
 *   <li>While leading, every reconcile is fenced: right before it, the elector's {@link
 *       LeaderElector#isLeader()} (which turns false before another candidate can take the lease) must
 *       hold, else the key is dropped unreconciled. When the term ends, the reconciles under way are
 *       cancelled and interrupted, the workers stop and {@link #liveness()} fails with "leader election
 *       lost" (the elector runs once, as controller-runtime's, which exits; restart the process).</li>
 *   <li>{@link #shutdown(Duration)} (or {@link #close()}) stops handing out keys, lets the reconciles under
 *       way finish within the deadline, then cancels and interrupts those still running (named in a
 *       WARN), stops the elector (releasing the lease if so configured) and the informers.</li>
 * </ol>
 *
 * <p>Health: {@link #readiness()} (caches synced; with leader election, the elector healthy) and
 * {@link #liveness()} (workers alive, elector not stuck, leadership not lost) for {@code /readyz} and
 * {@code /healthz}. Metrics: {@link Builder#controllerMetrics Builder.controllerMetrics} and {@link Builder#workQueueMetrics Builder.workQueueMetrics}.
 *
 * <p>Thread-safe.
 */
public final class Manager implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Manager.class);

    /** How long past its lease a stuck leader still counts as healthy (kube-controller-manager's 20 s). */
    static final Duration LEADER_ELECTION_HEALTH_TOLERANCE = Duration.ofSeconds(20);

    private enum State {
        NEW,
        STARTING,
        RUNNING,
        STOPPED
    }

    private final KubernetesClient client;
    private final SharedInformerFactory factory;
    private final ManagerSettings settings;
    private final Duration syncTimeout;
    private final boolean warmCachesBeforeLeading;
    private final @Nullable LeaderElector elector;

    private final Object lock = new Object();
    // @GuardedBy("lock")
    private State state = State.NEW;
    // @GuardedBy("lock")
    private final Map<String, DefaultController> controllers = new LinkedHashMap<>();
    // @GuardedBy("lock")
    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
    // @GuardedBy("lock")
    private boolean informersStarted;
    // @GuardedBy("lock")
    private boolean cachesSynced;
    // @GuardedBy("lock")
    private boolean controllersStarted;
    // @GuardedBy("lock")
    private @Nullable String lostReason;

    private Manager(KubernetesClient client, ManagerSettings settings) {
        this.client = client;
        this.settings = settings;
        this.syncTimeout = settings.syncTimeout();
        this.warmCachesBeforeLeading = settings.warmCachesBeforeLeading();
        SharedInformerFactory.Builder factoryBuilder =
                SharedInformerFactory.builder(client).clock(settings.clock());
        settings.informers().accept(factoryBuilder);
        this.factory = factoryBuilder.build();
        LeaderElector.Builder leaderElection = settings.leaderElection();
        this.elector = leaderElection == null
                ? null
                : leaderElection
                        .onStartedLeading(this::lead)
                        .onStoppedLeading(this::stoppedLeading)
                        .build();
    }

    /** A builder for a manager whose informers list and watch through {@code client}. */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /** The client the informers use; reconcilers write through it too. */
    public KubernetesClient client() {
        return client;
    }

    /**
     * The shared informer factory: reconcilers read their caches through its listers ({@code
     * informerFactory().listerFor(type)}); the controllers' watches use the same informers.
     */
    public SharedInformerFactory informerFactory() {
        return factory;
    }

    /** A builder for a new controller of this manager. */
    public Controller.Builder controllerBuilder() {
        return Controller.builder(this);
    }

    /** The controllers registered so far, in registration order. */
    public List<Controller> controllers() {
        synchronized (lock) {
            return List.copyOf(controllers.values());
        }
    }

    /** The elector, when leader election is configured. */
    public Optional<LeaderElector> leaderElector() {
        return Optional.ofNullable(elector);
    }

    /**
     * Starts the informers, waits for their caches, then starts the controllers (without leader
     * election) or the elector. Returns once that is done; the controllers run on their own threads.
     *
     * @throws CacheSyncTimeoutException if the caches did not sync within the sync timeout (the manager
     *                                   is then stopped)
     * @throws IllegalStateException     if started before, or closed
     * @throws InterruptedException      if interrupted while waiting for the caches (the manager is then
     *                                   stopped)
     */
    public void start() throws InterruptedException {
        synchronized (lock) {
            if (state != State.NEW) {
                throw new IllegalStateException(
                        "a manager starts once; it is " + state.name().toLowerCase(java.util.Locale.ROOT));
            }
            state = State.STARTING;
        }
        boolean ok = false;
        try {
            if (elector == null || warmCachesBeforeLeading) {
                startInformersAndSync();
            }
            synchronized (lock) {
                if (state != State.STARTING) {
                    return;
                }
                state = State.RUNNING;
            }
            if (elector == null) {
                startControllers(() -> true);
            } else {
                elector.start();
            }
            ok = true;
        } finally {
            if (!ok) {
                shutdown(Duration.ZERO);
            }
        }
    }

    /** Whether this process may reconcile now: running and, with leader election, leading. */
    public boolean isLeading() {
        synchronized (lock) {
            if (state != State.RUNNING || !controllersStarted) {
                return false;
            }
        }
        return elector == null || elector.isLeader();
    }

    /**
     * {@code /readyz}: ready once the caches have synced and, with leader election, the elector is
     * healthy. A standby whose caches start only on winning ({@code warmCachesBeforeLeading(false)}) is
     * ready while it waits. Never blocks.
     */
    public HealthCheck readiness() {
        return this::ready;
    }

    /**
     * {@code /healthz}: alive while the manager runs, every controller's workers are alive, the elector
     * (if any) is not stuck, and leadership was not lost. Never blocks.
     */
    public HealthCheck liveness() {
        return this::alive;
    }

    private Optional<String> ready() {
        synchronized (lock) {
            if (state == State.NEW || state == State.STOPPED) {
                return Optional.of("manager is " + (state == State.NEW ? "not started" : "stopped"));
            }
            if (lostReason != null) {
                return Optional.of(lostReason);
            }
            boolean standbyWithoutCaches = elector != null && !warmCachesBeforeLeading && !informersStarted;
            if (!standbyWithoutCaches && !cachesSynced) {
                List<String> unsynced = new ArrayList<>();
                for (SharedIndexInformer<?> informer : informers) {
                    if (!informer.hasSynced()) {
                        unsynced.add(informer.name());
                    }
                }
                if (!unsynced.isEmpty() || !informersStarted) {
                    return Optional.of(
                            "caches not synced: " + (unsynced.isEmpty() ? "starting" : String.join(", ", unsynced)));
                }
            }
        }
        if (elector != null) {
            Optional<String> problem = elector.check(LEADER_ELECTION_HEALTH_TOLERANCE);
            if (problem.isPresent()) {
                return Optional.of("leader election: " + problem.get());
            }
        }
        return Optional.empty();
    }

    private Optional<String> alive() {
        List<DefaultController> running;
        synchronized (lock) {
            if (state == State.STOPPED) {
                return Optional.of(lostReason != null ? lostReason : "manager stopped");
            }
            if (lostReason != null) {
                return Optional.of(lostReason);
            }
            running = new ArrayList<>(controllers.values());
        }
        for (DefaultController controller : running) {
            Optional<String> dead = controller.deadWorker();
            if (dead.isPresent()) {
                return Optional.of(dead.get());
            }
        }
        if (elector != null) {
            Optional<String> problem = elector.check(LEADER_ELECTION_HEALTH_TOLERANCE);
            if (problem.isPresent()) {
                return Optional.of("leader election: " + problem.get());
            }
        }
        return Optional.empty();
    }

    /**
     * Stops the manager: no key is handed out any more; the reconciles under way may finish until
     * {@code deadline} (real time: it waits for threads); those still running then are cancelled,
     * interrupted and named in a WARN. Then the elector (its lease released if so configured) and the
     * informers stop. Idempotent: a second call returns {@code true} at once.
     *
     * @return whether every reconcile finished within the deadline
     * @throws IllegalArgumentException if {@code deadline} is negative
     */
    public boolean shutdown(Duration deadline) {
        Checks.nonNegative(deadline, "deadline");
        List<DefaultController> toStop;
        synchronized (lock) {
            if (state == State.STOPPED) {
                return true;
            }
            state = State.STOPPED;
            toStop = new ArrayList<>(controllers.values());
        }
        long deadlineNanos = System.nanoTime() + Clock.toNanosSaturated(deadline);
        for (DefaultController controller : toStop) {
            controller.stopTakingWork(false);
        }
        boolean drained = true;
        boolean interrupted = false;
        List<String> cut = new ArrayList<>();
        for (DefaultController controller : toStop) {
            try {
                if (!controller.awaitWorkers(deadlineNanos)) {
                    drained = false;
                    controller
                            .interruptInFlight("shutdown deadline passed")
                            .forEach(r -> cut.add(controller.name() + " " + r));
                }
            } catch (InterruptedException e) {
                interrupted = true;
                drained = false;
                controller.interruptInFlight("shutdown interrupted").forEach(r -> cut.add(controller.name() + " " + r));
            }
        }
        if (!drained) {
            LOG.warn("shutdown: reconciles still running after {} were cancelled and interrupted: {}", deadline, cut);
        }
        if (elector != null) {
            elector.close();
        }
        factory.shutdown();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        LOG.info("manager stopped{}", drained ? "" : " (not every reconcile finished in time)");
        return drained;
    }

    /** {@link #shutdown(Duration)} with the builder's graceful shutdown timeout (default 30 s). */
    @Override
    public void close() {
        shutdown(settings.gracefulShutdownTimeout());
    }

    // ---- for the controller builder

    /** The settings it was built with: its controllers' clock, threads and metrics. */
    ManagerSettings settings() {
        return settings;
    }

    void register(DefaultController controller) {
        synchronized (lock) {
            if (state != State.NEW) {
                throw new IllegalStateException("controllers are added before the manager starts; it is "
                        + state.name().toLowerCase(java.util.Locale.ROOT));
            }
            if (controllers.putIfAbsent(controller.name(), controller) != null) {
                throw new IllegalStateException("a controller named '" + controller.name()
                        + "' is registered already; give each controller a unique name");
            }
        }
    }

    void track(SharedIndexInformer<?> informer) {
        synchronized (lock) {
            if (!informers.contains(informer)) {
                informers.add(informer);
            }
        }
    }

    // ---- lifecycle internals

    private void startInformersAndSync() throws InterruptedException {
        synchronized (lock) {
            informersStarted = true;
        }
        factory.start();
        Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(syncTimeout);
        if (synced.containsValue(false)) {
            Map<SharedInformerFactory.Key, SyncError> errors = factory.lastSyncErrors();
            List<String> names = new ArrayList<>();
            List<String> details = new ArrayList<>();
            synced.forEach((key, ok) -> {
                if (!ok) {
                    String name = informerName(key);
                    names.add(name);
                    SyncError error = errors.get(key);
                    details.add(name
                            + (error == null
                                    ? " (no list/watch error reported)"
                                    : " (last error: " + error.message() + ")"));
                }
            });
            throw new CacheSyncTimeoutException(
                    "caches did not sync within " + syncTimeout + ": " + String.join(", ", details), names);
        }
        synchronized (lock) {
            cachesSynced = true;
        }
    }

    private static String informerName(SharedInformerFactory.Key key) {
        StringBuilder name = new StringBuilder(key.type().plural());
        if (key.options().namespace() != null) {
            name.append('@').append(key.options().namespace());
        }
        if (key.options().labelSelector() != null) {
            name.append(" labels=").append(key.options().labelSelector());
        }
        if (key.options().fieldSelector() != null) {
            name.append(" fields=").append(key.options().fieldSelector());
        }
        return name.toString();
    }

    private void startControllers(java.util.function.BooleanSupplier fence) {
        List<DefaultController> toStart;
        synchronized (lock) {
            if (state != State.RUNNING || controllersStarted) {
                return;
            }
            controllersStarted = true;
            toStart = new ArrayList<>(controllers.values());
        }
        for (DefaultController controller : toStart) {
            controller.start(fence);
        }
    }

    // onStartedLeading: runs on the elector's term thread until the term ends.
    private void lead(LeaderContext context) {
        LeaderElector leader = elector;
        if (leader == null) {
            // The callbacks are set on the elector's builder, in the constructor: no elector, no term.
            throw new IllegalStateException("a term started without a leader elector");
        }
        LOG.info("leading as {}; starting the controllers", context.identity());
        try {
            if (!warmCachesBeforeLeading) {
                boolean start;
                synchronized (lock) {
                    start = !informersStarted && state == State.RUNNING;
                }
                if (start) {
                    startInformersAndSync();
                }
            }
            startControllers(() -> !context.isCancelled() && leader.isLeader());
            context.awaitCancellation();
        } catch (CacheSyncTimeoutException e) {
            LOG.error("{}; giving up the leadership", e.getMessage());
            lost("caches did not sync after winning the election: " + e.getMessage());
            leader.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (context.isCancelled()) {
            stoppedLeading();
        }
    }

    // onStoppedLeading, and the end of a term seen by lead(): idempotent.
    private void stoppedLeading() {
        List<DefaultController> toStop;
        synchronized (lock) {
            if (state == State.STOPPED || !controllersStarted || lostReason != null) {
                return;
            }
            lostReason = "leader election lost";
            toStop = new ArrayList<>(controllers.values());
        }
        LOG.warn("this process no longer leads: the controllers stop; restart the process to compete again");
        for (DefaultController controller : toStop) {
            controller.stopTakingWork(true);
        }
    }

    private void lost(String reason) {
        synchronized (lock) {
            if (lostReason == null) {
                lostReason = reason;
            }
        }
    }

    /** Configures a {@link Manager}. Not thread-safe. */
    public static final class Builder extends ManagerSettingsBuilderBase {
        private final KubernetesClient client;

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
            from(ManagerSettings.DEFAULTS);
        }

        /** A new manager, not started. */
        public Manager build() {
            return new Manager(client, settings());
        }
    }
}
