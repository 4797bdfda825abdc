package dev.informer.testing;

import com.sun.net.httpserver.HttpServer;
import dev.informer.testing.internal.ApiHandler;
import dev.informer.testing.internal.ApiServerEngine;
import dev.informer.testing.internal.DirectAccess;
import dev.informer.testing.internal.KubeconfigWriter;
import dev.informer.testing.internal.RequestExecutor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-memory Kubernetes API server on real HTTP (127.0.0.1), for tests, demos and benchmarks.
 * kubectl and the Java peer clients work against it unchanged. See
 * {@code docs/embedded-api-server.md} for the API it serves and every deliberate difference from
 * kube-apiserver.
 *
 * <pre>{@code
 * try (EmbeddedApiServer server = EmbeddedApiServer.builder().start()) {
 *   Path kubeconfig = server.kubeconfig(dir.resolve("kubeconfig"));
 *   server.create("pods", "default", "{\"metadata\":{\"name\":\"p\"},\"spec\":{...}}");
 *   ...
 * }
 * }</pre>
 *
 * <p>Thread-safe: every method may be called from any thread while HTTP requests are served.
 * Ordering: one global resourceVersion counter orders every write (like etcd's revision); it
 * starts at a time-derived epoch, so a later server never reuses an earlier one's values. Each
 * watcher receives the events of its resource in resourceVersion order, exactly once.
 * Connections are served by a bounded pool with a header timeout and a separate budget for
 * watches (see {@link Builder#workerThreads(int) Builder.workerThreads}, {@link Builder#maxWatches(int) Builder.maxWatches},
 * {@link Builder#headerTimeout(Duration) Builder.headerTimeout}); request bodies above 3 MiB get 413. The direct
 * methods ({@link #create}, {@link #get}, {@link #update}, ...) have the HTTP API's semantics and
 * produce the same watch events. Nothing blocks except {@link #close()} (bounded: it waits at
 * most a few seconds for watch streams to end) and {@link #awaitOpenWatches}. Direct calls throw
 * {@link ApiStatusException} where the HTTP API answers a failure Status, and
 * {@link IllegalArgumentException} for an unknown resource name; calls after {@link #close()}
 * still work on the in-memory data but no HTTP is served.
 */
public final class EmbeddedApiServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedApiServer.class);
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);
    private static final String NODELAY_PROPERTY = "sun.net.httpserver.nodelay";
    private static final List<String> DEFAULT_NAMESPACES =
            List.of("default", "kube-system", "kube-public", "kube-node-lease");

    static {
        // The JDK server writes response headers and body separately; without TCP_NODELAY, Nagle's
        // algorithm and the client's delayed ACK stall every small answer by ~40 ms. The JDK reads
        // this once, when its first HttpServer is created; an explicit setting is respected.
        if (System.getProperty(NODELAY_PROPERTY) == null) {
            System.setProperty(NODELAY_PROPERTY, "true");
        }
    }

    private final ApiServerEngine engine;
    private final DirectAccess direct;
    private final HttpServer http;
    private final RequestExecutor executor;
    private final String url;
    private final int port;
    private final AtomicBoolean closed = new AtomicBoolean();

    private EmbeddedApiServer(
            EmbeddedApiServerSettings settings, List<ResourceDefinition> definitions, long seed, long epoch)
            throws IOException {
        this.engine = new ApiServerEngine(
                definitions,
                settings.historyLimit(),
                settings.historyMaxAge(),
                settings.bookmarkInterval(),
                settings.clock(),
                System::nanoTime,
                seed,
                epoch,
                settings.futureResourceVersionWait());
        this.direct = new DirectAccess(engine);
        engine.startLifecycleControllers(settings.threadFactory());
        if (settings.defaultNamespaces()) {
            for (String ns : DEFAULT_NAMESPACES) {
                direct.create("namespaces", null, "{\"metadata\":{\"name\":\"" + ns + "\"}}");
            }
        }
        InetAddress loopback = InetAddress.getByAddress(new byte[] {127, 0, 0, 1});
        try {
            this.http = HttpServer.create(new InetSocketAddress(loopback, settings.port()), 1024);
        } catch (IOException e) {
            engine.beginShutdown(); // stops the lifecycle thread
            throw e;
        }
        this.port = http.getAddress().getPort();
        this.url = "http://127.0.0.1:" + port;
        this.executor = new RequestExecutor(
                settings.workerThreads(),
                settings.maxWatches(),
                settings.headerTimeout(),
                settings.threadFactory(),
                System::nanoTime);
        http.setExecutor(executor);
        http.createContext("/", new ApiHandler(engine, "127.0.0.1:" + port, executor));
        http.start();
        LOG.info("Embedded API server listening on {}", url);
    }

    /** The default epoch: microseconds since 1970 (below 2^53, so even float parsers keep it). */
    private static long epochMicros(Instant now) {
        return Math.max(0, now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000);
    }

    /**
     * A builder with the defaults: ephemeral port, history of 10,000 events or 75 s, 60 s
     * bookmarks, 32 workers, 512 watches, 10 s header timeout, 3 s wait for future
     * resourceVersions, a time-derived resourceVersion epoch and random uids.
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Waits until the server's garbage collector and namespace controller have nothing left to do:
     * every cascade, orphaning and namespace termination that the writes so far imply has been
     * written (or waits for a finalizer, a grace period or a blocking dependent). Thread-safe.
     *
     * @return whether that happened within {@code timeout}
     * @throws InterruptedException when interrupted while waiting
     */
    public boolean awaitLifecycleIdle(Duration timeout) throws InterruptedException {
        return engine.awaitLifecycleIdle(timeout);
    }

    /** {@code http://127.0.0.1:PORT}. */
    public String url() {
        return url;
    }

    /** The bound port. */
    public int port() {
        return port;
    }

    /**
     * Writes a kubeconfig whose current context points at this server (namespace "default",
     * a dummy bearer token) and returns {@code path}.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public Path kubeconfig(Path path) {
        return KubeconfigWriter.write(path, url, "default");
    }

    /** Fault injection for this server. */
    public ServerFaults faults() {
        return engine.faults();
    }

    /**
     * The newest resourceVersion handed out (the value a list at this moment reports); before the
     * first write, the epoch.
     */
    public long resourceVersion() {
        return engine.currentRv();
    }

    /**
     * The resources served now: the built-ins, the registered ones, then those that
     * CustomResourceDefinitions installed (an immutable snapshot; CRD changes make new ones).
     */
    public List<ResourceDefinition> resources() {
        return engine.registry().all();
    }

    /**
     * Creates an object, as {@code POST} would.
     *
     * @param resource  plural, singular, short name or kind, optionally {@code .group}-qualified
     * @param namespace null for the body's namespace (or "default"); ignored when cluster-scoped
     * @param json      the object
     * @return the stored object (uid, resourceVersion, creationTimestamp assigned)
     * @throws ApiStatusException 409 AlreadyExists, 400/422 on bad input
     */
    public String create(String resource, @Nullable String namespace, String json) {
        return direct.create(resource, namespace, json);
    }

    /**
     * Reads an object.
     *
     * @param namespace null means "default"; ignored when cluster-scoped
     */
    public Optional<String> get(String resource, @Nullable String namespace, String name) {
        return direct.get(resource, namespace, name);
    }

    /**
     * Replaces the object named in {@code json}, as {@code PUT} would (a stale
     * {@code metadata.resourceVersion} fails with 409 Conflict; none means unconditional).
     *
     * @throws ApiStatusException 404, 409, 400/422
     */
    public String update(String resource, @Nullable String namespace, String json) {
        return direct.update(resource, namespace, json);
    }

    /**
     * Replaces only the status of the object named in {@code json} ({@code PUT .../status}).
     *
     * @throws IllegalArgumentException when the resource has no status subresource
     * @throws ApiStatusException       404, 409, 400/422
     */
    public String updateStatus(String resource, @Nullable String namespace, String json) {
        return direct.updateStatus(resource, namespace, json);
    }

    /**
     * Applies an RFC 7386 JSON merge patch ({@code .status} changes are ignored when the resource
     * has the status subresource, as over HTTP).
     *
     * @throws ApiStatusException 404, 409, 400/422
     */
    public String mergePatch(String resource, @Nullable String namespace, String name, String patchJson) {
        return direct.mergePatch(resource, namespace, name, patchJson);
    }

    /**
     * Deletes an object, as {@code DELETE} with default options would: at once, or gracefully for
     * pods bound to a node and for objects with finalizers.
     *
     * @return the object as deleted, or as now terminating
     * @throws ApiStatusException 404
     */
    public String delete(String resource, @Nullable String namespace, String name) {
        return direct.delete(resource, namespace, name);
    }

    /** The live objects in list order; {@code namespace} null means all namespaces. */
    public List<String> list(String resource, @Nullable String namespace) {
        return direct.list(resource, namespace);
    }

    /** The number of watch streams open now. */
    public int openWatchCount() {
        return engine.openWatchCount();
    }

    /**
     * Waits until at least {@code min} watch streams are open ({@code min == 0}: until none is).
     *
     * @return whether that happened within {@code timeout}
     * @throws InterruptedException when interrupted while waiting
     */
    public boolean awaitOpenWatches(int min, Duration timeout) throws InterruptedException {
        if (min < 0) {
            throw new IllegalArgumentException("min must be >= 0, got " + min);
        }
        return engine.awaitOpenWatches(min, timeout);
    }

    /**
     * How many requests were served for a verb on a resource, e.g. {@code ("list", "pods")},
     * {@code ("update", "pods/status")} (counted before injected failures apply).
     */
    public long requestCount(String verb, String resource) {
        return engine.requestCount(verb, resource);
    }

    /**
     * Ends every open watch (with a final BOOKMARK where the client allowed bookmarks) and stops
     * the HTTP server. Idempotent; waits at most a few seconds.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        engine.beginShutdown();
        try {
            if (!engine.awaitOpenWatches(0, CLOSE_WAIT)) {
                LOG.warn(
                        "{} watch streams did not end within {}; closing their connections",
                        engine.openWatchCount(),
                        CLOSE_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        http.stop(0);
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(CLOSE_WAIT)) {
                LOG.warn("Embedded API server threads did not stop within {}", CLOSE_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.info("Embedded API server on {} stopped", url);
    }

    /**
     * Configures and starts an {@link EmbeddedApiServer}. Not thread-safe (use from one thread);
     * setters throw {@link IllegalArgumentException} for out-of-range values. The setters of the plain
     * settings are generated (from {@code EmbeddedApiServerSettings}); the seed, the resourceVersion
     * epoch and the registered resources are kept here.
     */
    public static final class Builder extends EmbeddedApiServerSettingsBuilderBase {
        private final List<ResourceDefinition> registered = new ArrayList<>();
        private @Nullable Long seed;
        private @Nullable Long rvEpoch;

        private Builder() {
            from(new EmbeddedApiServerSettings(
                    0,
                    10_000,
                    Duration.ofSeconds(75),
                    Duration.ofSeconds(60),
                    Duration.ofSeconds(3),
                    32,
                    512,
                    Duration.ofSeconds(10),
                    Clock.systemUTC(),
                    true,
                    defaultThreadFactory()));
        }

        /**
         * The resourceVersion before the first write (default: the {@link #clock(Clock) clock}'s time in
         * microseconds since 1970, so a server started later starts higher, as etcd revisions never
         * go back). Set it in tests that want small, fixed values.
         */
        public Builder resourceVersionEpoch(long epoch) {
            if (epoch < 0 || epoch > Long.MAX_VALUE / 2) {
                throw new IllegalArgumentException("resourceVersionEpoch must be in 0..2^62, got " + epoch);
            }
            this.rvEpoch = epoch;
            return this;
        }

        /**
         * Serves one more resource (e.g. a custom resource).
         *
         * @throws IllegalArgumentException at {@link #start()} when it clashes with another
         */
        public Builder register(ResourceDefinition definition) {
            registered.add(Objects.requireNonNull(definition, "definition"));
            return this;
        }

        /**
         * The seed of uids and generated names, so runs are reproducible (default: a random seed,
         * so every server hands out different uids).
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Binds and starts the server.
         *
         * @throws UncheckedIOException     when the port cannot be bound
         * @throws IllegalArgumentException when registered resources clash
         */
        public EmbeddedApiServer start() {
            EmbeddedApiServerSettings settings = settings();
            List<ResourceDefinition> definitions = new ArrayList<>(ResourceDefinition.builtIns());
            definitions.addAll(registered);
            long seedOrRandom = seed != null ? seed : new SecureRandom().nextLong();
            long epoch =
                    rvEpoch != null ? rvEpoch : epochMicros(settings.clock().instant());
            try {
                return new EmbeddedApiServer(settings, definitions, seedOrRandom, epoch);
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot bind the embedded API server to 127.0.0.1:" + settings.port(), e);
            }
        }

        private static ThreadFactory defaultThreadFactory() {
            AtomicInteger n = new AtomicInteger();
            return r -> {
                Thread t = new Thread(r, "embedded-apiserver-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            };
        }
    }
}
