package dev.informer.health;

import dev.informer.codegen.GenerateBuilder;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The plain settings of a {@link HealthServer}, as {@link HealthServer.Builder} collects them: its
 * setters are generated from these components (the checks, added one by one, stay on the builder).
 * Immutable.
 *
 * @param port the port, 0..65535 (0, the default, picks a free one)
 * @param host the address to bind (default {@code 0.0.0.0}, all interfaces)
 * @param threadFactory makes the server's thread (default a platform daemon thread named
 *     health-server)
 * @param metrics serves {@code /metrics} with the text this returns (called per request); none by
 *     default ({@code /metrics} answers 404)
 */
@GenerateBuilder(builder = "HealthServer.Builder", checked = true)
record HealthServerSettings(
        int port,
        String host,
        ThreadFactory threadFactory,
        @GenerateBuilder.NullUntilSet @Nullable Supplier<String> metrics) {

    HealthServerSettings {
        checkPort(port);
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /**
     * Returns {@code port} if it is a TCP port or 0.
     *
     * @throws IllegalArgumentException if out of range
     */
    static int checkPort(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("health port must be in 0..65535, got " + port);
        }
        return port;
    }
}
