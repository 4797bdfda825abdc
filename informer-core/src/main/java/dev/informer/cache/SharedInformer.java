package dev.informer.cache;

import dev.informer.store.ReadOnlyStore;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A local, always-current cache of one kind of API object, shared by every handler that registers
 * with it (client-go's {@code SharedInformer}). A {@link Reflector} lists and watches the server into
 * a queue (a {@code DeltaFifo} by default, a {@code RealFifo} when {@link SharedIndexInformer.Builder#realFifo}
 * chose one); one processing thread pops each object's deltas, updates the store FIRST and
 * then hands one notification per delta to every registered {@link ResourceEventHandler}, each of
 * which runs on its own listener thread with an unbounded buffer.
 *
 * <p><b>Guarantees.</b> When a handler is called, the store already holds the state it is told about
 * (or a newer one). Per handler, notifications arrive in the order the informer produced them, so
 * per object in resource-version order; a delete missed while the watch was down arrives as a
 * {@code DeletedFinalStateUnknown} tombstone. A handler added after {@link #start()} first receives
 * a synthetic {@code onAdd(obj, true)} for every stored object, then the live notifications, with
 * nothing missed or doubled. A slow handler delays nobody else; a throwing one is logged and keeps
 * receiving.
 *
 * <p><b>Resync.</b> A handler may ask for periodic resyncs ({@code onUpdate(obj, obj)} for every
 * stored object): periods below one second become one second; a period shorter than the informer's
 * resync check period raises the check period before start, and is raised to it after start (both
 * logged). An update whose old and new objects share a resource version counts as a resync and goes
 * only to the handlers whose resync is due.
 *
 * <p><b>Threads and blocking.</b> Every method is thread-safe. {@link #start()} returns at once;
 * {@link #run()} blocks until {@link #close()}, which stops the reflector, the processing thread and
 * every listener and joins them, waiting at most a grace period for handlers (see {@link
 * #close(Duration)}). Nothing else blocks for longer than a store operation. Threads come
 * from the builder's thread factory.
 *
 * <p><b>Misuse</b> fails fast with {@link IllegalStateException}: adding a handler after stop
 * ("handler ... was not added to shared informer ... because it has stopped already"), setting a
 * transform or error handler after start, starting a stopped informer.
 *
 * @param <T> the object type
 */
public interface SharedInformer<T> extends AutoCloseable {

    /** The shortest resync period a handler can get (client-go's {@code minimumResyncPeriod}). */
    Duration MINIMUM_RESYNC_PERIOD = Duration.ofSeconds(1);

    /** How long {@link #close()} waits for handler calls in progress unless the builder says otherwise: 10 s. */
    Duration DEFAULT_STOP_GRACE_PERIOD = Duration.ofSeconds(10);

    /** The informer's name, used in log lines and thread names. */
    String name();

    /**
     * Registers {@code handler} with the informer's default resync period.
     *
     * @throws IllegalStateException if the informer has stopped
     */
    ResourceEventHandlerRegistration addEventHandler(ResourceEventHandler<? super T> handler);

    /**
     * Registers {@code handler} asking for resyncs every {@code resyncPeriod} (zero: none).
     *
     * @throws IllegalStateException    if the informer has stopped
     * @throws IllegalArgumentException if {@code resyncPeriod} is negative
     */
    ResourceEventHandlerRegistration addEventHandler(ResourceEventHandler<? super T> handler, Duration resyncPeriod);

    /**
     * Registers {@code handler} with {@code options} (client-go's {@code AddEventHandlerWithOptions}):
     * its resync period (absent: the informer's default), its name for log lines, metrics and its sync
     * checker, and its logger. {@code addEventHandler(handler[, resyncPeriod])} is this with {@link
     * HandlerOptions#DEFAULTS} (plus the resync period).
     *
     * @throws IllegalStateException if the informer has stopped
     */
    ResourceEventHandlerRegistration addEventHandler(ResourceEventHandler<? super T> handler, HandlerOptions options);

    /**
     * Unregisters a handler: it receives nothing more (a call in progress completes). Returns false
     * if the registration is not (or no longer) one of this informer's. Does not wait for a handler
     * call in progress, so a handler may remove itself; see {@link #shutDownEventHandler} to wait.
     */
    boolean removeEventHandler(ResourceEventHandlerRegistration registration);

    /**
     * Unregisters a handler as {@link #removeEventHandler} does, then waits at most {@code timeout}
     * (real time) until its listener has finished the handler call in progress, if any, and ended
     * (client-go 1.37's {@code ShutDownEventHandler}). When it returns true, the handler is not running
     * and is never called again: its resources can be released. A registration removed before is
     * waited for all the same. Works before start, while running and after stop.
     *
     * @return whether the listener ended within {@code timeout}; false leaves it removed and ending
     *         once its handler returns
     * @throws IllegalArgumentException if {@code registration} is not one of this informer's
     * @throws IllegalStateException    if called from the handler itself (it would wait for itself;
     *                                  use {@link #removeEventHandler} there); nothing is removed then
     * @throws InterruptedException     if interrupted while waiting (the handler stays removed)
     */
    boolean shutDownEventHandler(ResourceEventHandlerRegistration registration, Duration timeout)
            throws InterruptedException;

    /**
     * A read-only view of the informer's cache (client-go's {@code GetStore}, which returns the
     * mutable store): only the informer writes to its cache. The view reads through.
     */
    ReadOnlyStore<T> getStore();

    /** Whether the initial list has been delivered to the store (not necessarily to every handler). */
    boolean hasSynced();

    /**
     * {@link #hasSynced()} as a {@link DoneChecker} named after the informer, for {@link Sync#waitFor}
     * (client-go 1.37's {@code HasSyncedChecker}).
     */
    default DoneChecker hasSyncedChecker() {
        return DoneChecker.of(name(), this::hasSynced);
    }

    /** The resource version of the last list or event applied, or "" before the first list. */
    String lastSyncResourceVersion();

    /**
     * The last failure of the informer's list and watch (a failed list, a watch that failed or
     * could not be started: the server unreachable, 401/403, 404, an HTML answer, ...), or empty
     * before start and when there was none since the last successful list or watch start. It is
     * what to report when {@link #hasSynced()} stays false ("cannot sync pods: GET https://...
     * failed: ConnectException: Connection refused"). Thread-safe.
     */
    java.util.Optional<SyncError> lastSyncError();

    /** Whether {@link #start()} or {@link #run()} has been called. */
    boolean hasStarted();

    /** Whether {@link #close()} has been called. */
    boolean isStopped();

    /**
     * Replaces the handler called with every failed list/watch cycle (default: {@link
     * WatchErrorHandler#logging(dev.informer.clock.Clock)} on the informer's clock, one WARN line per failure).
     *
     * @throws IllegalStateException if the informer has started
     */
    void setWatchErrorHandler(WatchErrorHandler handler);

    /**
     * Replaces the watch error handler with one that is told the informer's name and resource with
     * every failure (client-go's {@code SetWatchErrorHandlerWithContext}). {@link
     * #setWatchErrorHandler} is this with {@link WatchErrorHandlerWithContext#of}. The last call of
     * either wins.
     *
     * @throws IllegalStateException if the informer has started
     */
    void setWatchErrorHandlerWithContext(WatchErrorHandlerWithContext handler);

    /**
     * Sets a function applied to every object before it is stored and distributed, e.g. the
     * client's {@code Transforms.stripManagedFields()}. It must keep the object's key and be thread-safe.
     *
     * @throws IllegalStateException if the informer has started
     */
    void setTransform(UnaryOperator<T> transform);

    /**
     * Starts the reflector, the processing thread and the listeners, and returns. Starting an
     * informer that already runs logs a warning and does nothing, as client-go.
     *
     * @throws IllegalStateException if the informer has been stopped
     */
    void start();

    /**
     * {@link #start()}, then blocks until {@link #close()} has finished.
     *
     * @throws InterruptedException if interrupted while waiting (the informer keeps running)
     */
    void run() throws InterruptedException;

    /**
     * {@link #start()}, and {@link #close()} once {@code token} is cancelled (client-go's {@code
     * RunWithContext} without the blocking). The stop runs on a thread of the informer's thread
     * factory, so {@link CancellationToken#cancel()} does not wait for handlers. A token cancelled
     * already stops the informer at once. Stopping the informer otherwise leaves the token alone.
     *
     * @throws IllegalStateException if the informer has been stopped
     */
    void start(CancellationToken token);

    /**
     * {@link #start(CancellationToken)}, then blocks until the informer has stopped: after {@code
     * token} is cancelled (or {@link #close()} is called) and the stop has finished, handlers included
     * (client-go's {@code RunWithContext}).
     *
     * @throws IllegalStateException if the informer has been stopped
     * @throws InterruptedException  if interrupted while waiting (the informer keeps running)
     */
    void run(CancellationToken token) throws InterruptedException;

    /** {@link #close(Duration)} with the builder's stop grace period (default 10 s). */
    @Override
    void close();

    /**
     * Stops the informer and returns within about {@code grace} (plus the reflector's own stop, which
     * ends its HTTP calls), never hanging on a handler. Handlers get no notification after this is
     * called; a handler call in progress may finish within the grace period. A handler still running
     * after it is named in one WARN (its class or description, and this informer's name), its thread
     * is interrupted and not waited for: it ends when the handler returns. The same for the processing
     * thread. Called from a handler, it does not wait for that handler's own thread. The grace period is
     * real time (threads are joined), not the builder's clock. Idempotent: a later call waits (at most
     * its own grace) for the first to finish.
     *
     * @return whether every thread of the informer ended within the grace period
     * @throws IllegalArgumentException if {@code grace} is negative
     */
    boolean close(Duration grace);

    /**
     * Stops {@code informers} at once and returns within about {@code grace} overall (not per
     * informer), as a factory's shutdown: every informer stops taking events first, then all are
     * awaited until one shared deadline; a handler still running after it is named in one WARN and its
     * thread interrupted, not waited for. Informers that are stopping already are awaited to the same
     * deadline. Thread-safe.
     *
     * @return whether every informer's threads ended within the grace period
     * @throws IllegalArgumentException if {@code grace} is negative
     */
    static boolean closeAll(Collection<? extends SharedInformer<?>> informers, Duration grace) {
        return DefaultSharedIndexInformer.closeAll(informers, grace);
    }

    /** A snapshot of every registration's delivery metrics. */
    List<ListenerMetrics> listenerMetrics();
}
