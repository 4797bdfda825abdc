package dev.informer.controller;

import java.util.Objects;

/**
 * The answer of a {@link HealthCheck}: healthy, or not with a one-line reason that an HTTP endpoint
 * puts in its 503 body. Immutable value.
 *
 * @param healthy whether the check passes
 * @param reason  why not (or a short "ok" detail); never {@code null}
 */
public record Health(boolean healthy, String reason) {

    private static final Health OK = new Health(true, "ok");

    /** Requires a reason. */
    public Health {
        Objects.requireNonNull(reason, "reason");
    }

    /** Healthy. */
    public static Health ok() {
        return OK;
    }

    /** Not healthy, because of {@code reason}. */
    public static Health failing(String reason) {
        return new Health(false, reason);
    }
}
