package dev.informer.cache;

import dev.informer.clock.Clock;
import dev.informer.store.KeyFunction;
import dev.informer.store.KeyFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.ReflectorStore;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ThreadFactory;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Keeps a {@link ReflectorStore} in step with the API server, as client-go's {@code Reflector}: it
 * lists the resource, {@code replace}s the store's content with the list at the list's resource
 * version, then watches from that version and applies every event (ADDED → {@code add}, MODIFIED →
 * {@code update}, DELETED → {@code delete}; a BOOKMARK only advances the resource version), in a
 * loop until stopped.
 *
 * <p><b>Recovery.</b> A watch that ends cleanly is restarted from the last resource version seen,
 * without relisting. A 410 Expired (HTTP answer or watch ERROR event), a malformed event or any other
 * watch failure ends the cycle: the reflector backs off and relists. The first list asks for resource
 * version "0" (served from the server's cache); a list answered with 410 Expired or "too large resource
 * version" is retried at once with "" (a consistent read). Lists are paged ({@link Builder#pageSize},
 * 500 by default) unless they ask for a specific resource version the server can serve from its cache;
 * an expired continue token falls back to one full list. Connection failures and 429s when starting a
 * watch back off and retry the watch without relisting; a 429's Retry-After is honoured. Backoff follows
 * a {@link BackoffPolicy} on the injected {@link Clock}. A watch answered "too large resource version"
 * (504, a {@code ResourceVersionTooLarge} cause) marks the version unavailable, so the relist after it
 * is a consistent read.
 *
 * <p><b>Resource versions going backwards.</b> Resource versions that are decimal integers are
 * compared (Kubernetes 1.35 made them comparable; others are opaque and never compared). An event,
 * bookmark, list or streaming list end bookmark whose version is older than the last one applied means
 * the API server was restarted or restored with other content: the reflector logs one WARN naming both
 * versions and relists with a consistent read, replacing the store, so the cache converges to the new
 * server's content. The initial events of a streaming list are not compared (they carry the objects'
 * own, older versions).
 *
 * <p><b>Streaming lists.</b> By default ({@link Builder#useWatchList(boolean)}, client-go's
 * {@code WatchListClient}) the reflector asks for a watch
 * with {@code sendInitialEvents=true}, gathers the initial ADDED events in a temporary store until the
 * bookmark annotated {@code k8s.io/initial-events-end}, replaces the store with them and keeps the
 * same watch open. A stream that ends after some events but before that bookmark is retried as a
 * streaming list (as client-go); if the server rejects the request (400, 405, 406, 415, 422, 501) the
 * reflector lists and watches from then on; other failures, or a stream that ends at once with no event,
 * fall back to list + watch for that cycle. The first fallback is logged once at INFO. With {@link
 * Builder#watchListConsistencyCheck(boolean)} each streaming list is compared with a plain list.
 *
 * <p><b>Internal errors.</b> A watch failing with an internal error (500) ends the cycle, unless
 * {@link Builder#maxInternalErrorRetryDuration(Duration)} is set: then it is re-watched from the same
 * resource version, with backoff, for up to that long.
 *
 * <p><b>Metrics.</b> Lists, watches and the last resource version go to the builder's {@link
 * ReflectorMetricsProvider} (none by default).
 *
 * <p><b>Resync.</b> With a positive {@link Builder#resyncPeriod}, every period of a watch phase the
 * reflector calls {@link ReflectorStore#resync()} if {@link Builder#shouldResync} says so, on a
 * separate thread from the thread factory. A resync that throws ends the watch (and the cycle).
 *
 * <p><b>Threads.</b> {@link #run()} runs the loop on the caller's thread; {@link #start()} runs it on
 * a thread from the builder's {@link ThreadFactory}. {@link #stop()} is thread-safe and idempotent:
 * it stops the current watch, wakes any backoff wait, interrupts the loop's thread and joins it
 * (a list in flight ends when its HTTP call does). Each {@code Reflector} runs once.
 *
 * <p><b>Errors.</b> Every failed cycle, and every watch that could not be started for a connection
 * failure, is passed to the {@link WatchErrorHandler} (by default one WARN line per failure, repeats
 * summarised) with the delay before the next attempt, and kept as {@link #lastSyncError()}; the
 * reflector never gives up on its own. Store errors on single events (e.g.
 * an object without a key) are logged and the event skipped, as client-go does.
 *
 * @param <T> the object type
 */
public interface Reflector<T> {

    /** The annotation on the bookmark that ends a streaming list's initial events. */
    String INITIAL_EVENTS_END_ANNOTATION = "k8s.io/initial-events-end";

    /**
     * The system property that turns the streaming list consistency check on for every reflector whose
     * builder does not say otherwise ({@code -Ddev.informer.watchListConsistencyCheck=true}); client-go's
     * environment variable {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR=true} works too. See
     * {@link Builder#watchListConsistencyCheck(boolean)}.
     */
    String WATCH_LIST_CONSISTENCY_CHECK_PROPERTY = "dev.informer.watchListConsistencyCheck";

    /** The reflector's name, used in log lines and passed to the {@link WatchErrorHandler}. */
    String name();

    /**
     * Runs list-and-watch cycles on the calling thread until {@link #stop()}.
     *
     * @throws IllegalStateException if the reflector has already been started or stopped
     */
    void run();

    /**
     * Runs {@link #run()} on a new thread from the builder's thread factory and returns.
     *
     * @throws IllegalStateException if the reflector has already been started or stopped
     */
    void start();

    /**
     * Stops the loop and the current watch, and waits for the loop's thread to end (unless called
     * from that thread). Idempotent.
     */
    void stop();

    /** Whether {@link #stop()} has been called. */
    boolean isStopped();

    /**
     * The resource version of the last list or watch event applied to the store, or "" before the
     * first list. Thread-safe; not synchronized with the store's content.
     */
    String lastSyncResourceVersion();

    /**
     * The last failure reported to the {@link WatchErrorHandler} (a failed list, a watch that
     * failed or could not be started), or empty when there was none since the last successful list
     * or watch start. Thread-safe; what a caller reports when the cache does not sync.
     */
    java.util.Optional<SyncError> lastSyncError();

    /** A builder for a reflector that lists and watches with {@code listerWatcher} into {@code store}. */
    static <T> Builder<T> builder(ListerWatcher<T> listerWatcher, ReflectorStore<T> store) {
        return new Builder<>(listerWatcher, store);
    }

    /**
     * Configures a {@link Reflector}. Not thread-safe; {@link #build()} may be called more than once,
     * each call giving a new reflector (sharing the injected objects).
     *
     * @param <T> the object type
     */
    final class Builder<T> {
        static final Duration MIN_WATCH_TIMEOUT = Duration.ofMinutes(5);
        final ListerWatcher<T> listerWatcher;
        final ReflectorStore<T> store;
        String name = "reflector";
        Duration resyncPeriod = Duration.ZERO;
        BooleanSupplier shouldResync = () -> true;
        BackoffPolicy backoff = BackoffPolicy.reflectorDefault();
        Duration minWatchTimeout = Duration.ofMinutes(5);
        long pageSize = 0;
        boolean useWatchList = true;
        boolean watchListConsistencyCheck = consistencyCheckByDefault();
        Duration maxInternalErrorRetryDuration = Duration.ZERO;
        ReflectorMetricsProvider metrics = ReflectorMetricsProvider.noop();
        Clock clock = Clock.system();
        RandomGenerator random = new Random();
        ThreadFactory threadFactory;
        WatchErrorHandler watchErrorHandler;
        KeyFunction<T> keyFunction = KeyFunctions.metaNamespaceKey();
        Function<Object, ObjectMetaAccessor> metadata = ObjectMetadataReaders::self;

        /** The system property, else client-go's environment variable (see {@link #watchListConsistencyCheck}). */
        static boolean consistencyCheckByDefault() {
            return Boolean.getBoolean(WATCH_LIST_CONSISTENCY_CHECK_PROPERTY)
                    || "true".equals(System.getenv("KUBE_WATCHLIST_INCONSISTENCY_DETECTOR"));
        }

        private Builder(ListerWatcher<T> listerWatcher, ReflectorStore<T> store) {
            this.listerWatcher = Objects.requireNonNull(listerWatcher, "listerWatcher");
            this.store = Objects.requireNonNull(store, "store");
        }

        /** The name for log lines and the error handler; default "reflector". */
        public Builder<T> name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /**
         * How often to consider a resync during a watch; zero (the default) disables resync.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder<T> resyncPeriod(Duration resyncPeriod) {
            if (resyncPeriod.isNegative()) {
                throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
            }
            this.resyncPeriod = resyncPeriod;
            return this;
        }

        /** Asked at every resync period; the store is resynced only when it answers true. Default: always. */
        public Builder<T> shouldResync(BooleanSupplier shouldResync) {
            this.shouldResync = Objects.requireNonNull(shouldResync, "shouldResync");
            return this;
        }

        /** The backoff between failed cycles; default {@link BackoffPolicy#reflectorDefault()}. */
        public Builder<T> backoff(BackoffPolicy backoff) {
            this.backoff = Objects.requireNonNull(backoff, "backoff");
            return this;
        }

        /**
         * The shortest server-side watch timeout (client-go's {@code ReflectorOptions.MinWatchTimeout});
         * each watch asks for a random timeout in {@code [min, 2 * min)} to spread reconnects. Default and
         * minimum 5 minutes, as client-go (which raises shorter values to 5 minutes; here they are an error).
         *
         * @throws IllegalArgumentException if shorter than 5 minutes
         */
        public Builder<T> minWatchTimeout(Duration minWatchTimeout) {
            if (minWatchTimeout.compareTo(MIN_WATCH_TIMEOUT) < 0) {
                throw new IllegalArgumentException("minWatchTimeout must be at least 5m (as client-go): "
                        + dev.informer.clock.Durations.format(minWatchTimeout));
            }
            this.minWatchTimeout = minWatchTimeout;
            return this;
        }

        /**
         * A fixed page size for every list (client-go's {@code WatchListPageSize}). Zero (default)
         * means client-go's rule: pages of 500 for resource versions "" and "0", unpaged otherwise
         * unless the server paged the first list.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder<T> pageSize(long pageSize) {
            if (pageSize < 0) {
                throw new IllegalArgumentException("pageSize must not be negative: " + pageSize);
            }
            this.pageSize = pageSize;
            return this;
        }

        /**
         * Whether to try a streaming list (watch with {@code sendInitialEvents}) first; default true, as
         * client-go's {@code WatchListClient} feature since Kubernetes 1.35. A server that rejects the
         * request (e.g. 422 from a 1.27-1.31 server without the WatchList gate) makes the reflector fall
         * back to list + watch for good (logged once at INFO); other streaming failures fall back for
         * that cycle. {@code false} always lists and watches.
         */
        public Builder<T> useWatchList(boolean useWatchList) {
            this.useWatchList = useWatchList;
            return this;
        }

        /**
         * Whether to check each streaming list against a plain list at the same resource version
         * ({@code resourceVersionMatch=Exact}), as client-go's {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR}:
         * a difference in keys or resource versions is logged at ERROR, naming them. It costs one extra
         * full list per streaming list, so it is meant for tests. Default: on when the system property
         * {@value Reflector#WATCH_LIST_CONSISTENCY_CHECK_PROPERTY} or the environment variable
         * {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR} is {@code true}, else off.
         */
        public Builder<T> watchListConsistencyCheck(boolean check) {
            this.watchListConsistencyCheck = check;
            return this;
        }

        /**
         * How long a watch failing with an internal error (a 500 answer or a watch ERROR event with code
         * 500) is retried from the same resource version, with backoff, before the reflector relists
         * (client-go's {@code MaxInternalErrorRetryDuration}). Default zero: relist at the first one, as
         * client-go's informers (the API server's watch cache sets 30 s).
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder<T> maxInternalErrorRetryDuration(Duration duration) {
            if (duration.isNegative()) {
                throw new IllegalArgumentException("maxInternalErrorRetryDuration must not be negative: " + duration);
            }
            this.maxInternalErrorRetryDuration = duration;
            return this;
        }

        /** Where the reflector's metrics go (client-go's reflector metrics); default {@link ReflectorMetricsProvider#noop()}. */
        public Builder<T> metrics(ReflectorMetricsProvider metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        /** The clock for backoff, resync and watch durations; default {@link Clock#system()}. */
        public Builder<T> clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The random source for backoff jitter and watch timeouts (seed it in tests). */
        public Builder<T> random(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /** Where {@link Reflector#start()} and the resync loop get their threads; default daemon threads. */
        public Builder<T> threadFactory(ThreadFactory threadFactory) {
            this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
            return this;
        }

        /** Called with every failure; default {@link WatchErrorHandler#logging(Clock)} on this builder's clock. */
        public Builder<T> watchErrorHandler(WatchErrorHandler watchErrorHandler) {
            this.watchErrorHandler = Objects.requireNonNull(watchErrorHandler, "watchErrorHandler");
            return this;
        }

        /** Keys objects in the streaming list's temporary store; default namespace/name. */
        public Builder<T> keyFunction(KeyFunction<T> keyFunction) {
            this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
            return this;
        }

        /**
         * The metadata adapter: reads an event or list object's resource version and annotations
         * (the streaming list's {@code k8s.io/initial-events-end} bookmark). Pass {@code
         * ResourceType.metadataAccessor()} for a model that does not implement {@link
         * ObjectMetaAccessor}; use the same adapter for the {@link #keyFunction}. Default: the
         * object's own {@link ObjectMetaAccessor}.
         */
        public Builder<T> metadata(Function<Object, ObjectMetaAccessor> metadata) {
            this.metadata = Objects.requireNonNull(metadata, "metadata");
            return this;
        }

        /** A new reflector; nothing runs until {@link Reflector#run()} or {@link Reflector#start()}. */
        public Reflector<T> build() {
            return new ListAndWatchReflector<>(this);
        }
    }
}
