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
            return notSynced.isEmpty()
                    ? Optional.empty()
                    : Optional.of("informers not synced: " + String.join(", ", notSynced));
        };
    }

    /** Readiness: every one of {@code informers} has synced ({@link SharedInformer#hasSynced()}). */
    public static HealthCheck informersSynced(List<? extends SharedInformer<?>> informers) {
        List<? extends SharedInformer<?>> copy = List.copyOf(informers);
        return () -> {
            List<String> notSynced = copy.stream()
                    .filter(i -> !i.hasSynced())
                    .map(SharedInformer::name)
                    .toList();
            return notSynced.isEmpty()
                    ? Optional.empty()
                    : Optional.of("informers not synced: " + String.join(", ", notSynced));
        };
    }

    /**
     * Liveness: none of {@code informers} has stopped after starting (a stopped informer serves a stale
     * cache).
     */
    public static HealthCheck informersRunning(List<? extends SharedInformer<?>> informers) {
        List<? extends SharedInformer<?>> copy = List.copyOf(informers);
        return () -> {
            List<String> stopped = copy.stream()
                    .filter(i -> i.hasStarted() && i.isStopped())
                    .map(SharedInformer::name)
                    .toList();
            return stopped.isEmpty()
                    ? Optional.empty()
                    : Optional.of("informers stopped: " + String.join(", ", stopped));
        };
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
