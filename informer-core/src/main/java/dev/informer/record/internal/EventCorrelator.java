package dev.informer.record.internal;

import dev.informer.api.CoreEvent;
import dev.informer.api.EventSource;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ObjectReference;
import dev.informer.api.Timestamps;
import dev.informer.clock.Clock;
import dev.informer.workqueue.internal.TokenBucket;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Decides what to write for each recorded event (client-go's {@code EventCorrelator}): first the
 * aggregator folds events that differ only in their message into one combined event once there are
 * too many of them, then the logger turns a repeat of an already written event into a patch of its
 * count, and last the spam filter throttles each source and object with a token bucket.
 *
 * <p>Not a public API. Thread-safe (every method synchronizes on this object); the broadcaster calls
 * it from its one writer thread. The three caches are LRU-bounded.
 */
public final class EventCorrelator {

    /** client-go's {@code maxLruCacheEntries}. */
    public static final int DEFAULT_CACHE_SIZE = 4096;
    /** client-go's {@code defaultAggregateMaxEvents}: combine from the 10th different message on. */
    public static final int DEFAULT_AGGREGATE_MAX_EVENTS = 10;
    /** client-go's {@code defaultAggregateIntervalInSeconds}. */
    public static final Duration DEFAULT_AGGREGATE_INTERVAL = Duration.ofMinutes(10);
    /** client-go's {@code defaultSpamBurst}: 25 events per source and object at once. */
    public static final int DEFAULT_SPAM_BURST = 25;
    /** One token per 5 minutes (client-go's {@code defaultSpamQPS = 1/300}). */
    public static final Duration DEFAULT_SPAM_REFILL_INTERVAL = Duration.ofMinutes(5);

    private static final String COMBINED_PREFIX = "(combined from similar events): ";

    /**
     * What to write for one event.
     *
     * @param event the event to write (a combined or counted one may differ from the recorded event)
     * @param patch the merge patch to apply to the existing Event named {@code event.metadata.name}, or
     *     {@code null} to create it
     * @param skip true when the spam filter throttled the event: write nothing
     */
    public record Result(CoreEvent event, @Nullable String patch, boolean skip) {}

    private record AggregateRecord(Set<String> localKeys, Instant lastTimestamp) {}

    private record EventLog(
            int count, @Nullable String firstTimestamp, @Nullable String name, @Nullable String resourceVersion) {}

    private final Clock clock;
    private final int maxEvents;
    private final Duration aggregateInterval;
    private final int burst;
    private final long refillNanos;
    private final Map<String, AggregateRecord> aggregates;
    private final Map<String, EventLog> logs;
    private final Map<String, TokenBucket> spamBuckets;
    private long lastNameNanos;

    /**
     * @throws IllegalArgumentException if a size or count is below 1 or a duration is not positive
     */
    public EventCorrelator(
            Clock clock,
            int cacheSize,
            int aggregateMaxEvents,
            Duration aggregateInterval,
            int spamBurst,
            Duration spamRefillInterval) {
        this.clock = Objects.requireNonNull(clock, "clock");
        require(cacheSize >= 1, "cacheSize must be at least 1, got " + cacheSize);
        require(aggregateMaxEvents >= 1, "aggregateMaxEvents must be at least 1, got " + aggregateMaxEvents);
        require(spamBurst >= 1, "spamBurst must be at least 1, got " + spamBurst);
        require(
                aggregateInterval.compareTo(Duration.ZERO) > 0,
                "aggregateInterval must be positive, got " + aggregateInterval);
        require(
                spamRefillInterval.compareTo(Duration.ZERO) > 0,
                "spamRefillInterval must be positive, got " + spamRefillInterval);
        this.maxEvents = aggregateMaxEvents;
        this.aggregateInterval = aggregateInterval;
        this.burst = spamBurst;
        this.refillNanos = spamRefillInterval.toNanos();
        this.aggregates = lru(cacheSize);
        this.logs = lru(cacheSize);
        this.spamBuckets = lru(cacheSize);
    }

    /** A correlator with client-go's defaults. */
    public static EventCorrelator withDefaults(Clock clock) {
        return new EventCorrelator(
                clock,
                DEFAULT_CACHE_SIZE,
                DEFAULT_AGGREGATE_MAX_EVENTS,
                DEFAULT_AGGREGATE_INTERVAL,
                DEFAULT_SPAM_BURST,
                DEFAULT_SPAM_REFILL_INTERVAL);
    }

    /**
     * A new event (count 1, first and last timestamp now) about {@code involved}, named after the
     * object and a unique hexadecimal timestamp in nanoseconds (client-go's {@code makeEvent}), in the
     * object's namespace or {@code default}.
     */
    public synchronized CoreEvent newEvent(
            ObjectReference involved,
            Map<String, String> annotations,
            String type,
            String reason,
            String message,
            EventSource source) {
        Instant now = clock.now();
        String timestamp = Timestamps.format(now);
        String namespace =
                involved.namespace() == null || involved.namespace().isEmpty() ? "default" : involved.namespace();
        return CoreEvent.builder()
                .metadata(ObjectMeta.builder()
                        .name(involved.name() + "." + Long.toHexString(uniqueNanos(now)))
                        .namespace(namespace)
                        .annotations(annotations)
                        .build())
                .involvedObject(involved)
                .reason(reason)
                .message(message)
                .source(source)
                .firstTimestamp(timestamp)
                .lastTimestamp(timestamp)
                .count(1)
                .type(type)
                .reportingComponent(source.component())
                .reportingInstance(source.host())
                .build();
    }

    /** Correlates {@code event}: what to write, or to skip it. */
    public synchronized Result correlate(CoreEvent event) {
        Instant now = clock.now();
        CoreEvent aggregated;
        String key;
        // EventAggregate: similar events (same source, object, type and reason) with different messages.
        String aggregateKey = aggregateKey(event);
        String localKey = nullToEmpty(event.message());
        AggregateRecord record = aggregates.get(aggregateKey);
        if (record == null || Duration.between(record.lastTimestamp(), now).compareTo(aggregateInterval) > 0) {
            record = new AggregateRecord(new HashSet<>(), now);
        }
        record.localKeys().add(localKey);
        boolean combine = record.localKeys().size() >= maxEvents;
        if (combine) {
            // Keeps the set bounded, as client-go's PopAny.
            Iterator<String> any = record.localKeys().iterator();
            any.next();
            any.remove();
        }
        aggregates.put(aggregateKey, new AggregateRecord(record.localKeys(), now));
        if (combine) {
            String timestamp = Timestamps.format(now);
            aggregated = event.toBuilder()
                    .metadata(metadataOf(event).toBuilder()
                            .name(involvedOf(event).name() + "." + Long.toHexString(uniqueNanos(now)))
                            .build())
                    .message(COMBINED_PREFIX + nullToEmpty(event.message()))
                    .count(1)
                    .firstTimestamp(timestamp)
                    .lastTimestamp(timestamp)
                    .build();
            key = aggregateKey;
        } else {
            aggregated = event;
            key = eventKey(event);
        }

        // eventObserve: a repeat of a known event becomes a patch of its count.
        CoreEvent observed = aggregated;
        String patch = null;
        EventLog last = logs.get(key);
        if (last != null) {
            observed = aggregated.toBuilder()
                    .count(last.count() + 1)
                    .firstTimestamp(last.firstTimestamp())
                    .metadata(metadataOf(aggregated).toBuilder()
                            .name(last.name())
                            .resourceVersion(last.resourceVersion())
                            .build())
                    .build();
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.put("count", observed.count());
            body.put("lastTimestamp", observed.lastTimestamp());
            body.put("message", nullToEmpty(observed.message()));
            patch = body.toString();
        }
        logs.put(key, logOf(observed));

        // The spam filter: a token bucket per source and object.
        TokenBucket bucket = spamBuckets.computeIfAbsent(
                spamKey(observed), k -> TokenBucket.onePer(refillNanos, burst, clock.nanoTime()));
        if (!bucket.tryTake(clock.nanoTime())) {
            return new Result(observed, null, true);
        }
        return new Result(observed, patch, false);
    }

    /** Remembers the Event as the server stored it, so the next repeat patches it (client-go's {@code UpdateState}). */
    public synchronized void updateState(CoreEvent written) {
        logs.put(eventKey(written), logOf(written));
    }

    private static EventLog logOf(CoreEvent event) {
        return new EventLog(
                event.count() == null ? 1 : event.count(),
                event.firstTimestamp(),
                metadataOf(event).name(),
                metadataOf(event).resourceVersion());
    }

    // The recorder always sets an event's metadata and involved object, and the server keeps them.
    private static ObjectMeta metadataOf(CoreEvent event) {
        return Objects.requireNonNull(event.metadata(), "an event without metadata");
    }

    private static ObjectReference involvedOf(CoreEvent event) {
        return Objects.requireNonNull(event.involvedObject(), "an event without involvedObject");
    }

    /** Event names must be unique: two events made in the same nanosecond get consecutive numbers. */
    private long uniqueNanos(Instant now) {
        long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        lastNameNanos = Math.max(nanos, lastNameNanos + 1);
        return lastNameNanos;
    }

    static String eventKey(CoreEvent event) {
        ObjectReference ref = involvedOf(event);
        return join(
                component(event),
                host(event),
                ref.kind(),
                ref.namespace(),
                ref.name(),
                ref.fieldPath(),
                ref.uid(),
                ref.apiVersion(),
                event.type(),
                event.reason(),
                event.message());
    }

    /** The spam key's parts, then the type, reason and reporting component and instance. */
    static String aggregateKey(CoreEvent event) {
        return spamKey(event)
                + join(event.type(), event.reason(), event.reportingComponent(), event.reportingInstance());
    }

    static String spamKey(CoreEvent event) {
        ObjectReference ref = involvedOf(event);
        return join(
                component(event), host(event), ref.kind(), ref.namespace(), ref.name(), ref.uid(), ref.apiVersion());
    }

    private static @Nullable String component(CoreEvent event) {
        return event.source() == null ? null : event.source().component();
    }

    private static @Nullable String host(CoreEvent event) {
        return event.source() == null ? null : event.source().host();
    }

    /** Joins with a separator (client-go joins with "", which lets "ab"+"c" collide with "a"+"bc"). */
    private static String join(@Nullable String... parts) {
        StringBuilder sb = new StringBuilder();
        for (String part : parts) {
            sb.append(nullToEmpty(part)).append('\u0000');
        }
        return sb.toString();
    }

    private static String nullToEmpty(@Nullable String s) {
        return s == null ? "" : s;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    private static <V> Map<String, V> lru(int maxEntries) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > maxEntries;
            }
        };
    }
}
