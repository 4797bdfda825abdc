package dev.informer.controller;

/**
 * A named probe a health endpoint reads (controller-runtime's {@code healthz.Checker}): {@link
 * Manager#liveness()} for {@code /healthz}, {@link Manager#readiness()} for {@code /readyz}.
 * Implementations never block and are thread-safe.
 */
public interface HealthCheck {

    /** The check's name, e.g. {@code "readiness"}. */
    String name();

    /** The current answer. Never blocks. */
    Health check();
}
