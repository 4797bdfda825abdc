package dev.informer.health;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.informer.concurrent.ThreadFactories;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small HTTP server for a controller process (the JDK's {@code com.sun.net.httpserver}), answering
 * {@code GET}:
 *
 * <ul>
 *   <li>{@code /healthz}: the process and its loops are alive. 200 {@code ok} when every liveness
 *       check passes, else 500 listing each check, {@code [+]name ok} or {@code [-]name failed:
 *       reason} (the format of the API server's verbose health endpoints);
 *   <li>{@code /readyz}: ready to serve, e.g. caches synced and the leader elector healthy. 200 {@code
 *       ok}, else 503 with the same listing. {@code ?verbose} lists the checks on success too;
 *   <li>{@code /metrics}: the text of the scrape function (e.g. {@code
 *       PrometheusMeterRegistry::scrape}) as {@code text/plain; version=0.0.4}; 404 without one.
 * </ul>
 *
 * <p>Other paths answer 404, other methods 405. Checks run on the server's one thread (from the
 * injected {@link ThreadFactory}), in registration order. Thread-safe; {@link #close()} stops the
 * server and is idempotent.
 */
public final class HealthServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(HealthServer.class);

    private final HttpServer server;
    private final ExecutorService executor;
    private final @Nullable Supplier<String> scrape;

    private HealthServer(Builder b) {
        HealthServerSettings settings = b.settings();
        this.scrape = settings.metrics();
        String host = settings.host();
        int port = settings.port();
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(host, port), 0);
        } catch (BindException e) {
            throw new IllegalStateException(
                    "cannot listen on " + host + ":" + port + " for /healthz, /readyz and /metrics: " + e.getMessage(),
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the health server on port " + port + ": " + e, e);
        }
        this.server = http;
        this.executor = Executors.newSingleThreadExecutor(settings.threadFactory());
        server.setExecutor(executor);
        Map<String, HealthCheck> live = new LinkedHashMap<>(b.liveness);
        Map<String, HealthCheck> ready = new LinkedHashMap<>(b.readiness);
        server.createContext("/", exchange -> handle(exchange, live, ready));
        server.start();
    }

    /** A builder: port 0 (ephemeral) on all interfaces, no checks, no metrics. */
    public static Builder builder() {
        return new Builder();
    }

    /** The port the server listens on (the chosen one when built with port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    /** Stops listening and ends the server's thread. Idempotent. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange, Map<String, HealthCheck> live, Map<String, HealthCheck> ready)
            throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                respond(exchange, 405, "text/plain; charset=utf-8", "method not allowed\n");
                return;
            }
            String path = exchange.getRequestURI().getPath();
            boolean verbose = exchange.getRequestURI().getQuery() != null
                    && exchange.getRequestURI().getQuery().contains("verbose");
            switch (path) {
                case "/healthz", "/livez" -> checks(exchange, "healthz", live, 500, verbose);
                case "/readyz" -> checks(exchange, "readyz", ready, 503, verbose);
                case "/metrics" -> {
                    if (scrape == null) {
                        respond(exchange, 404, "text/plain; charset=utf-8", "no metrics configured\n");
                    } else {
                        respond(exchange, 200, "text/plain; version=0.0.4; charset=utf-8", scrape.get());
                    }
                }
                default -> respond(exchange, 404, "text/plain; charset=utf-8", "not found: " + path + "\n");
            }
        } catch (RuntimeException e) {
            log.warn("health server failed to answer {}: {}", exchange.getRequestURI(), e.toString());
            log.debug("health server failure", e);
        }
    }

    private static void checks(
            HttpExchange exchange, String endpoint, Map<String, HealthCheck> checks, int failCode, boolean verbose)
            throws IOException {
        StringBuilder body = new StringBuilder();
        boolean failed = false;
        for (Map.Entry<String, HealthCheck> entry : checks.entrySet()) {
            Optional<String> reason;
            try {
                reason = entry.getValue().check();
            } catch (RuntimeException e) {
                reason = Optional.of("check threw " + e);
            }
            if (reason.isPresent()) {
                failed = true;
                body.append("[-]")
                        .append(entry.getKey())
                        .append(" failed: ")
                        .append(reason.get())
                        .append('\n');
            } else {
                body.append("[+]").append(entry.getKey()).append(" ok\n");
            }
        }
        if (failed) {
            body.append(endpoint).append(" check failed\n");
            respond(exchange, failCode, "text/plain; charset=utf-8", body.toString());
        } else if (verbose) {
            body.append(endpoint).append(" check passed\n");
            respond(exchange, 200, "text/plain; charset=utf-8", body.toString());
        } else {
            respond(exchange, 200, "text/plain; charset=utf-8", "ok\n");
        }
    }

    private static void respond(HttpExchange exchange, int code, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(code, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    /**
     * Builds a {@link HealthServer}; {@link #start()} binds the port. Not thread-safe. Check names must
     * be unique per endpoint and non-empty.
     */
    public static final class Builder extends HealthServerSettingsBuilderBase {
        private final Map<String, HealthCheck> liveness = new LinkedHashMap<>();
        private final Map<String, HealthCheck> readiness = new LinkedHashMap<>();

        private Builder() {
            from(new HealthServerSettings(0, "0.0.0.0", ThreadFactories.platformDaemon("health-server"), null));
        }

        /**
         * Adds a {@code /healthz} check.
         *
         * @throws IllegalArgumentException if the name is empty or already used for liveness
         */
        public Builder livenessCheck(String name, HealthCheck check) {
            add(liveness, "liveness", name, check);
            return this;
        }

        /**
         * Adds a {@code /readyz} check.
         *
         * @throws IllegalArgumentException if the name is empty or already used for readiness
         */
        public Builder readinessCheck(String name, HealthCheck check) {
            add(readiness, "readiness", name, check);
            return this;
        }

        /**
         * Binds the port and starts serving.
         *
         * @throws IllegalStateException naming the port when it cannot be bound (e.g. already in use)
         */
        public HealthServer start() {
            return new HealthServer(this);
        }

        private static void add(Map<String, HealthCheck> checks, String kind, String name, HealthCheck check) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(check, "check");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a " + kind + " check needs a name");
            }
            if (checks.putIfAbsent(name, check) != null) {
                throw new IllegalArgumentException("duplicate " + kind + " check name: " + name);
            }
        }
    }
}
