package dev.informer.health;

import dev.informer.cache.SharedInformer;
import dev.informer.client.SharedInformerFactory;
import dev.informer.leaderelection.LeaderElectionHealthCheck;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/** Ready-made {@link HealthCheck}s for the library's components. */
public final class HealthChecks {

    private HealthChecks() {}

    /**
     * Readiness: every informer started by {@code factory} has synced (asked without waiting). Fails
     * before {@link SharedInformerFactory#start()} and while any informer has not synced, naming them.
     */
    public static HealthCheck informersSynced(SharedInformerFactory factory) {
        Objects.requireNonNull(factory, "factory");
        return () -> {
            Map<SharedInformerFactory.Key, Boolean> synced;
            try {
                synced = factory.waitForCacheSync(Duration.ZERO);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("interrupted while checking the informers");
            }
            if (synced.isEmpty()) {
                return Optional.of("no informer started");
            }
            List<String> notSynced = new ArrayList<>();
            synced.forEach((key, done) -> {
                if (!done) {
                    notSynced.add(String.valueOf(key.type().groupVersionResource()));
                }
            });
            return failing(notSynced, "not synced");
        };
    }

    /** Readiness: every one of {@code informers} has synced ({@link SharedInformer#hasSynced()}). */
    public static HealthCheck informersSynced(List<? extends SharedInformer<?>> informers) {
        return noInformer(informers, i -> !i.hasSynced(), "not synced");
    }

    /**
     * Liveness: none of {@code informers} has stopped after starting (a stopped informer serves a stale
     * cache).
     */
    public static HealthCheck informersRunning(List<? extends SharedInformer<?>> informers) {
        return noInformer(informers, i -> i.hasStarted() && i.isStopped(), "stopped");
    }

    /** Fails, naming them, while any of {@code informers} (copied now) is {@code failing}. */
    private static HealthCheck noInformer(
            List<? extends SharedInformer<?>> informers, Predicate<SharedInformer<?>> failing, String problem) {
        List<? extends SharedInformer<?>> copy = List.copyOf(informers);
        return () ->
                failing(copy.stream().filter(failing).map(SharedInformer::name).toList(), problem);
    }

    /** {@code "informers <problem>: a, b"}, or empty when {@code names} is. */
    private static Optional<String> failing(List<String> names, String problem) {
        return names.isEmpty()
                ? Optional.empty()
                : Optional.of("informers " + problem + ": " + String.join(", ", names));
    }

    /**
     * The elector's renewal loop is not stuck while it believes it leads ({@link
     * LeaderElectionHealthCheck}); use it for liveness and readiness.
     */
    public static HealthCheck leaderElection(LeaderElectionHealthCheck check) {
        Objects.requireNonNull(check, "check");
        return check::check;
    }
}
