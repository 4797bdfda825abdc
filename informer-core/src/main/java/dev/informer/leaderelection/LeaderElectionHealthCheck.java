package dev.informer.leaderelection;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A health check for a process that leads through a {@link LeaderElector} (client-go's {@code
 * HealthzAdaptor}): unhealthy when the elector believes it leads but has not renewed for longer than
 * the lease duration plus a tolerance, which means its renewal loop is stuck and another process may
 * lead too. Wire {@link #check()} into the process's liveness endpoint.
 *
 * <p>Create it before the elector (it may be handed to {@link LeaderElector.Builder#healthCheck LeaderElector.Builder.healthCheck}) and
 * attach the elector later; healthy until an elector is attached. Thread-safe.
 */
public final class LeaderElectionHealthCheck {

    private final Duration maxTolerableExpiredLease;
    private volatile @Nullable LeaderElector elector;

    /**
     * @param maxTolerableExpiredLease how long past the lease duration a stuck leader still counts as healthy
     * @throws IllegalArgumentException if it is negative
     */
    public LeaderElectionHealthCheck(Duration maxTolerableExpiredLease) {
        Objects.requireNonNull(maxTolerableExpiredLease, "maxTolerableExpiredLease");
        if (maxTolerableExpiredLease.isNegative()) {
            throw new IllegalArgumentException(
                    "maxTolerableExpiredLease must not be negative, was " + maxTolerableExpiredLease);
        }
        this.maxTolerableExpiredLease = maxTolerableExpiredLease;
    }

    /** The check's name, {@code "leaderElection"}. */
    public String name() {
        return "leaderElection";
    }

    /** Attaches the elector to check (replacing any earlier one). */
    public void setLeaderElection(LeaderElector elector) {
        this.elector = Objects.requireNonNull(elector, "elector");
    }

    /** Empty when healthy (or no elector attached yet), else the reason. Never blocks. */
    public Optional<String> check() {
        LeaderElector current = elector;
        return current == null ? Optional.empty() : current.check(maxTolerableExpiredLease);
    }
}
