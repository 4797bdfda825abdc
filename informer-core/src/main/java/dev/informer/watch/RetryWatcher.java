package dev.informer.watch;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Waits;
import dev.informer.store.ObjectMetaAccessor;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch that survives the server closing it, as client-go's {@code tools/watch.RetryWatcher}: one
 * background thread opens a watch through a {@link WatchFunction} from the last resource version it
 * delivered, and when that watch ends or fails transiently, opens a new one from there, so the consumer
 * sees one uninterrupted stream with no event lost or repeated.
 *
 * <p><b>Resource versions.</b> Every ADDED, MODIFIED, DELETED and BOOKMARK event must carry a resource
 * version (read by default from {@link ObjectMetaAccessor#resourceVersion()}); the last one delivered
 * (or carried by a BOOKMARK) is where the next watch starts. BOOKMARK events move the resource version
 * but are not delivered. An object without a resource version ends the RetryWatcher with an ERROR
 * event (code 500, reason InternalError, naming the object's class), because skipping it could skip
 * data.
 *
 * <p><b>Errors</b>, as client-go:
 * <ul>
 * <li>the watch ends (server timeout, connection lost), or the watch function throws or returns
 *     {@code null}: re-watch from the last resource version;</li>
 * <li>an ERROR event whose {@link ApiError#isResourceExpired()} (410 Gone/Expired): the ERROR event is
 *     delivered, then the RetryWatcher ends; it cannot recover without a new list (see
 *     {@link Until#untilWithSync});</li>
 * <li>any other ERROR event with an {@link ApiError} (500, 504, unknown codes): re-watch, after the
 *     status's {@code retryAfterSeconds} if given; an ERROR whose object is not an {@link ApiError}: re-watch;</li>
 * <li>the watch function throws an exception carrying a 401 or 403 status ({@link StatusCarrier}):
 *     an ERROR event with that status is delivered, then the RetryWatcher ends.</li>
 * </ul>
 * Re-watches are spaced on the injected {@link Clock}: a new watch starts no earlier than
 * {@code minRestartDelay} (default 1 s) after the previous one started, and no earlier than the
 * status's retry-after after the failure, so a server that closes every watch at once causes no hot loop.
 *
 * <p><b>Delivery.</b> Events are handed over one at a time (like client-go's unbuffered result channel):
 * the background thread waits until the consumer takes an event before it reads the next one.
 * {@link #next()} returns {@code null} once the RetryWatcher has ended, by {@link #stop()} or by a
 * terminal error above.
 *
 * <p><b>Threads.</b> One consumer calls {@code next()}. {@link #stop()} may be called from any thread; it
 * is idempotent, stops the underlying watch, interrupts the background thread and makes {@code next()}
 * return {@code null}; {@link #done()} completes when the background thread has finished.
 */
public final class RetryWatcher<T> implements Watch<T> {

    private static final Logger log = LoggerFactory.getLogger(RetryWatcher.class);

    /** The value client-go uses between re-watches that start less than this apart. */
    public static final Duration DEFAULT_MIN_RESTART_DELAY = Duration.ofSeconds(1);

    private static final long DONE = -1;

    private final WatchFunction<T> watchFunction;
    private final Clock clock;
    private final Function<? super T, String> resourceVersionOf;
    private final Function<? super Exception, ? extends ApiError> failureStatus;
    private final long minRestartDelayNanos;

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled on every change of the hand-over slot, on stop and on the end of the thread. */
    private final Condition stateChanged = lock.newCondition();
    // @GuardedBy("lock") the event waiting for the consumer, at most one
    private @Nullable Event<T> slot;
    // @GuardedBy("lock") for writes; volatile so the thread and stop() see each other (see receiveOnce)
    private volatile boolean stopRequested;
    // @GuardedBy("lock") the background thread has finished
    private boolean ended;

    private volatile String lastResourceVersion;
    /** The watch being read, so that stop() can unblock the thread. */
    private volatile @Nullable Watch<T> current;

    private volatile @Nullable Thread thread;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private RetryWatcher(
            RetryWatcherSettings<T> settings, String initialResourceVersion, WatchFunction<T> watchFunction) {
        this.watchFunction = watchFunction;
        this.clock = settings.clock();
        this.resourceVersionOf = settings.resourceVersionOf();
        this.failureStatus = settings.failureStatus();
        this.minRestartDelayNanos = Clock.toNanosSaturated(settings.minRestartDelay());
        this.lastResourceVersion = initialResourceVersion;
    }

    /**
     * A builder for a RetryWatcher starting at {@code initialResourceVersion}, which must be a real
     * resource version: neither {@code ""} nor {@code "0"} (a watch from those starts with a synthetic
     * ADDED event for every existing object, which a retry could not resume consistently).
     */
    public static <T> Builder<T> builder(String initialResourceVersion, WatchFunction<T> watchFunction) {
        return new Builder<>(initialResourceVersion, watchFunction);
    }

    /** The resource version the next re-watch would start from: the last one delivered or bookmarked. */
    public String lastResourceVersion() {
        return lastResourceVersion;
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (true) {
                if (stopRequested) {
                    return null;
                }
                Event<T> event = slot;
                if (event != null) {
                    slot = null;
                    stateChanged.signalAll();
                    return event;
                }
                if (ended) {
                    return null;
                }
                stateChanged.await();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void stop() {
        lock.lock();
        try {
            if (stopRequested) {
                return;
            }
            stopRequested = true;
            slot = null;
            stateChanged.signalAll();
        } finally {
            lock.unlock();
        }
        Watch<T> watching = current;
        if (watching != null) {
            watching.stop();
        }
        Thread running = thread;
        if (running != null && running != Thread.currentThread()) {
            // Unblocks a watch function that is still connecting.
            running.interrupt();
        }
    }

    @Override
    public boolean isStopped() {
        return Locks.read(lock, () -> stopRequested || (ended && slot == null));
    }

    /** Completes when the background thread has finished (after {@link #stop()} or a terminal error). */
    public CompletionStage<Void> done() {
        return done.minimalCompletionStage();
    }

    /** Whether the background thread has finished; once true, {@link #awaitDone()} returns at once. */
    public boolean isDone() {
        return Locks.read(lock, () -> ended);
    }

    /**
     * Blocks until the background thread has finished.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitDone() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (!ended) {
                stateChanged.await();
            }
        } finally {
            lock.unlock();
        }
    }

    private void start(ThreadFactory threadFactory) {
        Thread created = threadFactory.newThread(this::run);
        if (created == null) {
            throw new IllegalStateException("the RetryWatcher's thread factory returned null");
        }
        thread = created;
        created.start();
    }

    private void run() {
        log.debug("starting RetryWatcher from resourceVersion {}", lastResourceVersion);
        try {
            while (!stopRequested) {
                long started = clock.nanoTime();
                long retryAfterNanos = receiveOnce();
                if (retryAfterNanos == DONE) {
                    break;
                }
                long notBefore = Math.max(started + minRestartDelayNanos, clock.nanoTime() + retryAfterNanos);
                if (!awaitUntil(notBefore)) {
                    break;
                }
                log.debug("restarting the watch from resourceVersion {}", lastResourceVersion);
            }
        } catch (InterruptedException e) {
            if (!stopRequested) {
                log.warn(
                        "RetryWatcher thread interrupted without stop(); ending at resourceVersion {}",
                        lastResourceVersion,
                        e);
            }
        } finally {
            Locks.run(lock, () -> {
                ended = true;
                stateChanged.signalAll();
            });
            done.complete(null);
            log.debug("RetryWatcher ended at resourceVersion {}", lastResourceVersion);
        }
    }

    /** One watch: returns {@link #DONE} to end, else the nanoseconds to wait before the next one. */
    private long receiveOnce() throws InterruptedException {
        String resourceVersion = lastResourceVersion;
        Watch<T> watch;
        try {
            watch = watchFunction.watch(resourceVersion);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (stopRequested) {
                return DONE;
            }
            ApiError status = failureStatus.apply(e);
            if (status != null && (status.code() == 401 || status.code() == 403)) {
                log.error(
                        "watch from resourceVersion {} failed with {}: ensure the client has valid credentials "
                                + "and watch permission on the resource",
                        resourceVersion,
                        status.code(),
                        e);
                send(Event.error(status));
                return DONE;
            }
            log.warn("watch from resourceVersion {} failed; retrying", resourceVersion, e);
            return 0;
        }
        if (watch == null) {
            log.error("the watch function returned no watch for resourceVersion {}; retrying", resourceVersion);
            return 0;
        }
        current = watch;
        try {
            // Read after publishing current: either stop() sees the watch, or we see the stop.
            if (stopRequested) {
                return DONE;
            }
            while (true) {
                Event<T> event = watch.next();
                if (event == null) {
                    if (stopRequested) {
                        return DONE;
                    }
                    log.debug("the watch ended; re-creating it from resourceVersion {}", lastResourceVersion);
                    return 0;
                }
                if (event.type() == EventType.ERROR) {
                    return onError(event);
                }
                T object = event.typedObject();
                String objectVersion = resourceVersionOrNull(object);
                if (objectVersion == null || objectVersion.isEmpty()) {
                    send(Event.error(ApiError.of(
                            500,
                            "InternalError",
                            "RetryWatcher: the object of a "
                                    + event.type() + " event ("
                                    + object.getClass().getName()
                                    + ") has no resourceVersion; cannot resume the watch consistently")));
                    return DONE;
                }
                if (event.type() != EventType.BOOKMARK && !send(event)) {
                    return DONE;
                }
                lastResourceVersion = objectVersion;
            }
        } finally {
            current = null;
            watch.stop();
        }
    }

    private long onError(Event<T> event) throws InterruptedException {
        if (!(event.status() instanceof ApiError status)) {
            Object notAnApiError = event.object(); // an ERROR event: the object is its status, never null
            log.error(
                    "received an ERROR event whose object is not an ApiError ({}); re-creating the watch from "
                            + "resourceVersion {}",
                    notAnApiError.getClass().getName(),
                    lastResourceVersion);
            return 0;
        }
        if (status.isResourceExpired()) {
            // Never retried: the history after lastResourceVersion is gone, only a new list can recover.
            send(event);
            return DONE;
        }
        long retryAfterNanos = 0;
        if (status.retryAfterSeconds() != null) {
            retryAfterNanos = Clock.toNanosSaturated(Duration.ofSeconds(status.retryAfterSeconds()));
        }
        log.debug(
                "watch ERROR {} {}: {}; re-creating the watch from resourceVersion {}",
                status.code(),
                status.reason(),
                status.message(),
                lastResourceVersion);
        return Math.max(0, retryAfterNanos);
    }

    private @Nullable String resourceVersionOrNull(T object) {
        try {
            return resourceVersionOf.apply(object);
        } catch (RuntimeException e) {
            log.error(
                    "reading the resourceVersion of a {} failed",
                    object.getClass().getName(),
                    e);
            return null;
        }
    }

    /** Hands {@code event} to the consumer; false if stopped before the consumer took it. */
    private boolean send(Event<T> event) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            if (stopRequested) {
                return false;
            }
            slot = event;
            stateChanged.signalAll();
            while (slot != null && !stopRequested) {
                stateChanged.await();
            }
            if (stopRequested) {
                slot = null;
                return false;
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Waits on the clock until {@code deadlineNanos}; false if stopped first. */
    private boolean awaitUntil(long deadlineNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return Waits.untilDeadlineUnless(clock, lock, stateChanged, deadlineNanos, () -> stopRequested);
        } finally {
            lock.unlock();
        }
    }

    private static @Nullable String objectMetaResourceVersion(Object object) {
        return object instanceof ObjectMetaAccessor meta ? meta.resourceVersion() : null;
    }

    /**
     * Configures and starts a {@link RetryWatcher}. Not thread-safe. The setters check their argument
     * at once: a bad value throws, a {@code null} throws {@link NullPointerException}.
     */
    public static final class Builder<T> extends RetryWatcherSettingsBuilderBase<T> {

        private final String initialResourceVersion;
        private final WatchFunction<T> watchFunction;

        private Builder(String initialResourceVersion, WatchFunction<T> watchFunction) {
            this.initialResourceVersion = initialResourceVersion;
            this.watchFunction = Objects.requireNonNull(watchFunction, "watchFunction");
            from(new RetryWatcherSettings<T>(
                    Clock.system(),
                    new DaemonThreads("retry-watcher"),
                    RetryWatcher::objectMetaResourceVersion,
                    StatusCarrier::statusOf,
                    DEFAULT_MIN_RESTART_DELAY));
        }

        /**
         * Starts a RetryWatcher.
         *
         * @throws IllegalArgumentException if the initial resource version is {@code null}, {@code ""} or
         *                                  {@code "0"}
         */
        public RetryWatcher<T> build() {
            if (initialResourceVersion == null
                    || initialResourceVersion.isEmpty()
                    || initialResourceVersion.equals("0")) {
                throw new IllegalArgumentException("initial resourceVersion \"" + initialResourceVersion
                        + "\" is not supported by RetryWatcher: a watch from \"\" or \"0\" starts with a "
                        + "synthetic list that cannot be resumed; list first and watch from the list's "
                        + "resourceVersion");
            }
            RetryWatcherSettings<T> settings = settings();
            RetryWatcher<T> watcher = new RetryWatcher<>(settings, initialResourceVersion, watchFunction);
            watcher.start(settings.threadFactory());
            return watcher;
        }
    }
}
