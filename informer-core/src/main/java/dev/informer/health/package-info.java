/**
 * A small HTTP endpoint for a controller process: {@code /healthz}, {@code /readyz} and {@code
 * /metrics} ({@link dev.informer.health.HealthServer}), with {@link dev.informer.health.HealthCheck}s
 * for informers and leader election ({@link dev.informer.health.HealthChecks}).
 */
@NullMarked
package dev.informer.health;

import org.jspecify.annotations.NullMarked;
