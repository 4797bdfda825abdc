package dev.informer.health;

import java.util.Optional;

/**
 * One liveness or readiness check: empty when it passes, else the reason it fails (one line). It is
 * registered under a name with {@link HealthServer.Builder#livenessCheck} or {@link
 * HealthServer.Builder#readinessCheck}; {@link dev.informer.leaderelection.LeaderElectionHealthCheck#check()}
 * fits as a method reference.
 *
 * <p>Called on the server's thread for every request: it must be thread-safe, fast and must not block.
 * A check that throws fails with the exception's message.
 */
@FunctionalInterface
public interface HealthCheck {

    /** Empty when healthy, else why not. */
    Optional<String> check();
}
