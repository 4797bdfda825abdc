package dev.informer.record;

import dev.informer.api.CoreEvent;
import dev.informer.api.EventSource;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ObjectReference;
import dev.informer.api.ResourceType;
import dev.informer.client.ApiException;
import dev.informer.client.KubernetesClient;
import dev.informer.client.PatchType;
import dev.informer.client.ResourceClient;
import dev.informer.client.StatusException;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.concurrent.internal.Locks;
import dev.informer.concurrent.internal.Waits;
import dev.informer.record.internal.EventCorrelator;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * Writes the events of its {@link EventRecorder}s as {@code core/v1} Events through a {@link
 * KubernetesClient} (client-go's {@code record.EventBroadcaster} started with {@code
 * StartRecordingToSink} and {@code StartStructuredLogging}).
 *
 * <p>Recorders put events on one bounded queue (default 1000) and return at once; one writer thread,
 * from the injected {@link ThreadFactory}, takes them in order, logs each one (SLF4J logger {@code
 * dev.informer.record.EventBroadcaster}, level {@link Builder#logLevel Builder.logLevel}), correlates it and writes
 * it:
 *
 * <ul>
 *   <li>events about one object, source, type and reason that differ only in their message are
 *       combined: from the 10th different message within 10 minutes on, one Event with the message
 *       prefixed {@code "(combined from similar events): "} is written and counted up instead;
 *   <li>an event identical to one already written (same source, object, type, reason and message)
 *       patches that Event's {@code count}, {@code lastTimestamp} and {@code message} (a merge
 *       patch; a 404 creates it again);
 *   <li>each source and object may write 25 events at once, then one per 5 minutes (a token bucket);
 *       throttled events are counted in {@link #filteredEvents()}.
 * </ul>
 *
 * <p>A write that fails to reach the server is retried up to {@link Builder#maxTries Builder.maxTries} times in all,
 * {@link Builder#retryInterval Builder.retryInterval} apart (the first wait a random part of it), on the injected clock; a
 * Status answer (4xx or 5xx) is not retried. Events that could not be written, that did not fit in
 * the full queue or that were recorded after {@link #close()} are dropped, logged at WARN (the first
 * of each run of drops; the rest at DEBUG) and counted in {@link #droppedEvents()}.
 *
 * <p>Thread-safe. {@link #close()} stops taking events, writes those already queued (once each, no
 * retries) and waits for the writer thread up to {@link Builder#closeTimeout Builder.closeTimeout}.
 */
public final class EventBroadcaster implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EventBroadcaster.class);

    /** The default queue capacity (client-go's {@code maxQueuedEvents}). */
    public static final int DEFAULT_QUEUE_CAPACITY = 1000;

    /** The default number of write attempts (client-go's {@code maxTriesPerEvent}). */
    public static final int DEFAULT_MAX_TRIES = 12;

    /** The default wait between write attempts (client-go's {@code defaultSleepDuration}). */
    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofSeconds(10);

    private record Queued(
            ObjectReference involved,
            Map<String, String> annotations,
            EventSeverity type,
            String reason,
            String message,
            EventSource source) {}

    @SuppressWarnings("NullAway") // a sentinel compared by identity; its fields are never read
    private static final Queued STOP = new Queued(null, null, null, null, null, null);

    private final ResourceClient<CoreEvent> events;
    private final Clock clock;
    private final EventCorrelator correlator;
    private final BlockingQueue<Queued> queue;
    private final int maxTries;
    private final Duration retryInterval;
    private final Duration closeTimeout;
    private final Level logLevel;
    private final Thread writer;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong filtered = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final Object lifecycle = new Object();
    // @GuardedBy("lifecycle")
    private boolean closed;
    private volatile boolean draining;
    private final ReentrantLock retryLock = new ReentrantLock();
    private final Condition closing = retryLock.newCondition();
    private volatile boolean lastDropLogged;

    private EventBroadcaster(KubernetesClient client, EventBroadcasterSettings settings) {
        this.events = client.resource(ResourceType.EVENTS);
        this.clock = settings.clock();
        this.correlator = new EventCorrelator(
                clock,
                EventCorrelator.DEFAULT_CACHE_SIZE,
                settings.aggregateMaxEvents(),
                settings.aggregateInterval(),
                settings.spamBurst(),
                settings.spamRefillInterval());
        this.queue = new ArrayBlockingQueue<>(settings.queueCapacity() + 1); // one slot kept for STOP
        this.maxTries = settings.maxTries();
        this.retryInterval = settings.retryInterval();
        this.closeTimeout = settings.closeTimeout();
        this.logLevel = settings.logLevel();
        this.writer = settings.threadFactory().newThread(this::runWriter);
        writer.start();
    }

    /** A builder writing through {@code client} (events go to each involved object's namespace). */
    public static Builder builder(KubernetesClient client) {
        return new Builder(client);
    }

    /**
     * A recorder reporting as {@code source} (its component is required; its host may be {@code null}).
     *
     * @throws IllegalArgumentException if the source has no component
     */
    public EventRecorder newRecorder(EventSource source) {
        Objects.requireNonNull(source, "source");
        if (source.component() == null || source.component().isEmpty()) {
            throw new IllegalArgumentException("an event source needs a component (e.g. the controller's name)");
        }
        return (involved, annotations, type, reason, message) -> {
            Objects.requireNonNull(involved, "involved");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(reason, "reason");
            if (involved.name() == null || involved.name().isEmpty()) {
                throw new IllegalArgumentException("cannot record an event about an object without a name (kind "
                        + involved.kind() + ", namespace " + involved.namespace() + ")");
            }
            offer(new Queued(
                    involved,
                    annotations == null ? Map.of() : Map.copyOf(annotations),
                    type,
                    reason,
                    message == null ? "" : message,
                    source));
        };
    }

    /** A recorder reporting as component {@code component}, with no host. */
    public EventRecorder newRecorder(String component) {
        return newRecorder(EventSource.builder().component(component).build());
    }

    /** Events dropped so far: the queue was full, the broadcaster closed, or the write failed. */
    public long droppedEvents() {
        return dropped.get();
    }

    /** Events skipped so far by the spam filter (too many about one object from one source). */
    public long filteredEvents() {
        return filtered.get();
    }

    /** Events created or patched on the server so far. */
    public long writtenEvents() {
        return written.get();
    }

    /** The number of events waiting for the writer. */
    public int queuedEvents() {
        int size = queue.size();
        return queue.contains(STOP) ? size - 1 : size;
    }

    /**
     * Stops taking events, writes the queued ones (no retries) and waits up to the close timeout for the
     * writer thread to end. Idempotent.
     */
    @Override
    public void close() {
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
            draining = true;
            queue.add(STOP); // the spare slot: never full for STOP
        }
        Locks.run(retryLock, closing::signalAll); // ends a retry wait; queued events are still written once
        try {
            writer.join(closeTimeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (writer.isAlive()) {
            log.warn("event writer did not finish within {}; {} events may be lost", closeTimeout, queuedEvents());
        }
    }

    private void offer(Queued event) {
        boolean accepted;
        synchronized (lifecycle) {
            // Leaves the spare slot for STOP.
            accepted = !closed && queue.remainingCapacity() > 1 && queue.offer(event);
        }
        if (!accepted) {
            drop(event, closed ? "the event broadcaster is closed" : "the event queue is full");
        }
    }

    private void drop(Queued event, String why) {
        dropped.incrementAndGet();
        String line = "Dropping event " + event.type().wireName() + " " + event.reason() + " about "
                + describe(event.involved()) + ": " + why + " (" + dropped.get() + " dropped so far)";
        if (lastDropLogged) {
            log.debug(line);
        } else {
            lastDropLogged = true;
            log.warn(line);
        }
    }

    @SuppressWarnings("ReferenceEquality") // STOP is a sentinel: identity on purpose
    private void runWriter() {
        while (true) {
            Queued next;
            try {
                next = queue.take();
            } catch (InterruptedException e) {
                log.warn("event writer interrupted: {} queued events are not written", queuedEvents());
                return;
            }
            if (next == STOP) {
                return;
            }
            try {
                write(next);
            } catch (Exception e) { // also what the HTTP client throws undeclared: the writer must live on
                drop(next, "unexpected " + e);
                log.debug("unexpected failure writing an event", e);
            }
        }
    }

    /** Waits {@code wait} on the clock; false when {@link #close()} cut it short. */
    private boolean awaitRetry(Duration wait) throws InterruptedException {
        long deadline = clock.nanoTime() + wait.toNanos();
        retryLock.lock();
        try {
            return Waits.untilDeadlineUnless(clock, retryLock, closing, deadline, () -> draining);
        } finally {
            retryLock.unlock();
        }
    }

    private void write(Queued queued) {
        CoreEvent event = correlator.newEvent(
                queued.involved(),
                queued.annotations(),
                queued.type().wireName(),
                queued.reason(),
                queued.message(),
                queued.source());
        log.atLevel(logLevel)
                .log(
                        "Event occurred: object={} kind={} apiVersion={} fieldPath={} type={} reason={} message={}",
                        describe(queued.involved()),
                        queued.involved().kind(),
                        queued.involved().apiVersion(),
                        queued.involved().fieldPath(),
                        event.type(),
                        event.reason(),
                        event.message());
        EventCorrelator.Result result = correlator.correlate(event);
        if (result.skip()) {
            filtered.incrementAndGet();
            log.debug(
                    "Event {} {} about {} throttled by the spam filter",
                    event.type(),
                    event.reason(),
                    describe(queued.involved()));
            return;
        }
        int tries = 0;
        while (true) {
            String failure = tryWrite(result);
            if (failure == null) {
                written.incrementAndGet();
                lastDropLogged = false;
                return;
            }
            tries++;
            if (tries >= maxTries || draining || failure.startsWith("rejected")) {
                drop(queued, failure);
                return;
            }
            Duration wait = tries == 1
                    ? Duration.ofNanos((long) (ThreadLocalRandom.current().nextDouble() * retryInterval.toNanos()))
                    : retryInterval;
            log.debug(
                    "Unable to write event {} (try {} of {}), retrying in {}: {}",
                    describe(queued.involved()),
                    tries,
                    maxTries,
                    wait,
                    failure);
            try {
                if (!awaitRetry(wait)) {
                    drop(queued, failure + " (the broadcaster closed)");
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                drop(queued, failure);
                return;
            }
        }
    }

    /** Null when written, else why not ("rejected ..." when the server answered with a Status). */
    private @Nullable String tryWrite(EventCorrelator.Result result) {
        CoreEvent event = result.event();
        // The correlator names every event and puts it in a namespace.
        ObjectMeta meta = Objects.requireNonNull(event.metadata(), "a correlated event has metadata");
        ResourceClient<CoreEvent> inNamespace =
                events.inNamespace(Objects.requireNonNull(meta.namespace(), "a correlated event has a namespace"));
        try {
            CoreEvent stored;
            if (result.patch() != null) {
                try {
                    stored = inNamespace.patch(
                            Objects.requireNonNull(meta.name(), "a correlated event has a name"),
                            PatchType.MERGE,
                            result.patch());
                } catch (StatusException e) {
                    if (!e.isNotFound()) {
                        throw e;
                    }
                    stored = inNamespace.create(event.toBuilder()
                            .metadata(meta.toBuilder().resourceVersion(null).build())
                            .build());
                }
            } else {
                stored = inNamespace.create(event.toBuilder()
                        .metadata(meta.toBuilder().resourceVersion(null).build())
                        .build());
            }
            correlator.updateState(stored);
            return null;
        } catch (StatusException e) {
            return "rejected by the server: " + e.getMessage();
        } catch (ApiException e) {
            return e.getMessage();
        }
    }

    private static String describe(ObjectReference ref) {
        String name = String.valueOf(ref.name());
        return ref.namespace() == null || ref.namespace().isEmpty() ? name : ref.namespace() + "/" + name;
    }

    /**
     * Builds an {@link EventBroadcaster}; {@link #build()} starts its writer thread. Not thread-safe.
     * Setters throw {@link IllegalArgumentException} for values out of range and {@link
     * NullPointerException} for {@code null}.
     */
    public static final class Builder extends EventBroadcasterSettingsBuilderBase {
        private final KubernetesClient client;

        private Builder(KubernetesClient client) {
            this.client = Objects.requireNonNull(client, "client");
            from(new EventBroadcasterSettings(
                    Clock.system(),
                    ThreadFactories.platformDaemon("event-broadcaster"),
                    DEFAULT_QUEUE_CAPACITY,
                    DEFAULT_MAX_TRIES,
                    DEFAULT_RETRY_INTERVAL,
                    Duration.ofSeconds(10),
                    EventCorrelator.DEFAULT_AGGREGATE_MAX_EVENTS,
                    EventCorrelator.DEFAULT_AGGREGATE_INTERVAL,
                    EventCorrelator.DEFAULT_SPAM_BURST,
                    EventCorrelator.DEFAULT_SPAM_REFILL_INTERVAL,
                    Level.INFO));
        }

        /** The broadcaster, its writer thread started. */
        public EventBroadcaster build() {
            return new EventBroadcaster(client, settings());
        }
    }
}
