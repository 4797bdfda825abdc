package dev.informer.cache;

import dev.informer.clock.Clock;
import dev.informer.store.ReflectorStore;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.BooleanSupplier;

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
 * version" is retried at once with "" (a consistent read). Lists are paged ({@link ReflectorOptions.Builder#pageSize ReflectorOptions.Builder.pageSize},
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
 * <p><b>Streaming lists.</b> By default ({@link ReflectorOptions.Builder#useWatchList(boolean) ReflectorOptions.Builder.useWatchList}, client-go's
 * {@code WatchListClient}) the reflector asks for a watch
 * with {@code sendInitialEvents=true}, gathers the initial ADDED events in a temporary store until the
 * bookmark annotated {@code k8s.io/initial-events-end}, replaces the store with them and keeps the
 * same watch open. A stream that ends after some events but before that bookmark is retried as a
 * streaming list (as client-go); if the server rejects the request (400, 405, 406, 415, 422, 501) the
 * reflector lists and watches from then on; other failures, or a stream that ends at once with no event,
 * fall back to list + watch for that cycle. The first fallback is logged once at INFO. With {@link
 * ReflectorOptions.Builder#watchListConsistencyCheck(boolean) ReflectorOptions.Builder.watchListConsistencyCheck}
 * each streaming list is compared with a plain list.
 *
 * <p><b>Internal errors.</b> A watch failing with an internal error (500) ends the cycle, unless
 * {@link ReflectorOptions.Builder#maxInternalErrorRetryDuration(Duration) ReflectorOptions.Builder.maxInternalErrorRetryDuration} is set: then it is re-watched from the same
 * resource version, with backoff, for up to that long.
 *
 * <p><b>Metrics.</b> Lists, watches and the last resource version go to the {@link
 * ReflectorOptions#metrics() ReflectorMetricsProvider} (none by default).
 *
 * <p><b>Resync.</b> With a positive {@link Builder#resyncPeriod}, every period of a watch phase the
 * reflector calls {@link ReflectorStore#resync()} if {@link Builder#shouldResync} says so, on a
 * separate thread from the thread factory. A resync that throws ends the watch (and the cycle).
 *
 * <p><b>Threads.</b> {@link #run()} runs the loop on the caller's thread; {@link #start()} runs it on
 * a thread from the builder's {@link ThreadFactory}. {@link #close()} is thread-safe and idempotent:
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
public interface Reflector<T> extends AutoCloseable {

    /** The annotation on the bookmark that ends a streaming list's initial events. */
    String INITIAL_EVENTS_END_ANNOTATION = "k8s.io/initial-events-end";

    /**
     * The system property that turns the streaming list consistency check on for every reflector whose
     * builder does not say otherwise ({@code -Ddev.informer.watchListConsistencyCheck=true}); client-go's
     * environment variable {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR=true} works too. See
     * {@link ReflectorOptions.Builder#watchListConsistencyCheck(boolean) ReflectorOptions.Builder.watchListConsistencyCheck}.
     */
    String WATCH_LIST_CONSISTENCY_CHECK_PROPERTY = "dev.informer.watchListConsistencyCheck";

    /** The reflector's name, used in log lines and passed to the {@link WatchErrorHandler}. */
    String name();

    /**
     * Runs list-and-watch cycles on the calling thread until {@link #close()}.
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
    @Override
    void close();

    /** Whether {@link #close()} has been called. */
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
    final class Builder<T> extends ListWatchSettings<T, Builder<T>> {
        final ListerWatcher<T> listerWatcher;
        final ReflectorStore<T> store;
        BooleanSupplier shouldResync = () -> true;
        ReflectorOptions options = ReflectorOptions.defaults();

        private Builder(ListerWatcher<T> listerWatcher, ReflectorStore<T> store) {
            super("reflector");
            this.listerWatcher = Objects.requireNonNull(listerWatcher, "listerWatcher");
            this.store = Objects.requireNonNull(store, "store");
        }

        @Override
        Builder<T> self() {
            return this;
        }

        /** Asked at every resync period; the store is resynced only when it answers true. Default: always. */
        public Builder<T> shouldResync(BooleanSupplier shouldResync) {
            this.shouldResync = Objects.requireNonNull(shouldResync, "shouldResync");
            return this;
        }

        /**
         * How the reflector lists and watches: backoff, watch timeouts, paging, streaming lists, internal
         * error retries, metrics and jitter; default {@link ReflectorOptions#defaults()}.
         */
        public Builder<T> options(ReflectorOptions options) {
            this.options = Objects.requireNonNull(options, "options");
            return this;
        }

        /** A new reflector; nothing runs until {@link Reflector#run()} or {@link Reflector#start()}. */
        public Reflector<T> build() {
            return new ListAndWatchReflector<>(this);
        }
    }
}
