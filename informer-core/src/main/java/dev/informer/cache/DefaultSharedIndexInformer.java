package dev.informer.cache;

import dev.informer.cache.internal.Notification;
import dev.informer.cache.internal.ProcessorListener;
import dev.informer.cache.internal.SharedProcessor;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.concurrent.internal.Locks;
import dev.informer.store.DeletedFinalStateUnknown;
import dev.informer.store.Delta;
import dev.informer.store.DeltaFifo;
import dev.informer.store.Deltas;
import dev.informer.store.IndexFunction;
import dev.informer.store.Indexer;
import dev.informer.store.KeyFunction;
import dev.informer.store.ObjectMetaAccessor;
import dev.informer.store.Queue;
import dev.informer.store.QueueClosedException;
import dev.informer.store.ReadOnlyIndexer;
import dev.informer.store.ReadOnlyStore;
import dev.informer.store.RealFifo;
import dev.informer.store.RealFifoOptions;
import dev.informer.store.ReplacedAll;
import dev.informer.store.Stores;
import dev.informer.workqueue.HistogramMetric;
import dev.informer.workqueue.SettableGaugeMetric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SharedIndexInformer} implementation: client-go's sharedIndexInformer plus its
 * controller's process loop. See {@link SharedInformer} for the contract.
 */
final class DefaultSharedIndexInformer<T> implements SharedIndexInformer<T> {

    private static final Logger log = LoggerFactory.getLogger(SharedInformer.class);

    private final String name;
    private final ListerWatcher<T> listerWatcher;
    private final KeyFunction<T> keyFunction;
    private final Function<Object, ObjectMetaAccessor> metadata;
    private final Indexer<T> indexer;
    private final ReadOnlyIndexer<T> view;
    private final SharedProcessor<T> processor;
    private final Clock clock;
    private final ThreadFactory threadFactory;
    private final SharedIndexInformer.Builder<T> settings;
    private final Duration defaultEventHandlerResyncPeriod;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final Duration stopGracePeriod;
    private final String resource;
    private final InformerMetricsProvider metricsProvider;
    // Set at start when this informer holds its name in the provider; read by the processing thread.
    private volatile @Nullable HistogramMetric processingLatency;
    private volatile @Nullable SettableGaugeMetric queuedItems;
    private volatile @Nullable SettableGaugeMetric storeResourceVersion;
    // @GuardedBy("startedLock")
    private boolean metricsRegistered;
    // Written before terminated counts down; read after awaiting it.
    private volatile boolean stoppedCleanly;

    /** Guards the lifecycle and the handler registration rules. */
    private final ReentrantLock startedLock = new ReentrantLock();
    /**
     * Held while deltas are applied and while a late handler is added and replayed the store, so
     * the replay and the live notifications neither overlap nor leave a gap (client-go's blockDeltas).
     */
    private final ReentrantLock blockDeltas = new ReentrantLock();
    // @GuardedBy("startedLock")
    private boolean started;
    // @GuardedBy("startedLock")
    private boolean stopped;
    // @GuardedBy("startedLock")
    private Duration resyncCheckPeriod;
    // @GuardedBy("startedLock")
    private WatchErrorHandlerWithContext watchErrorHandler;
    // @GuardedBy("startedLock")
    private @Nullable UnaryOperator<T> transform;
    // @GuardedBy("startedLock")
    private @Nullable Reflector<T> reflector;
    // @GuardedBy("startedLock")
    private @Nullable Thread processThread;
    // Written once under startedLock before start returns; read without it by hasSynced (see there).
    private volatile @Nullable Queue<T> fifo;
    private volatile @Nullable Reflector<T> publishedReflector;

    DefaultSharedIndexInformer(
            SharedIndexInformer.Builder<T> builder,
            ListerWatcher<T> listerWatcher,
            KeyFunction<T> keyFunction,
            Function<Object, ObjectMetaAccessor> metadata,
            String name) {
        this.settings = builder;
        this.name = name;
        this.listerWatcher = Objects.requireNonNull(listerWatcher, "listerWatcher");
        this.keyFunction = keyFunction;
        this.metadata = metadata;
        this.indexer = Stores.newIndexer(keyFunction, builder.indexers);
        this.view = ReadOnlyIndexer.of(indexer);
        this.clock = builder.clock;
        this.threadFactory =
                builder.threadFactory != null ? builder.threadFactory : ThreadFactories.platformDaemon(name);
        this.processor = new SharedProcessor<>(
                name, clock, threadFactory, ProcessorListener.INITIAL_BUFFER_SIZE, builder.dispatchMode);
        this.defaultEventHandlerResyncPeriod = builder.resyncPeriod;
        this.resyncCheckPeriod = builder.resyncPeriod;
        this.watchErrorHandler = WatchErrorHandlerWithContext.of(
                builder.watchErrorHandler != null
                        ? builder.watchErrorHandler
                        : WatchErrorHandler.logging(builder.clock));
        this.transform = builder.transform;
        this.stopGracePeriod = builder.stopGracePeriod;
        this.resource = builder.resource;
        this.metricsProvider = builder.metricsProvider;
    }

    @Override
    public String name() {
        return name;
    }

    // ---------------------------------------------------------------- handlers

    @Override
    public ResourceEventHandlerRegistration addEventHandler(ResourceEventHandler<? super T> handler) {
        return addEventHandler(handler, HandlerOptions.DEFAULTS);
    }

    @Override
    public ResourceEventHandlerRegistration addEventHandler(
            ResourceEventHandler<? super T> handler, Duration resyncPeriod) {
        Objects.requireNonNull(resyncPeriod, "resyncPeriod");
        if (resyncPeriod.isNegative()) {
            throw new IllegalArgumentException("resyncPeriod must not be negative: " + resyncPeriod);
        }
        return addEventHandler(
                handler, HandlerOptions.builder().resyncPeriod(resyncPeriod).build());
    }

    @Override
    public ResourceEventHandlerRegistration addEventHandler(
            ResourceEventHandler<? super T> handler, HandlerOptions options) {
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(options, "options");
        Duration resyncPeriod = options.resyncPeriod().orElse(defaultEventHandlerResyncPeriod);
        String handlerName = options.name().orElse(null);
        Logger handlerLogger = options.logger().orElse(null);
        startedLock.lock();
        try {
            if (stopped) {
                throw new IllegalStateException("handler " + handler + " was not added to shared informer " + name
                        + " because it has stopped already");
            }
            Duration requested = resyncPeriod;
            if (!requested.isZero()) {
                if (requested.compareTo(MINIMUM_RESYNC_PERIOD) < 0) {
                    log.warn(
                            "{}: resyncPeriod {} is too small; changing it to the minimum allowed value of {}",
                            name,
                            requested,
                            MINIMUM_RESYNC_PERIOD);
                    requested = MINIMUM_RESYNC_PERIOD;
                }
                if (requested.compareTo(resyncCheckPeriod) < 0) {
                    if (started) {
                        log.warn(
                                "{}: resyncPeriod {} is smaller than resyncCheckPeriod {} and the informer has "
                                        + "already started; changing it to {}",
                                name,
                                requested,
                                resyncCheckPeriod,
                                resyncCheckPeriod);
                        requested = resyncCheckPeriod;
                    } else {
                        // Before start the check period follows the most demanding handler.
                        resyncCheckPeriod = requested;
                        processor.resyncCheckPeriodChanged(requested);
                    }
                }
            }
            Duration effective = SharedProcessor.determineResyncPeriod(requested, resyncCheckPeriod);
            if (!started) {
                return processor.addListener(
                        handler, handlerName, handlerLogger, requested, effective, this::hasSynced);
            }
            // Late join: no delta is applied while this handler is registered and replayed the store.
            blockDeltas.lock();
            try {
                ProcessorListener<T> listener = processor.addListener(
                        handler, handlerName, handlerLogger, requested, effective, this::hasSynced);
                for (T item : indexer.list()) {
                    listener.add(Notification.added(item, true));
                }
                return listener;
            } finally {
                blockDeltas.unlock();
            }
        } finally {
            startedLock.unlock();
        }
    }

    @Override
    public boolean removeEventHandler(ResourceEventHandlerRegistration registration) {
        Objects.requireNonNull(registration, "registration");
        return Locks.read(startedLock, () -> Locks.read(blockDeltas, () -> processor.removeListener(registration)));
    }

    @Override
    public boolean shutDownEventHandler(ResourceEventHandlerRegistration registration, Duration timeout)
            throws InterruptedException {
        Objects.requireNonNull(registration, "registration");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        // Checked (ownership, not the handler's own thread) before anything is removed; removed under
        // the processor's lock only (a stopped listener ignores what is distributed to it meanwhile)
        // and waited for without any lock, so that deltas and other handlers go on meanwhile.
        try {
            return processor.removeListenerAndWait(registration, timeout);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "registration " + registration + " is not one of shared informer " + name + "'s", e);
        }
    }

    @Override
    public List<ListenerMetrics> listenerMetrics() {
        return processor.metrics();
    }

    // ---------------------------------------------------------------- deltas

    /** Applies one object's deltas: the indexer first, then the notification (client-go's processDeltas). */
    void handleDeltas(Deltas<T> deltas, boolean isInInitialList) {
        long startNanos = processingLatency != null ? clock.nanoTime() : 0; // no clock read without metrics
        blockDeltas.lock();
        try {
            for (Delta<T> delta : deltas) {
                switch (delta.type()) {
                    case SYNC, REPLACED, ADDED, UPDATED -> {
                        @SuppressWarnings("unchecked")
                        T object = (T) delta.object();
                        Optional<T> old = indexer.get(object);
                        if (old.isPresent()) {
                            indexer.update(object);
                            processor.distribute(Notification.updated(old.get(), object), isResync(old.get(), object));
                        } else {
                            indexer.add(object);
                            processor.distribute(Notification.added(object, isInInitialList), false);
                        }
                    }
                    case DELETED -> {
                        Object object = delta.object();
                        if (object instanceof DeletedFinalStateUnknown<?> tombstone) {
                            indexer.deleteByKey(tombstone.key());
                        } else {
                            indexer.deleteByKey(keyFunction.key(object));
                        }
                        processor.distribute(Notification.deleted(object), false);
                    }
                    case REPLACED_ALL -> {
                        @SuppressWarnings("unchecked")
                        ReplacedAll<T> relist = (ReplacedAll<T>) delta.object();
                        replaceAll(relist, isInInitialList);
                    }
                    case SYNC_ALL -> {
                        for (T object : indexer.list()) {
                            processor.distribute(Notification.updated(object, object), true);
                        }
                    }
                    case BOOKMARK -> {
                        // The store has caught up with the bookmark's resource version: nothing to apply.
                    }
                    default -> throw new IllegalStateException("unknown delta type " + delta.type());
                }
            }
        } finally {
            blockDeltas.unlock();
            recordProcessed(deltas.newest(), startNanos);
        }
    }

    /**
     * Informer metrics after one popped item (an object's deltas, or a batch): its processing time
     * and the store's resource version from {@code newest}, the item's last delta.
     */
    private void recordProcessed(@Nullable Delta<T> newest, long startNanos) {
        HistogramMetric latency = processingLatency;
        if (latency == null) {
            return; // no metrics (the default), or another informer holds this name
        }
        latency.observe((clock.nanoTime() - startNanos) / 1e9);
        Queue<T> queue = fifo;
        SettableGaugeMetric queued = queuedItems;
        if (queue != null && queued != null) {
            queued.set(queue.len()); // O(1)
        }
        if (newest == null
                || newest.object() instanceof DeletedFinalStateUnknown<?>
                || newest.object() instanceof ReplacedAll<?>) {
            return;
        }
        try {
            String version = ObjectMetadataReaders.resourceVersion(metadata, newest.object());
            SettableGaugeMetric versionGauge = storeResourceVersion;
            if (versionGauge != null && !version.isEmpty() && version.chars().allMatch(c -> c >= '0' && c <= '9')) {
                versionGauge.set(Double.parseDouble(version));
            }
        } catch (RuntimeException e) {
            log.debug("{}: no resource version to record for the store", name, e);
        }
    }

    /** Claims this informer's name with the metrics provider and creates its metrics; at start. */
    private void startMetrics() {
        if (metricsProvider == InformerMetricsProvider.noop()) {
            return;
        }
        if (!InformerMetricsNames.claim(metricsProvider, name, resource)) {
            log.warn(
                    "{}: another running informer of resource '{}' has the same name and metrics provider; this one "
                            + "records no informer metrics (give it a unique name)",
                    name,
                    resource);
            return;
        }
        metricsRegistered = true;
        queuedItems = metricsProvider.newQueuedItemsMetric(name, resource);
        storeResourceVersion = metricsProvider.newStoreResourceVersionMetric(name, resource);
        processingLatency = metricsProvider.newProcessingLatencyMetric(name, resource);
    }

    /** Releases the metrics name claimed at start, if any; once, at stop. */
    private void stopMetrics() {
        startedLock.lock();
        try {
            if (!metricsRegistered) {
                return;
            }
            metricsRegistered = false;
        } finally {
            startedLock.unlock();
        }
        processingLatency = null;
        SettableGaugeMetric queued = queuedItems;
        if (queued != null) {
            queued.set(0);
        }
        metricsProvider.unregister(name, resource);
        InformerMetricsNames.release(metricsProvider, name, resource);
    }

    /**
     * An atomic relist (client-go's processReplacedAllInfo): the deletions are inferred from the
     * indexer, the indexer is replaced in one step, and only then are handlers told, deletions first,
     * then the listed objects in list order. A handler never sees a half-replaced store.
     */
    private void replaceAll(ReplacedAll<T> relist, boolean isInInitialList) {
        List<T> listed = relist.objects();
        Set<String> listedKeys = new HashSet<>(Math.max(16, listed.size() * 4 / 3 + 1));
        List<Notification<T>> replacements = new ArrayList<>(listed.size());
        List<Boolean> resyncs = new ArrayList<>(listed.size());
        for (T object : listed) {
            listedKeys.add(keyFunction.key(object));
            Optional<T> old = indexer.get(object);
            if (old.isPresent()) {
                replacements.add(Notification.updated(old.get(), object));
                resyncs.add(isResync(old.get(), object));
            } else {
                replacements.add(Notification.added(object, isInInitialList));
                resyncs.add(Boolean.FALSE);
            }
        }
        List<Object> deletions = new ArrayList<>();
        for (String key : indexer.listKeys()) {
            if (!listedKeys.contains(key)) {
                deletions.add(new DeletedFinalStateUnknown<>(
                        key, indexer.getByKey(key).orElse(null)));
            }
        }
        indexer.replace(listed, relist.resourceVersion());
        for (Object tombstone : deletions) {
            processor.distribute(Notification.deleted(tombstone), false);
        }
        for (int i = 0; i < replacements.size(); i++) {
            processor.distribute(replacements.get(i), resyncs.get(i));
        }
    }

    /**
     * Applies a popped batch (queue order; client-go's processDeltasInBatch): all writes to the indexer
     * under one acquisition of its write lock, each old object looked up just before its write (so a
     * key may occur more than once), then the notifications in order.
     */
    void handleBatch(List<Delta<T>> batch, boolean isInInitialList) {
        long startNanos = processingLatency != null ? clock.nanoTime() : 0; // no clock read without metrics
        blockDeltas.lock();
        try {
            int n = batch.size();
            @SuppressWarnings({"unchecked", "rawtypes"}) // a generic array: Java has no new Notification<T>[n]
            Notification<T>[] notifications = new Notification[n];
            boolean[] resync = new boolean[n];
            int[] applied = new int[1];
            try {
                indexer.writeAtomically(() -> {
                    for (int i = 0; i < n; i++) {
                        Delta<T> delta = batch.get(i);
                        switch (delta.type()) {
                            case SYNC, REPLACED, ADDED, UPDATED -> {
                                @SuppressWarnings("unchecked")
                                T object = (T) delta.object();
                                Optional<T> old = indexer.get(object);
                                if (old.isPresent()) {
                                    indexer.update(object);
                                    notifications[i] = Notification.updated(old.get(), object);
                                    resync[i] = isResync(old.get(), object);
                                } else {
                                    indexer.add(object);
                                    notifications[i] = Notification.added(object, isInInitialList);
                                }
                            }
                            case DELETED -> {
                                Object object = delta.object();
                                indexer.deleteByKey(
                                        object instanceof DeletedFinalStateUnknown<?> tombstone
                                                ? tombstone.key()
                                                : keyFunction.key(object));
                                notifications[i] = Notification.deleted(object);
                            }
                            default ->
                                throw new IllegalStateException(
                                        "delta type " + delta.type() + " cannot be part of a batch");
                        }
                        applied[0] = i + 1;
                    }
                });
            } finally {
                // As client-go: whatever reached the store is notified, even if a later write failed.
                for (int i = 0; i < applied[0]; i++) {
                    processor.distribute(notifications[i], resync[i]);
                }
            }
        } finally {
            blockDeltas.unlock();
            recordProcessed(batch.isEmpty() ? null : batch.get(batch.size() - 1), startNanos);
        }
    }

    /** An update that did not change the resource version is a resync (Sync, or Replaced by a relist). */
    private boolean isResync(T old, T updated) {
        try {
            String oldVersion = ObjectMetadataReaders.resourceVersion(metadata, old);
            String newVersion = ObjectMetadataReaders.resourceVersion(metadata, updated);
            return !oldVersion.isEmpty() && oldVersion.equals(newVersion);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private void processLoop() {
        Queue<T> queue = Objects.requireNonNull(fifo, "fifo"); // published before the thread starts
        boolean batches = settings.realFifo != null && settings.realFifo.maxBatchSize() > 1;
        while (true) {
            try {
                if (batches) {
                    queue.popBatch(this::handleBatch, this::handleDeltas);
                } else {
                    queue.pop(this::handleDeltas);
                }
            } catch (QueueClosedException e) {
                return;
            } catch (InterruptedException e) {
                if (queue.isClosed()) {
                    return;
                }
            } catch (Exception e) {
                log.error("{}: failed to process popped deltas", name, e);
            }
        }
    }

    // ---------------------------------------------------------------- lifecycle

    @Override
    public void start() {
        Reflector<T> toStart;
        Thread toRun;
        startedLock.lock();
        try {
            if (stopped) {
                throw new IllegalStateException(
                        "shared informer " + name + " has been stopped and cannot be started again");
            }
            if (started) {
                log.warn(
                        "{}: the shared informer has started already; starting it more than once is not allowed", name);
                return;
            }
            Queue<T> queue = newQueue();
            fifo = queue;
            SharedIndexInformer.Builder<T> b = settings;
            toStart = Reflector.builder(listerWatcher, queue)
                    .name(name)
                    .resyncPeriod(resyncCheckPeriod)
                    .shouldResync(processor::shouldResync)
                    .options(b.reflectorOptions)
                    .clock(clock)
                    .threadFactory(threadFactory)
                    .watchErrorHandler(reflectorErrorHandler(watchErrorHandler))
                    .keyFunction(keyFunction)
                    .metadata(metadata)
                    .build();
            reflector = toStart;
            publishedReflector = toStart;
            toRun = threadFactory.newThread(this::processLoop);
            processThread = toRun;
            started = true;
            startMetrics();
            processor.start();
            // Under the lock, so that a concurrent stop() finds both running (never a stopped reflector
            // being started); starting threads does not block.
            toRun.start();
            toStart.start();
        } finally {
            startedLock.unlock();
        }
        log.debug("{}: started (resync check period {})", name, resyncCheckPeriod);
    }

    /**
     * The informer's queue (client-go's newQueueFIFO): a DeltaFifo over the indexer by default, a
     * RealFifo when the builder chose one (over the indexer unless its events are atomic).
     */
    private Queue<T> newQueue() {
        UnaryOperator<Object> transformer = null;
        if (transform != null) {
            UnaryOperator<T> typed = transform;
            transformer = object -> {
                @SuppressWarnings("unchecked")
                T cast = (T) object;
                return typed.apply(cast);
            };
        }
        RealFifoOptions options = settings.realFifo;
        if (options == null) {
            DeltaFifo.Builder<T> fifoBuilder =
                    DeltaFifo.builder(keyFunction).knownObjects(indexer).emitDeltaTypeReplaced(true);
            if (transformer != null) {
                fifoBuilder.transformer(transformer);
            }
            return fifoBuilder.build();
        }
        RealFifo.Builder<T> fifoBuilder =
                RealFifo.<T>builder(keyFunction).options(options).name(name).nanoTime(clock::nanoTime);
        if (!options.atomicEvents()) {
            fifoBuilder.knownObjects(indexer);
        }
        if (transformer != null) {
            fifoBuilder.transformer(transformer);
        }
        return fifoBuilder.build();
    }

    @Override
    public void run() throws InterruptedException {
        start();
        terminated.await();
    }

    @Override
    public void start(CancellationToken token) {
        Objects.requireNonNull(token, "token");
        start();
        token.onCancel(() -> {
            if (isStopped()) {
                return;
            }
            Thread stopper = threadFactory.newThread(this::close);
            if (stopper == null) {
                close(); // a factory that makes no threads: stop on the cancelling thread
            } else {
                stopper.start();
            }
        });
    }

    @Override
    public void run(CancellationToken token) throws InterruptedException {
        start(token);
        terminated.await();
    }

    /** What the reflector calls: {@code handler} told this informer's name and resource. */
    private WatchErrorHandler reflectorErrorHandler(WatchErrorHandlerWithContext handler) {
        WatchErrorContext context = new WatchErrorContext(name, resource);
        return new WatchErrorHandler() {
            @Override
            public void onWatchError(String reflectorName, RuntimeException error) {
                handler.onWatchError(context, error, null);
            }

            @Override
            public void onWatchError(String reflectorName, RuntimeException error, @Nullable Duration retryIn) {
                handler.onWatchError(context, error, retryIn);
            }

            @Override
            public void onRecovered(String reflectorName) {
                handler.onRecovered(context);
            }

            @Override
            public String toString() {
                return handler.toString();
            }
        };
    }

    @Override
    public void close() {
        close(stopGracePeriod);
    }

    @Override
    public boolean close(Duration grace) {
        long deadline = SharedProcessor.stopDeadline(grace);
        if (!beginStop()) {
            return awaitStopped(deadline);
        }
        return finishStop(deadline);
    }

    /** {@link SharedInformer#closeAll}. */
    static boolean closeAll(java.util.Collection<? extends SharedInformer<?>> informers, Duration grace) {
        long deadline = SharedProcessor.stopDeadline(grace);
        List<DefaultSharedIndexInformer<?>> begun = new ArrayList<>();
        boolean clean = true;
        for (SharedInformer<?> informer : informers) {
            if (informer instanceof DefaultSharedIndexInformer<?> own) {
                if (own.beginStop()) {
                    begun.add(own);
                } else {
                    clean &= own.awaitStopped(deadline); // stopping already: wait for that, to the same deadline
                }
            } else {
                clean &= informer.close(grace);
            }
        }
        for (DefaultSharedIndexInformer<?> informer : begun) {
            clean &= informer.finishStop(deadline);
        }
        return clean;
    }

    /**
     * The non-blocking half of a stop (but for the reflector's join): handlers get nothing more, the
     * reflector is stopped, the fifo closed. Returns false if the informer was stopping already.
     */
    boolean beginStop() {
        Reflector<T> toStop;
        Queue<T> queue;
        startedLock.lock();
        try {
            if (stopped) {
                return false;
            }
            stopped = true;
            toStop = reflector;
            queue = fifo;
        } finally {
            startedLock.unlock();
        }
        processor.beginStop();
        try {
            if (toStop != null) {
                toStop.close();
            }
        } finally {
            if (queue != null) {
                queue.close();
            }
        }
        return true;
    }

    /**
     * The bounded half: waits until {@code deadlineNanos} (a {@link System#nanoTime()} reading) for the
     * processing thread and the handlers; names and interrupts whatever still runs then, and returns
     * whether everything ended in time.
     */
    boolean finishStop(long deadlineNanos) {
        String owner = "shared informer " + name;
        boolean clean = true;
        try {
            Thread toJoin = processThreadIfStarted();
            if (toJoin != null && toJoin != Thread.currentThread()) {
                Uninterruptibly.run(
                        () -> TimeUnit.NANOSECONDS.timedJoin(toJoin, Math.max(0, deadlineNanos - System.nanoTime())));
                if (toJoin.isAlive()) {
                    clean = false;
                    log.warn(
                            "{}: the processing thread {} is still busy after the stop grace period (in an index "
                                    + "function or the store); it is interrupted and not waited for",
                            owner,
                            toJoin.getName());
                    toJoin.interrupt();
                }
            }
            stopMetrics(); // after the processing thread's last update (or after giving up on it)
            boolean[] handlersEnded = new boolean[1];
            Uninterruptibly.run(() -> handlersEnded[0] = processor.finishStop(deadlineNanos, owner));
            clean &= handlersEnded[0];
            stoppedCleanly = clean;
            return clean;
        } finally {
            terminated.countDown();
            log.debug("{}: stopped{}", name, clean ? "" : " (leaving threads behind)");
        }
    }

    /**
     * A later stop: waits (until the deadline) for the first one to finish and for any thread it left
     * behind; returns whether all have ended. Logs nothing new.
     */
    boolean awaitStopped(long deadlineNanos) {
        boolean[] ended = new boolean[1];
        Uninterruptibly.run(() ->
                ended[0] = terminated.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS));
        if (!ended[0]) {
            return false;
        }
        if (stoppedCleanly) {
            return true;
        }
        Thread processing = processThreadIfStarted();
        if (processing != null && processing != Thread.currentThread()) {
            Uninterruptibly.run(
                    () -> TimeUnit.NANOSECONDS.timedJoin(processing, Math.max(0, deadlineNanos - System.nanoTime())));
            if (processing.isAlive()) {
                return false;
            }
        }
        Uninterruptibly.run(() -> ended[0] = processor.finishStop(deadlineNanos, "shared informer " + name));
        return ended[0];
    }

    private @Nullable Thread processThreadIfStarted() {
        return Locks.read(startedLock, () -> processThread);
    }

    @Override
    public boolean hasStarted() {
        return Locks.read(startedLock, () -> started);
    }

    @Override
    public boolean isStopped() {
        return Locks.read(startedLock, () -> stopped);
    }

    /**
     * Reads the fifo without the started lock: registrations call this from listener threads while a
     * late {@code addEventHandler} may hold that lock.
     */
    @Override
    public boolean hasSynced() {
        Queue<T> queue = fifo;
        return queue != null && queue.hasSynced();
    }

    @Override
    public Optional<SyncError> lastSyncError() {
        Reflector<T> current = publishedReflector;
        return current == null ? Optional.empty() : current.lastSyncError();
    }

    @Override
    public String lastSyncResourceVersion() {
        Reflector<T> current = publishedReflector;
        return current == null ? "" : current.lastSyncResourceVersion();
    }

    @Override
    public void setWatchErrorHandler(WatchErrorHandler handler) {
        setWatchErrorHandlerWithContext(WatchErrorHandlerWithContext.of(handler));
    }

    @Override
    public void setWatchErrorHandlerWithContext(WatchErrorHandlerWithContext handler) {
        Objects.requireNonNull(handler, "handler");
        setBeforeStart("watch error handler", () -> watchErrorHandler = handler);
    }

    @Override
    public void setTransform(UnaryOperator<T> transform) {
        Objects.requireNonNull(transform, "transform");
        setBeforeStart("transform", () -> this.transform = transform);
    }

    /**
     * Runs {@code set} under the started lock.
     *
     * @throws IllegalStateException naming {@code what} if the informer has already started
     */
    private void setBeforeStart(String what, Runnable set) {
        Locks.run(startedLock, () -> {
            if (started) {
                throw new IllegalStateException(
                        "shared informer " + name + " has already started: set the " + what + " before start");
            }
            set.run();
        });
    }

    @Override
    public void addIndexers(Map<String, IndexFunction<T>> indexers) {
        indexer.addIndexers(indexers);
    }

    @Override
    public ReadOnlyIndexer<T> getIndexer() {
        return view;
    }

    @Override
    public ReadOnlyStore<T> getStore() {
        return view;
    }

    @Override
    public String toString() {
        return "SharedIndexInformer[" + name + "]";
    }
}
