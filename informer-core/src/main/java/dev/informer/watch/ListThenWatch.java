package dev.informer.watch;

import dev.informer.clock.Clock;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Waits;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The watch behind {@link Until#untilWithSync}: lists, delivers an ADDED event per listed object, then
 * watches from the list's resource version; resumes a closed or failed watch from the last resource
 * version; on 410 Expired lists again and delivers the difference (ADDED for new keys, MODIFIED for a
 * changed resource version, DELETED with the last known object for keys gone). BOOKMARK and ERROR
 * events are absorbed, as an informer absorbs them.
 *
 * <p>Everything runs on the consumer's thread inside {@link #next()}: no relay thread, no buffer
 * between the server and the conditions. Attempts are spaced on the clock: a list or watch starts no
 * earlier than {@code minRestartDelay} after the previous watch started, and no earlier than a
 * status's retry-after. {@link #stop()} (any thread) interrupts a list or watch call in progress,
 * stops the current watch and ends {@code next()} with {@code null}.
 */
final class ListThenWatch<T> implements Watch<T> {

    private static final Logger log = LoggerFactory.getLogger(ListThenWatch.class);

    /** A list or watch call made on the consumer's thread. */
    @FunctionalInterface
    private interface SourceCall<R> {
        R call() throws Exception;
    }

    private final ListWatchSource<T> source;
    private final Clock clock;
    private final long minRestartDelayNanos;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition stopCondition = lock.newCondition();
    // @GuardedBy("lock") for writes
    private volatile boolean stopped;
    // @GuardedBy("lock") the consumer thread while it is inside a source call, so stop() can interrupt it
    private @Nullable Thread callingThread;

    // Confined to the consumer thread:
    private final Map<String, T> known = new LinkedHashMap<>();
    private final ArrayDeque<Event<T>> pending = new ArrayDeque<>();
    private @Nullable List<T> firstListItems;
    private boolean needsList = true;
    private String resourceVersion = ""; // set by the first list, before any watch
    private long lastAttemptStartNanos;
    private long notBeforeNanos;
    private boolean backoffArmed;
    private volatile @Nullable Watch<T> current;

    ListThenWatch(ListWatchSource<T> source, Clock clock, Duration minRestartDelay) {
        this.source = Objects.requireNonNull(source, "source");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.minRestartDelayNanos = Clock.toNanosSaturated(minRestartDelay);
    }

    /**
     * Lists (retrying failures) until the first list succeeds; returns its items, or {@code null} if
     * stopped first. The ADDED events of the listed objects are still delivered by {@link #next()}.
     */
    @Nullable
    Collection<T> awaitFirstList() throws InterruptedException {
        while (firstListItems == null) {
            if (stopped) {
                return null;
            }
            list();
        }
        return firstListItems;
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        while (true) {
            if (stopped) {
                return null;
            }
            Event<T> queued = pending.poll();
            if (queued != null) {
                return queued;
            }
            if (needsList) {
                list();
                continue;
            }
            Watch<T> watch = current;
            if (watch == null) {
                openWatch();
                continue;
            }
            Event<T> event = watch.next();
            if (event == null) {
                closeCurrent(0);
                continue;
            }
            switch (event.type()) {
                case ADDED, MODIFIED -> {
                    T object = event.typedObject();
                    known.put(source.keyOf(object), object);
                    advance(object);
                    return event;
                }
                case DELETED -> {
                    T object = event.typedObject();
                    known.remove(source.keyOf(object));
                    advance(object);
                    return event;
                }
                case BOOKMARK -> advance(event.typedObject());
                case ERROR -> onError(event);
                default -> throw new IllegalStateException("unknown event type " + event.type());
            }
        }
    }

    @Override
    public void stop() {
        lock.lock();
        try {
            if (stopped) {
                return;
            }
            stopped = true;
            if (callingThread != null) {
                callingThread.interrupt();
            }
            stopCondition.signalAll();
        } finally {
            lock.unlock();
        }
        Watch<T> watch = current;
        if (watch != null) {
            watch.stop();
        }
    }

    @Override
    public boolean isStopped() {
        return stopped;
    }

    private void onError(Event<T> event) {
        if (event.status() instanceof ApiError status && status.isResourceExpired()) {
            log.debug("watch from resourceVersion {} expired ({}); listing again", resourceVersion, status.message());
            closeCurrent(0);
            needsList = true;
            return;
        }
        long retryAfterNanos = 0;
        if (event.status() instanceof ApiError status && status.retryAfterSeconds() != null) {
            retryAfterNanos = Clock.toNanosSaturated(Duration.ofSeconds(status.retryAfterSeconds()));
        }
        log.debug("watch ERROR {}; watching again from resourceVersion {}", event.status(), resourceVersion);
        closeCurrent(retryAfterNanos);
    }

    private void list() throws InterruptedException {
        if (!awaitBackoff()) {
            return;
        }
        lastAttemptStartNanos = clock.nanoTime();
        ListResult<T> listed =
                callOrBackOff(source::list, "list failed; retrying", "the source's list() returned null; retrying");
        if (listed != null) {
            applyList(listed);
        }
    }

    /** Replaces the known objects with the listed ones and queues the events that tell the difference. */
    private void applyList(ListResult<T> listed) {
        Map<String, T> previous = new LinkedHashMap<>(known);
        known.clear();
        for (T object : listed.items()) {
            String key = source.keyOf(object);
            known.put(key, object);
            T before = previous.remove(key);
            if (before == null) {
                pending.add(Event.of(EventType.ADDED, object));
            } else if (!Objects.equals(source.resourceVersionOf(before), source.resourceVersionOf(object))) {
                pending.add(Event.of(EventType.MODIFIED, object));
            }
        }
        for (T gone : previous.values()) {
            pending.add(Event.of(EventType.DELETED, gone));
        }
        resourceVersion = listed.resourceVersion();
        needsList = false;
        if (firstListItems == null) {
            firstListItems = listed.items();
        }
    }

    private void openWatch() throws InterruptedException {
        if (!awaitBackoff()) {
            return;
        }
        lastAttemptStartNanos = clock.nanoTime();
        String from = resourceVersion;
        Watch<T> watch = callOrBackOff(
                () -> source.watch(from),
                "watch from resourceVersion " + from + " failed; retrying",
                "the source's watch() returned null for resourceVersion " + from + "; retrying");
        if (watch == null) {
            return;
        }
        current = watch;
        // Read after publishing current: either stop() sees the watch, or we see the stop.
        if (stopped) {
            watch.stop();
        }
    }

    private void closeCurrent(long retryAfterNanos) {
        Watch<T> watch = current;
        current = null;
        if (watch != null) {
            watch.stop();
        }
        armBackoff(retryAfterNanos);
    }

    private void armBackoff(long retryAfterNanos) {
        notBeforeNanos = Math.max(lastAttemptStartNanos + minRestartDelayNanos, clock.nanoTime() + retryAfterNanos);
        backoffArmed = true;
    }

    /** Waits on the clock until the next attempt may start; false if stopped first. */
    private boolean awaitBackoff() throws InterruptedException {
        if (!backoffArmed) {
            return !stopped;
        }
        lock.lockInterruptibly();
        try {
            boolean waited = Waits.untilDeadlineUnless(clock, lock, stopCondition, notBeforeNanos, () -> stopped);
            backoffArmed = false;
            return waited;
        } finally {
            lock.unlock();
        }
    }

    private void advance(T object) {
        String version = source.resourceVersionOf(object);
        if (version != null && !version.isEmpty()) {
            resourceVersion = version;
        }
    }

    /**
     * Makes a source call ({@link #call}); when it fails or returns null, logs (unless stopped), arms the
     * backoff and returns null, as it does when stop() interrupted it.
     *
     * @throws InterruptedException if the consumer's thread was interrupted other than by stop()
     */
    private <R> @Nullable R callOrBackOff(SourceCall<R> sourceCall, String failedLine, String nullLine)
            throws InterruptedException {
        R result;
        try {
            result = call(sourceCall);
        } catch (InterruptedException e) {
            if (stopped) {
                return null;
            }
            throw e;
        } catch (Exception e) {
            if (!stopped) {
                log.warn(failedLine, e);
                armBackoff(0);
            }
            return null;
        }
        if (result == null && !stopped) {
            log.error(nullLine);
            armBackoff(0);
        }
        return result;
    }

    /** Runs a source call that stop() may interrupt; clears that interrupt afterwards. */
    private <R> R call(SourceCall<R> sourceCall) throws Exception {
        lock.lock();
        try {
            if (stopped) {
                throw new InterruptedException("stopped");
            }
            callingThread = Thread.currentThread();
        } finally {
            lock.unlock();
        }
        try {
            return sourceCall.call();
        } finally {
            Locks.run(lock, () -> {
                callingThread = null;
                if (stopped) {
                    // The interrupt, if any, was ours: do not leak it to the caller's thread.
                    Thread.interrupted();
                }
            });
        }
    }
}
