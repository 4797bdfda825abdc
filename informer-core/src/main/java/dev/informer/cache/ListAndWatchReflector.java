package dev.informer.cache;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Waits;
import dev.informer.errors.InformerException;
import dev.informer.store.KeyFunctions;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.ReflectorStore;
import dev.informer.store.Store;
import dev.informer.store.Stores;
import dev.informer.watch.ApiError;
import dev.informer.watch.ApiErrorException;
import dev.informer.watch.ConnectionFailure;
import dev.informer.watch.Event;
import dev.informer.watch.ListOptions;
import dev.informer.watch.ListPage;
import dev.informer.watch.StatusCarrier;
import dev.informer.watch.Watch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Reflector} implementation: client-go's reflector.go loop on one thread, plus a resync
 * thread while a watch runs. See {@link Reflector} for the contract.
 */
final class ListAndWatchReflector<T> implements Reflector<T> {

    private static final Logger log = LoggerFactory.getLogger(Reflector.class);
    static final long DEFAULT_PAGE_SIZE = 500;
    private static final Duration VERY_SHORT_WATCH = Duration.ofSeconds(1);
    /** client-go's reflector: internal errors further apart than this start a new retry window. */
    private static final Duration INTERNAL_ERROR_RESET_PERIOD = Duration.ofMinutes(1);

    private static final double NANOS_PER_SECOND = 1e9;

    private final String name;
    private final ListerWatcher<T> listerWatcher;
    private final ReflectorStore<T> store;
    private final Clock clock;
    private final java.util.random.RandomGenerator random;
    private final ThreadFactory threadFactory;
    private final WatchErrorHandler watchErrorHandler;
    private final ExponentialBackoff backoff;
    private final Duration resyncPeriod;
    private final java.util.function.BooleanSupplier shouldResync;
    private final Duration minWatchTimeout;
    private final long fixedPageSize;
    private final boolean useWatchList;
    private final boolean watchListConsistencyCheck;
    private final Duration maxInternalErrorRetryDuration;
    private final boolean metricsEnabled;
    private final dev.informer.workqueue.CounterMetric listsMetric;
    private final dev.informer.workqueue.HistogramMetric listDurationMetric;
    private final dev.informer.workqueue.HistogramMetric itemsInListMetric;
    private final dev.informer.workqueue.CounterMetric watchesMetric;
    private final dev.informer.workqueue.CounterMetric shortWatchesMetric;
    private final dev.informer.workqueue.HistogramMetric watchDurationMetric;
    private final dev.informer.workqueue.HistogramMetric itemsInWatchMetric;
    private final dev.informer.workqueue.SettableGaugeMetric lastResourceVersionMetric;
    private final dev.informer.store.KeyFunction<T> keyFunction;
    private final java.util.function.Function<Object, ObjectMetaAccessor> metadata;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled on stop and on resync-cycle changes. */
    private final Condition changed = lock.newCondition();
    // @GuardedBy("lock")
    private boolean started;
    // @GuardedBy("lock")
    private @Nullable Thread runner;
    // @GuardedBy("lock")
    private @Nullable Thread resyncThread;
    // @GuardedBy("lock")
    private @Nullable Watch<T> currentWatch;
    // @GuardedBy("lock")
    private boolean resyncActive;
    // @GuardedBy("lock")
    private long resyncDeadlineNanos;
    // @GuardedBy("lock")
    private @Nullable RuntimeException resyncError;

    private volatile boolean stopped;
    private volatile String lastSyncResourceVersion = "";
    private volatile boolean lastSyncResourceVersionUnavailable;
    private volatile @Nullable SyncError lastSyncError;
    /** Whether a failure was reported since the last successful list or watch start (loop thread only). */
    private boolean failing;
    /** Only touched by the loop's thread. */
    private boolean paginatedResult;
    /** Whether a fallback from the streaming list was logged at INFO already (loop thread only). */
    private boolean loggedStreamingFallback;
    /** Set once the server said it does not support streaming lists: list + watch from then on (loop thread only). */
    private boolean streamingListUnsupported;
    /** The number of events the last {@link #consumeWatch} applied (loop thread only). */
    private int lastWatchEventCount;

    ListAndWatchReflector(Reflector.Builder<T> b) {
        this.name = b.name;
        this.listerWatcher = b.listerWatcher;
        this.store = b.store;
        ReflectorOptions options = b.options;
        this.clock = b.clock;
        this.random = options.random();
        this.threadFactory = b.threadFactory != null ? b.threadFactory : daemonThreads(b.name);
        this.watchErrorHandler = b.watchErrorHandler != null ? b.watchErrorHandler : WatchErrorHandler.logging(b.clock);
        this.backoff = new ExponentialBackoff(options.backoff(), b.clock, options.random());
        this.resyncPeriod = b.resyncPeriod;
        this.shouldResync = b.shouldResync;
        this.minWatchTimeout = options.minWatchTimeout();
        this.fixedPageSize = options.pageSize();
        this.useWatchList = options.useWatchList();
        this.watchListConsistencyCheck = options.watchListConsistencyCheck();
        this.maxInternalErrorRetryDuration = options.maxInternalErrorRetryDuration();
        ReflectorMetricsProvider metrics = options.metrics();
        this.metricsEnabled = metrics != ReflectorMetricsProvider.noop();
        this.listsMetric = metrics.newListsMetric(b.name);
        this.listDurationMetric = metrics.newListDurationMetric(b.name);
        this.itemsInListMetric = metrics.newItemsInListMetric(b.name);
        this.watchesMetric = metrics.newWatchesMetric(b.name);
        this.shortWatchesMetric = metrics.newShortWatchesMetric(b.name);
        this.watchDurationMetric = metrics.newWatchDurationMetric(b.name);
        this.itemsInWatchMetric = metrics.newItemsInWatchMetric(b.name);
        this.lastResourceVersionMetric = metrics.newLastResourceVersionMetric(b.name);
        this.keyFunction = b.keyFunction != null ? b.keyFunction : KeyFunctions.metaNamespaceKey();
        this.metadata = b.metadata != null ? b.metadata : ObjectMetadataReaders::self;
    }

    private static ThreadFactory daemonThreads(String name) {
        AtomicInteger counter = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String lastSyncResourceVersion() {
        return lastSyncResourceVersion;
    }

    @Override
    public Optional<SyncError> lastSyncError() {
        return Optional.ofNullable(lastSyncError);
    }

    @Override
    public boolean isStopped() {
        return stopped;
    }

    @Override
    public void start() {
        Thread thread;
        lock.lock();
        try {
            checkStartableLocked();
            thread = threadFactory.newThread(this::runLoop);
            runner = thread;
            started = true;
        } finally {
            lock.unlock();
        }
        thread.start();
    }

    @Override
    public void run() {
        Locks.run(lock, () -> {
            checkStartableLocked();
            runner = Thread.currentThread();
            started = true;
        });
        runLoop();
    }

    private void checkStartableLocked() {
        if (stopped) {
            throw new IllegalStateException("reflector " + name + " has been stopped and cannot run again");
        }
        if (started) {
            throw new IllegalStateException("reflector " + name + " is already running");
        }
    }

    @Override
    public void close() {
        Thread loopThread;
        Thread resync;
        Watch<T> watch;
        lock.lock();
        try {
            if (stopped) {
                loopThread = runner;
                resync = resyncThread;
                watch = null;
            } else {
                stopped = true;
                loopThread = runner;
                resync = resyncThread;
                watch = currentWatch;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
        if (watch != null) {
            stopQuietly(watch);
        }
        Thread self = Thread.currentThread();
        if (loopThread != null && loopThread != self) {
            // Interrupting unblocks waits and interruptible I/O; a plain socket read ends with its timeout.
            loopThread.interrupt();
            Uninterruptibly.join(loopThread);
        }
        if (resync != null && resync != self) {
            Uninterruptibly.join(resync);
        }
    }

    // ---------------------------------------------------------------- the loop

    private void runLoop() {
        log.debug("{}: starting reflector (resync {})", name, resyncPeriod);
        startResyncThreadIfNeeded();
        try {
            while (!stopped) {
                Duration delay;
                long from = clock.nanoTime();
                try {
                    listAndWatch();
                    delay = backoff.next();
                } catch (StopRequested e) {
                    break;
                } catch (ResourceVersionWentBackwards e) {
                    // Already logged (one WARN); the next cycle relists with a consistent read.
                    delay = backoff.next();
                } catch (RuntimeException e) {
                    if (stopped) {
                        break;
                    }
                    Duration retryAfter = retryAfterOf(e);
                    delay = retryAfter != null ? retryAfter : backoff.next();
                    from = clock.nanoTime();
                    reportError(e, delay);
                } catch (Exception undeclared) {
                    // A checked exception the ListerWatcher threw without declaring it (OkHttp throws
                    // InterruptedException so when stop() interrupts this thread mid-connect): the end
                    // of the loop when stopping, else one failure like any other. Never fatal.
                    if (stopped) {
                        break;
                    }
                    delay = backoff.next();
                    from = clock.nanoTime();
                    reportError(new IllegalStateException(undeclared.toString(), undeclared), delay);
                }
                if (stopped) {
                    break;
                }
                waitUntilOrStop(from + Clock.toNanosSaturated(delay));
            }
        } catch (StopRequested e) {
            // stopped while backing off
        } finally {
            Locks.run(lock, () -> {
                stopped = true;
                changed.signalAll();
            });
            log.debug("{}: reflector stopped", name);
        }
    }

    /** Records {@code error} as the last sync error and passes it to the handler, with the retry delay. */
    private void reportError(RuntimeException error, Duration retryIn) {
        SyncError syncError = new SyncError(error, clock.now(), retryIn);
        failing = true;
        try {
            watchErrorHandler.onWatchError(name, error, retryIn);
        } catch (RuntimeException handlerFailure) {
            log.error("{}: the watch error handler failed", name, handlerFailure);
        }
        // Published after the handler ran: whoever sees it also sees what the handler logged.
        lastSyncError = syncError;
    }

    /** A list succeeded or a watch started: the failures, if any, are over. */
    private void recovered() {
        if (!failing) {
            return;
        }
        failing = false;
        lastSyncError = null;
        try {
            watchErrorHandler.onRecovered(name);
        } catch (RuntimeException handlerFailure) {
            log.error("{}: the watch error handler failed", name, handlerFailure);
        }
    }

    /**
     * Backs off after a failure that is retried without ending the cycle (the server unreachable, or
     * a 429), reporting it first unless it is a 429.
     */
    private void reportAndBackOff(RuntimeException error) {
        Duration retryAfter = retryAfterOf(error);
        Duration delay = retryAfter != null ? retryAfter : backoff.next();
        long from = clock.nanoTime();
        if (isTooManyRequests(error)) {
            // The server asks us to slow down (client-go: not an error, only a V(2) line).
            log.debug("{}: {} - backing off {}", name, error.getMessage(), delay);
        } else {
            reportError(error, delay);
        }
        // The delay counts from the failure (a slow handler does not lengthen it).
        waitUntilOrStop(from + Clock.toNanosSaturated(delay));
    }

    /** One cycle: (streaming) list, then watch until the watch fails. Throws what ended the cycle. */
    void listAndWatch() {
        Watch<T> watch = null;
        boolean fallbackToList = !useWatchList || streamingListUnsupported;
        if (!fallbackToList) {
            try {
                watch = watchList();
            } catch (StopRequested e) {
                throw e;
            } catch (RuntimeException e) {
                if (stopped) {
                    throw new StopRequested();
                }
                fallBackFromStreamingList(e);
                fallbackToList = true;
            }
        }
        if (fallbackToList) {
            list();
        }
        log.debug("{}: caches populated at resource version {}", name, lastSyncResourceVersion);
        watchWithResync(watch);
    }

    /**
     * Logs why this cycle lists instead of streaming, ONCE at INFO per reflector, then at DEBUG (a failure
     * that also fails the list, such as a 401 or 403, is reported by the list). A server that rejects the
     * request itself does not support streaming lists: that answer is kept, and the reflector lists and
     * watches from then on without asking again.
     */
    private void fallBackFromStreamingList(RuntimeException e) {
        boolean unsupported = rejectsStreamingLists(e);
        if (unsupported) {
            streamingListUnsupported = true;
        }
        String reason = dev.informer.cache.internal.FailureLog.oneLine(e.toString());
        if (loggedStreamingFallback) {
            log.debug("{}: the streaming list failed, falling back to list and watch: {}", name, reason);
        } else {
            loggedStreamingFallback = true;
            if (unsupported) {
                log.info(
                        "{}: the server does not support streaming lists ({}); using list and watch from now on",
                        name,
                        reason);
            } else {
                log.info(
                        "{}: the streaming list failed, falling back to list and watch for this attempt: {}",
                        name,
                        reason);
            }
        }
    }

    /**
     * Whether the server rejected the streaming list request as such: 400 Bad Request, 405, 406, 415,
     * 422 Invalid ("sendInitialEvents is forbidden for watch unless the WatchList feature gate is
     * enabled", the answer of 1.27-1.31 servers without the gate; older servers reject
     * resourceVersionMatch on a watch) or 501.
     */
    static boolean rejectsStreamingLists(RuntimeException e) {
        ApiError status = statusOf(e);
        if (status == null) {
            return false;
        }
        int code = status.code();
        return code == 400 || code == 405 || code == 406 || code == 415 || code == 422 || code == 501;
    }

    // ---------------------------------------------------------------- list

    private void list() {
        long listStart = clock.nanoTime();
        String resourceVersion = relistResourceVersion();
        long pageSize = pageSizeFor(resourceVersion);
        PagedList<T> result;
        boolean consistent = resourceVersion.isEmpty();
        try {
            result = pagedList(resourceVersion, pageSize);
        } catch (RuntimeException e) {
            if (!isExpired(e) && !isTooLargeResourceVersion(e)) {
                throw e;
            }
            // The version we asked for is gone (or ahead of this server): a consistent read from scratch.
            lastSyncResourceVersionUnavailable = true;
            log.debug(
                    "{}: list at resource version {} failed ({}), relisting from the latest",
                    name,
                    resourceVersion,
                    e.getMessage());
            result = pagedList(relistResourceVersion(), pageSize);
            consistent = true;
        }
        checkStopped();
        if (wentBackwards(result.resourceVersion(), "list")) {
            if (!consistent) {
                // A list served from a cache (at "0" or a version): ask for a consistent one.
                lastSyncResourceVersionUnavailable = true;
                result = pagedList(relistResourceVersion(), pageSize);
                checkStopped();
            }
            // A consistent list is the server's truth: the store takes it, even though it is older.
        }
        if ("0".equals(resourceVersion) && result.paginated()) {
            paginatedResult = true;
        }
        lastSyncResourceVersionUnavailable = false;
        store.replace(result.items(), result.resourceVersion());
        lastSyncResourceVersion = result.resourceVersion();
        recordList(listStart, result.items().size(), result.resourceVersion());
        recovered();
    }

    private void recordList(long startNanos, int items, String resourceVersion) {
        listsMetric.inc();
        listDurationMetric.observe((clock.nanoTime() - startNanos) / NANOS_PER_SECOND);
        itemsInListMetric.observe(items);
        recordResourceVersion(resourceVersion);
    }

    private void recordResourceVersion(String resourceVersion) {
        if (!metricsEnabled || resourceVersion == null || resourceVersion.isEmpty()) {
            return;
        }
        try {
            lastResourceVersionMetric.set((double) Long.parseLong(resourceVersion));
        } catch (NumberFormatException opaque) {
            // Opaque resource versions are not reported.
        }
    }

    /**
     * Whether {@code resourceVersion}, just received in a {@code what} (list, event, bookmark), is
     * older than the last one applied: the server was restarted or restored with other content.
     * Logs the one WARN and forgets the last version (the next list is a consistent read, and it
     * is not compared again). False when the versions are not comparable.
     */
    private boolean wentBackwards(String resourceVersion, String what) {
        String last = lastSyncResourceVersion;
        OptionalInt order = ResourceVersions.compare(resourceVersion, last);
        if (order.isEmpty() || order.getAsInt() >= 0) {
            return false;
        }
        log.warn(
                "{}: the server's resource version went backwards from {} to {} (in a {}): the API server was "
                        + "restarted or restored with other content; relisting with a consistent read",
                name,
                last,
                resourceVersion,
                what);
        lastSyncResourceVersionUnavailable = true;
        lastSyncResourceVersion = "";
        return true;
    }

    private long pageSizeFor(String resourceVersion) {
        if (fixedPageSize > 0) {
            return fixedPageSize;
        }
        if (paginatedResult) {
            return DEFAULT_PAGE_SIZE;
        }
        if (!resourceVersion.isEmpty() && !"0".equals(resourceVersion)) {
            // A list at a specific version can be served from the watch cache only when unpaged.
            return 0;
        }
        return DEFAULT_PAGE_SIZE;
    }

    record PagedList<T>(List<T> items, String resourceVersion, boolean paginated) {
        PagedList {
            resourceVersion = resourceVersion == null ? "" : resourceVersion;
        }
    }

    /** client-go's pager: follows continue tokens; an expired token falls back to one full list. */
    private PagedList<T> pagedList(String resourceVersion, long pageSize) {
        ListOptions first = listOptions(resourceVersion, pageSize, null);
        ListPage<T> page = listerWatcher.list(first);
        String token = continueOf(page);
        if (token == null || token.isEmpty()) {
            return new PagedList<>(page.items(), orEmpty(page.resourceVersion()), false);
        }
        List<T> items = new ArrayList<>(page.items());
        String listResourceVersion = page.resourceVersion();
        while (token != null && !token.isEmpty()) {
            checkStopped();
            try {
                // Continuation pages carry the version in the token; the request must not repeat it.
                page = listerWatcher.list(listOptions("", pageSize, token));
            } catch (RuntimeException e) {
                if (!isExpired(e)) {
                    throw e;
                }
                log.debug("{}: continue token expired during a paged list, falling back to a full list", name);
                ListPage<T> full = listerWatcher.list(listOptions(resourceVersion, 0, null));
                return new PagedList<>(full.items(), orEmpty(full.resourceVersion()), true);
            }
            items.addAll(page.items());
            listResourceVersion = page.resourceVersion();
            token = continueOf(page);
        }
        return new PagedList<>(items, orEmpty(listResourceVersion), true);
    }

    // A list without a resource version is read at "" (the compact constructor's rule, typed).
    private static String orEmpty(@Nullable String resourceVersion) {
        return resourceVersion == null ? "" : resourceVersion;
    }

    private static @Nullable String continueOf(ListPage<?> list) {
        return list.continueToken();
    }

    private static ListOptions listOptions(
            @Nullable String resourceVersion, long limit, @Nullable String continueToken) {
        ListOptions.Builder options = ListOptions.builder().resourceVersion(resourceVersion);
        if (limit > 0) {
            options.limit(limit);
        }
        if (continueToken != null) {
            options.continueToken(continueToken);
        }
        return options.build();
    }

    /** client-go's relistResourceVersion: "" after an unavailable version, "0" at first, else the last seen. */
    String relistResourceVersion() {
        if (lastSyncResourceVersionUnavailable) {
            return "";
        }
        String last = lastSyncResourceVersion;
        return last.isEmpty() ? "0" : last;
    }

    /** client-go's rewatchResourceVersion, for streaming lists. */
    private String rewatchResourceVersion() {
        return lastSyncResourceVersionUnavailable ? "" : lastSyncResourceVersion;
    }

    // ---------------------------------------------------------------- streaming list

    private Watch<T> watchList() {
        Store<T> temporary;
        String resourceVersion;
        Watch<T> watch;
        long streamStart;
        while (true) {
            checkStopped();
            temporary = Stores.newStore(keyFunction);
            ListOptions options = ListOptions.builder()
                    .resourceVersion(rewatchResourceVersion())
                    .resourceVersionMatch(ListOptions.MATCH_NOT_OLDER_THAN)
                    .sendInitialEvents(true)
                    .allowWatchBookmarks(true)
                    .timeoutSeconds(watchTimeoutSeconds())
                    .build();
            long start = clock.nanoTime();
            streamStart = start;
            try {
                watch = listerWatcher.watch(options);
            } catch (RuntimeException e) {
                if (retriableWatchListError(e)) {
                    continue;
                }
                throw e;
            }
            WatchOutcome outcome = handleWatch(start, watch, temporary, true);
            if (outcome.error() != null) {
                stopQuietly(watch);
                if (outcome.error() instanceof StopRequested stop) {
                    throw stop;
                }
                if (retriableWatchListError(outcome.error())) {
                    continue;
                }
                throw outcome.error();
            }
            if (outcome.initialEventsEnded()) {
                // the end bookmark's version: set whenever the initial events ended
                resourceVersion =
                        java.util.Objects.requireNonNull(outcome.lastResourceVersion(), "lastResourceVersion");
                if (wentBackwards(resourceVersion, "streaming list's end bookmark")
                        && !rewatchResourceVersionWasConsistent(options)) {
                    stopQuietly(watch);
                    continue;
                }
                break;
            }
            // Ended cleanly after some events but before the end bookmark (a timeout, a dropped
            // connection): retry the streaming list from scratch, as client-go; an empty stream that
            // ended at once was a VeryShortWatchException above, which falls back to list + watch.
            stopQuietly(watch);
            log.debug(
                    "{}: the streaming list ended without the {} bookmark; retrying it",
                    name,
                    INITIAL_EVENTS_END_ANNOTATION);
        }
        List<T> streamed = temporary.list();
        if (watchListConsistencyCheck) {
            try {
                checkWatchListConsistency(streamed, resourceVersion);
            } catch (StopRequested e) {
                stopQuietly(watch);
                throw e;
            }
        }
        lastSyncResourceVersionUnavailable = false;
        store.replace(streamed, resourceVersion);
        lastSyncResourceVersion = resourceVersion;
        recordList(streamStart, streamed.size(), resourceVersion);
        recovered();
        return watch;
    }

    /**
     * client-go's watch-list data consistency detector ({@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR}):
     * lists at exactly the streamed version and compares keys and resource versions with what the
     * streaming list gathered. A difference is a server bug (or a broken proxy): logged at ERROR with
     * the differing keys. A failed check list is logged at WARN and does not stop the reflector.
     */
    private void checkWatchListConsistency(List<T> streamed, String resourceVersion) {
        ListPage<T> listed;
        try {
            listed = listerWatcher.list(ListOptions.builder()
                    .resourceVersion(resourceVersion)
                    .resourceVersionMatch(ListOptions.MATCH_EXACT)
                    .build());
        } catch (RuntimeException e) {
            if (stopped) {
                throw new StopRequested();
            }
            log.warn(
                    "{}: the streaming list consistency check could not list at resource version {}: {}",
                    name,
                    resourceVersion,
                    dev.informer.cache.internal.FailureLog.oneLine(e.toString()));
            return;
        }
        Map<String, String> fromStream = versionsByKey(streamed);
        Map<String, String> fromList = versionsByKey(listed.items());
        if (fromStream.equals(fromList)) {
            log.debug(
                    "{}: the streaming list at resource version {} matches a list ({} objects)",
                    name,
                    resourceVersion,
                    fromList.size());
            return;
        }
        List<String> differences = new ArrayList<>();
        java.util.TreeSet<String> keys = new java.util.TreeSet<>(fromStream.keySet());
        keys.addAll(fromList.keySet());
        for (String key : keys) {
            String streamedVersion = fromStream.get(key);
            String listedVersion = fromList.get(key);
            if (streamedVersion == null) {
                differences.add(key + " missing from the stream");
            } else if (listedVersion == null) {
                differences.add(key + " not in the list");
            } else if (!streamedVersion.equals(listedVersion)) {
                differences.add(
                        key + " at " + streamedVersion + " in the stream but " + listedVersion + " in the list");
            }
        }
        int shown = Math.min(differences.size(), 10);
        log.error(
                "{}: the streaming list at resource version {} differs from a list at the same version "
                        + "({} streamed, {} listed; {} difference(s): {}{})",
                name,
                resourceVersion,
                fromStream.size(),
                fromList.size(),
                differences.size(),
                String.join(", ", differences.subList(0, shown)),
                shown < differences.size() ? ", ..." : "");
    }

    private Map<String, String> versionsByKey(List<T> objects) {
        Map<String, String> versions = new java.util.HashMap<>();
        for (T object : objects) {
            try {
                ObjectMetaAccessor meta = metadata.apply(object);
                String version = meta == null || meta.resourceVersion() == null ? "" : meta.resourceVersion();
                versions.put(keyFunction.key(object), version);
            } catch (RuntimeException e) {
                versions.put("<unkeyable " + object.getClass().getName() + ">", "");
            }
        }
        return versions;
    }

    private static boolean rewatchResourceVersionWasConsistent(ListOptions options) {
        return options.resourceVersion() == null || options.resourceVersion().isEmpty();
    }

    private boolean retriableWatchListError(RuntimeException e) {
        if (isRetriableWatchError(e)) {
            reportAndBackOff(e);
            return true;
        }
        if (isExpired(e) || isTooLargeResourceVersion(e)) {
            lastSyncResourceVersionUnavailable = true;
            return true;
        }
        return false;
    }

    // ---------------------------------------------------------------- watch

    private void watchWithResync(@Nullable Watch<T> initialWatch) {
        setResyncActive(true);
        try {
            watch(initialWatch);
        } finally {
            setResyncActive(false);
        }
    }

    /** Watches until a watch fails; a clean end re-watches from the last version without relisting. */
    private void watch(@Nullable Watch<T> initialWatch) {
        Watch<T> watch = initialWatch;
        InternalErrorRetry retry = new InternalErrorRetry();
        while (true) {
            if (stopped) {
                if (watch != null) {
                    stopQuietly(watch);
                }
                throw new StopRequested();
            }
            long start = clock.nanoTime();
            if (watch == null) {
                ListOptions options = ListOptions.builder()
                        .resourceVersion(lastSyncResourceVersion)
                        .timeoutSeconds(watchTimeoutSeconds())
                        .allowWatchBookmarks(true)
                        .build();
                try {
                    watch = listerWatcher.watch(options);
                } catch (RuntimeException e) {
                    if (stopped) {
                        throw new StopRequested();
                    }
                    backOffRetryOrThrow(e, isRetriableWatchError(e), retry);
                    continue;
                }
                recovered();
            }
            WatchOutcome outcome = handleWatch(start, watch, store, false);
            stopQuietly(watch);
            watch = null;
            RuntimeException error = outcome.error();
            if (error == null) {
                continue;
            }
            if (error instanceof StopRequested) {
                throw error;
            }
            backOffRetryOrThrow(error, isTooManyRequests(error), retry);
        }
    }

    /**
     * After a failed watch start or a watch that ended with {@code error}: reports it and backs off when
     * {@code shouldBackOff}, else lets {@code retry} decide whether the watch is retried at once (an internal
     * error within the retry duration); returns to go round the watch loop again.
     *
     * @throws RuntimeException {@code error} (marked if too large) when it is not retried: the loop
     *     relists
     */
    private void backOffRetryOrThrow(RuntimeException error, boolean shouldBackOff, InternalErrorRetry retry) {
        if (shouldBackOff) {
            reportAndBackOff(error);
            return;
        }
        if (!retry.shouldRetry(error)) {
            throw markIfTooLarge(error);
        }
    }

    /**
     * client-go's retryWithDeadline for MaxInternalErrorRetryDuration, per watch phase: a watch that fails
     * with an internal error (a 500 answer or a watch ERROR event with code 500) is reported, backed off
     * and re-watched from the same resource version while the first such error of the window is at most
     * that long ago; an internal error more than a minute after the previous one opens a new window.
     * With a zero duration (the default, as client-go's informers) the cycle ends and the reflector
     * relists.
     */
    private final class InternalErrorRetry {
        private boolean inWindow;
        private long firstNanos;
        private long lastNanos;

        /** Records {@code error}; if retrying, reports it, backs off and returns true. */
        boolean shouldRetry(RuntimeException error) {
            if (!isInternalError(error)) {
                return false;
            }
            long now = clock.nanoTime();
            if (inWindow && now - lastNanos > INTERNAL_ERROR_RESET_PERIOD.toNanos()) {
                inWindow = false;
            }
            if (!inWindow) {
                inWindow = true;
                firstNanos = now;
            }
            lastNanos = now;
            if (maxInternalErrorRetryDuration.isZero()
                    || now - firstNanos > Clock.toNanosSaturated(maxInternalErrorRetryDuration)) {
                return false;
            }
            log.debug(
                    "{}: retrying the watch from resource version {} after an internal error: {}",
                    name,
                    lastSyncResourceVersion,
                    error.getMessage());
            reportAndBackOff(error);
            return true;
        }
    }

    /**
     * A watch from a version the server has not reached ("too large resource version", 504 with a
     * {@code ResourceVersionTooLarge} cause): the version is unavailable, so the relist after this
     * cycle is a consistent read rather than a retry from the same version forever.
     */
    private RuntimeException markIfTooLarge(RuntimeException error) {
        if (isTooLargeResourceVersion(error)) {
            lastSyncResourceVersionUnavailable = true;
        }
        return error;
    }

    private int watchTimeoutSeconds() {
        return (int) (minWatchTimeout.toSeconds() * (random.nextDouble() + 1.0));
    }

    record WatchOutcome(
            @Nullable RuntimeException error, boolean initialEventsEnded, @Nullable String lastResourceVersion) {}

    /**
     * Applies events from {@code watch} to {@code target} until the watch ends, fails, the reflector
     * stops or (with {@code exitOnInitialEventsEnd}) the initial-events-end bookmark arrives.
     */
    private WatchOutcome handleWatch(
            long startNanos, Watch<T> watch, ReflectorStore<T> target, boolean exitOnInitialEventsEnd) {
        if (exitOnInitialEventsEnd) {
            return consumeWatch(startNanos, watch, target, true);
        }
        watchesMetric.inc();
        WatchOutcome outcome = consumeWatch(startNanos, watch, target, false);
        if (outcome.error() instanceof VeryShortWatchException) {
            shortWatchesMetric.inc();
        }
        watchDurationMetric.observe((clock.nanoTime() - startNanos) / NANOS_PER_SECOND);
        itemsInWatchMetric.observe(lastWatchEventCount);
        return outcome;
    }

    private WatchOutcome consumeWatch(
            long startNanos, Watch<T> watch, ReflectorStore<T> target, boolean exitOnInitialEventsEnd) {
        setCurrentWatch(watch);
        boolean initialEventsEnded = false;
        String lastResourceVersion = null;
        int eventCount = 0;
        lastWatchEventCount = 0;
        try {
            while (true) {
                RuntimeException interruption = interruption();
                if (interruption != null) {
                    return new WatchOutcome(interruption, initialEventsEnded, lastResourceVersion);
                }
                Event<T> event;
                try {
                    event = watch.next();
                } catch (InterruptedException e) {
                    return new WatchOutcome(new StopRequested(), initialEventsEnded, lastResourceVersion);
                }
                if (event == null) {
                    interruption = interruption();
                    if (interruption != null) {
                        return new WatchOutcome(interruption, initialEventsEnded, lastResourceVersion);
                    }
                    break;
                }
                if (event.type() == dev.informer.watch.EventType.ERROR) {
                    return new WatchOutcome(errorOf(event.object()), initialEventsEnded, lastResourceVersion);
                }
                T object = event.typedObject();
                String resourceVersion;
                ObjectMetaAccessor meta;
                try {
                    meta = metadata.apply(object);
                    if (meta == null) {
                        throw new IllegalArgumentException("the metadata accessor returned null");
                    }
                    resourceVersion = meta.resourceVersion() == null ? "" : meta.resourceVersion();
                } catch (RuntimeException e) {
                    log.error(
                            "{}: unable to understand watch event {} of {}",
                            name,
                            event.type(),
                            object.getClass().getName(),
                            e);
                    continue;
                }
                if (!exitOnInitialEventsEnd
                        && wentBackwards(resourceVersion, event.type().name() + " event" + describe(meta))) {
                    return new WatchOutcome(
                            new ResourceVersionWentBackwards(), initialEventsEnded, lastResourceVersion);
                }
                try {
                    switch (event.type()) {
                        case ADDED -> target.add(object);
                        case MODIFIED -> target.update(object);
                        case DELETED -> target.delete(object);
                        case BOOKMARK -> {
                            Map<String, String> annotations = meta.annotations();
                            if (annotations != null && "true".equals(annotations.get(INITIAL_EVENTS_END_ANNOTATION))) {
                                initialEventsEnded = true;
                            }
                            target.bookmark(resourceVersion);
                        }
                        default -> log.error("{}: unable to understand watch event type {}", name, event.type());
                    }
                } catch (RuntimeException e) {
                    log.error("{}: unable to apply watch event {} to the store", name, event.type(), e);
                }
                if (exitOnInitialEventsEnd) {
                    lastResourceVersion = resourceVersion;
                } else {
                    lastSyncResourceVersion = resourceVersion;
                    lastResourceVersion = resourceVersion;
                    recordResourceVersion(resourceVersion);
                }
                eventCount++;
                lastWatchEventCount = eventCount;
                if (exitOnInitialEventsEnd && initialEventsEnded) {
                    return new WatchOutcome(null, true, lastResourceVersion);
                }
            }
        } finally {
            setCurrentWatch(null);
        }
        long durationNanos = clock.nanoTime() - startNanos;
        if (durationNanos < VERY_SHORT_WATCH.toNanos() && eventCount == 0) {
            return new WatchOutcome(new VeryShortWatchException(name), initialEventsEnded, lastResourceVersion);
        }
        log.debug("{}: watch closed after {} events", name, eventCount);
        return new WatchOutcome(null, initialEventsEnded, lastResourceVersion);
    }

    /** A stop request or a failed resync, which both end the current watch. */
    private @Nullable RuntimeException interruption() {
        if (stopped) {
            return new StopRequested();
        }
        // Asked before every watch event: locked in place, no capturing lambda per event.
        lock.lock();
        try {
            RuntimeException error = resyncError;
            resyncError = null;
            return error;
        } finally {
            lock.unlock();
        }
    }

    private static RuntimeException errorOf(Object statusObject) {
        if (statusObject instanceof ApiError status) {
            return new ApiErrorException(status);
        }
        return new ApiErrorException(ApiError.of(
                500, "InternalError", "the watch sent an ERROR event whose object is not a status: " + statusObject));
    }

    private void setCurrentWatch(@Nullable Watch<T> watch) {
        Locks.run(lock, () -> currentWatch = watch);
        if (watch != null && stopped) {
            stopQuietly(watch);
        }
    }

    // ---------------------------------------------------------------- resync

    private void startResyncThreadIfNeeded() {
        if (resyncPeriod.isZero()) {
            return;
        }
        Thread thread = threadFactory.newThread(this::resyncLoop);
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            resyncThread = thread;
        } finally {
            lock.unlock();
        }
        thread.start();
    }

    private void setResyncActive(boolean active) {
        lock.lock();
        try {
            resyncActive = active;
            resyncError = null;
            if (active) {
                resyncDeadlineNanos = clock.nanoTime() + Clock.toNanosSaturated(resyncPeriod);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void resyncLoop() {
        long periodNanos = Clock.toNanosSaturated(resyncPeriod);
        lock.lock();
        try {
            while (!stopped) {
                if (!resyncActive) {
                    changed.await();
                    continue;
                }
                if (clock.nanoTime() - resyncDeadlineNanos < 0) {
                    clock.awaitUntil(lock, changed, resyncDeadlineNanos);
                    continue;
                }
                lock.unlock();
                RuntimeException failure = null;
                try {
                    if (shouldResync.getAsBoolean()) {
                        log.debug("{}: forcing resync", name);
                        store.resync();
                    }
                } catch (RuntimeException e) {
                    failure = e;
                } finally {
                    lock.lock();
                }
                resyncDeadlineNanos = clock.nanoTime() + periodNanos;
                if (failure != null && resyncActive) {
                    // End the watch so the loop reports the failure and relists, as client-go's resyncerrc.
                    resyncError = failure;
                    if (currentWatch != null) {
                        stopQuietly(currentWatch);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }

    // ---------------------------------------------------------------- waiting and errors

    /** Waits until {@code deadline} on the clock; throws {@link StopRequested} if stopped meanwhile. */
    private void waitUntilOrStop(long deadline) {
        lock.lock();
        try {
            Waits.untilDeadlineUnless(clock, lock, changed, deadline, () -> stopped);
        } catch (InterruptedException e) {
            throw new StopRequested();
        } finally {
            lock.unlock();
        }
        checkStopped();
    }

    /**
     * Stops a watch, containing a failure: {@code Watch.stop()} must not throw, but a transport
     * closing its stream under a concurrent read may, and that must not break stop() or the loop.
     */
    private void stopQuietly(Watch<T> watch) {
        try {
            watch.stop();
        } catch (RuntimeException e) {
            log.debug("{}: stopping the watch failed", name, e);
        }
    }

    private void checkStopped() {
        if (stopped) {
            throw new StopRequested();
        }
    }

    /** client-go's isWatchErrorRetriable: the server is unreachable or asks us to slow down. */
    static boolean isRetriableWatchError(RuntimeException e) {
        return e instanceof ConnectionFailure || isTooManyRequests(e);
    }

    /** The server's error that {@code e} carries ({@link StatusCarrier}), or {@code null} if it carries none. */
    private static @Nullable ApiError statusOf(RuntimeException e) {
        return e instanceof StatusCarrier carrier ? carrier.status() : null;
    }

    /** Reason TooManyRequests or code 429, whatever the reason (apimachinery's IsTooManyRequests). */
    static boolean isTooManyRequests(RuntimeException e) {
        ApiError status = statusOf(e);
        return status != null && ("TooManyRequests".equals(status.reason()) || status.code() == 429);
    }

    /** Reason InternalError, or code 500 with an unknown reason (apimachinery's IsInternalError). */
    static boolean isInternalError(RuntimeException e) {
        ApiError status = statusOf(e);
        return status != null && reasonOrUnknownCode(status, "InternalError", 500);
    }

    /** The requested resource version or continue token is gone: reason Expired, or Gone (or 410 unknown). */
    static boolean isExpired(RuntimeException e) {
        ApiError status = statusOf(e);
        return status != null
                && (ApiError.REASON_EXPIRED.equals(status.reason())
                        || reasonOrUnknownCode(status, ApiError.REASON_GONE, 410));
    }

    private static boolean reasonOrUnknownCode(ApiError status, String reason, int code) {
        return reason.equals(status.reason()) || (!ApiError.isKnownReason(status.reason()) && status.code() == code);
    }

    /** client-go's isTooLargeResourceVersionError, including the pre-1.18 message forms. */
    static boolean isTooLargeResourceVersion(RuntimeException e) {
        ApiError status = statusOf(e);
        if (status == null) {
            return false;
        }
        for (ApiError.Cause cause : status.causes()) {
            if ("ResourceVersionTooLarge".equals(cause.reason())) {
                return true;
            }
        }
        if (!reasonOrUnknownCode(status, "Timeout", 504)) {
            return false;
        }
        for (ApiError.Cause cause : status.causes()) {
            if ("Too large resource version".equals(cause.message())) {
                return true;
            }
        }
        String message = status.message();
        return message != null && message.contains("Too large resource version");
    }

    private static @Nullable Duration retryAfterOf(RuntimeException e) {
        if (isTooManyRequests(e)) {
            return ((StatusCarrier) e).retryAfter().orElse(null);
        }
        return null;
    }

    private static String describe(ObjectMetaAccessor meta) {
        String namespace = meta.namespace();
        String name = meta.name();
        if (name == null || name.isEmpty()) {
            return "";
        }
        return " of " + (namespace == null || namespace.isEmpty() ? name : namespace + "/" + name);
    }

    /** Ends a cycle whose events went back in time; logged once where detected, never passed to the handler. */
    static final class ResourceVersionWentBackwards extends InformerException {
        private static final long serialVersionUID = 1L;

        ResourceVersionWentBackwards() {
            super("the resource version went backwards", null, false, false);
        }
    }

    /** Unwinds the loop when the reflector is stopped; never escapes the reflector. */
    static final class StopRequested extends InformerException {
        private static final long serialVersionUID = 1L;

        StopRequested() {
            super("stop requested", null, false, false);
        }
    }
}
