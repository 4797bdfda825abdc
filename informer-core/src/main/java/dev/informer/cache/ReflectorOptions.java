package dev.informer.cache;

import dev.informer.clock.Durations;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.random.RandomGenerator;

/**
 * How a {@link Reflector} lists and watches (client-go's {@code ReflectorOptions} and the informer
 * options that reach the reflector): backoff, watch timeouts, paging, streaming lists, internal error
 * retries, metrics and the random source for jitter. One value configures a reflector ({@link
 * Reflector.Builder#options}), every informer's reflector ({@link
 * SharedIndexInformer.Builder#reflectorOptions}) or every reflector of a factory (the client's
 * {@code SharedInformerFactory.Builder.reflectorOptions}); the validation lives here, once.
 *
 * <p>What is not here belongs to the whole informer, not only its reflector, and stays on the
 * builders: the name, the resync period, the clock, the thread factory, the watch error handler and the
 * metadata adapter.
 *
 * <p><b>Defaults</b> ({@link #defaults()}): {@link BackoffPolicy#reflectorDefault()}, minimum watch
 * timeout 5 minutes, page size 0 (client-go's paging rule), streaming lists on, the consistency check
 * as {@link Reflector#WATCH_LIST_CONSISTENCY_CHECK_PROPERTY} says, no internal error retries, no
 * metrics, a new {@link Random}.
 *
 * <p>Immutable and thread-safe (the random source it holds is shared by the reflectors built with it;
 * {@link Random} is thread-safe). The {@link Builder} is not thread-safe; it checks each value when set
 * and throws {@link IllegalArgumentException} naming the option for a value out of range, {@link
 * NullPointerException} naming it for {@code null}. The canonical constructor checks the same.
 *
 * @param backoff the backoff between failed cycles; default {@link BackoffPolicy#reflectorDefault()}
 * @param minWatchTimeout the shortest server-side watch timeout (client-go's {@code
 *     ReflectorOptions.MinWatchTimeout}); each watch asks for a random timeout in {@code [min, 2 * min)}
 *     to spread reconnects. Default and minimum 5 minutes, as client-go (which raises shorter values to
 *     5 minutes; here they are an error)
 * @param pageSize a fixed page size for every list (client-go's {@code WatchListPageSize}). Zero
 *     (default) means client-go's rule: pages of 500 for resource versions "" and "0", unpaged otherwise
 *     unless the server paged the first list
 * @param useWatchList whether to try a streaming list (watch with {@code sendInitialEvents}) first;
 *     default true, as client-go's {@code WatchListClient} feature since Kubernetes 1.35. A server that
 *     rejects the request (e.g. 422 from a 1.27-1.31 server without the WatchList gate) makes the
 *     reflector fall back to list + watch for good (logged once at INFO); other streaming failures fall
 *     back for that cycle. {@code false} always lists and watches
 * @param watchListConsistencyCheck whether to check each streaming list against a plain list at the
 *     same resource version ({@code resourceVersionMatch=Exact}), as client-go's {@code
 *     KUBE_WATCHLIST_INCONSISTENCY_DETECTOR}: a difference in keys or resource versions is logged at
 *     ERROR, naming them. It costs one extra full list per streaming list, so it is meant for tests.
 *     Default: on when the system property {@value Reflector#WATCH_LIST_CONSISTENCY_CHECK_PROPERTY} or
 *     the environment variable {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR} is {@code true} (read when
 *     the builder is made), else off
 * @param maxInternalErrorRetryDuration how long a watch failing with an internal error (a 500 answer
 *     or a watch ERROR event with code 500) is retried from the same resource version, with backoff,
 *     before the reflector relists (client-go's {@code MaxInternalErrorRetryDuration}). Default zero:
 *     relist at the first one, as client-go's informers (the API server's watch cache sets 30 s)
 * @param metrics where the reflector's metrics go (client-go's reflector metrics), labelled with the
 *     reflector's (or informer's) name; default {@link ReflectorMetricsProvider#noop()}
 * @param random the random source for backoff jitter and watch timeouts (seed it in tests); default a
 *     new {@link java.util.Random}
 */
@GenerateBuilder(checked = true)
public record ReflectorOptions(
        BackoffPolicy backoff,
        Duration minWatchTimeout,
        long pageSize,
        boolean useWatchList,
        boolean watchListConsistencyCheck,
        Duration maxInternalErrorRetryDuration,
        ReflectorMetricsProvider metrics,
        RandomGenerator random) {

    /** The shortest allowed {@link #minWatchTimeout}, as client-go. */
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofMinutes(5);

    /**
     * Checks every value as the builder's setters do.
     *
     * @throws NullPointerException naming the first {@code null} component
     * @throws IllegalArgumentException naming the first value out of range
     */
    public ReflectorOptions {
        Objects.requireNonNull(backoff, "backoff");
        checkMinWatchTimeout(Objects.requireNonNull(minWatchTimeout, "minWatchTimeout"));
        checkPageSize(pageSize);
        checkMaxInternalErrorRetryDuration(
                Objects.requireNonNull(maxInternalErrorRetryDuration, "maxInternalErrorRetryDuration"));
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(random, "random");
    }

    /**
     * Checks a minimum watch timeout.
     *
     * @throws IllegalArgumentException if shorter than 5 minutes
     */
    static Duration checkMinWatchTimeout(Duration minWatchTimeout) {
        if (minWatchTimeout.compareTo(MIN_WATCH_TIMEOUT) < 0) {
            throw new IllegalArgumentException(
                    "minWatchTimeout must be at least 5m (as client-go): " + Durations.format(minWatchTimeout));
        }
        return minWatchTimeout;
    }

    /**
     * Checks a page size.
     *
     * @throws IllegalArgumentException if negative
     */
    static long checkPageSize(long pageSize) {
        if (pageSize < 0) {
            throw new IllegalArgumentException("pageSize must not be negative: " + pageSize);
        }
        return pageSize;
    }

    /**
     * Checks an internal error retry duration.
     *
     * @throws IllegalArgumentException if negative
     */
    static Duration checkMaxInternalErrorRetryDuration(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("maxInternalErrorRetryDuration must not be negative: " + duration);
        }
        return duration;
    }

    /** The defaults (see the class comment); the consistency check default is read at each call. */
    public static ReflectorOptions defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder().from(this);
    }

    @Override
    public String toString() {
        return "ReflectorOptions[backoff=" + backoff + ", minWatchTimeout=" + Durations.format(minWatchTimeout)
                + ", pageSize=" + pageSize + ", useWatchList=" + useWatchList + ", watchListConsistencyCheck="
                + watchListConsistencyCheck + ", maxInternalErrorRetryDuration="
                + Durations.format(maxInternalErrorRetryDuration) + "]";
    }

    /** The system property, else client-go's environment variable (see {@link #watchListConsistencyCheck}). */
    static boolean consistencyCheckByDefault() {
        return Boolean.getBoolean(Reflector.WATCH_LIST_CONSISTENCY_CHECK_PROPERTY)
                || "true".equals(System.getenv("KUBE_WATCHLIST_INCONSISTENCY_DETECTOR"));
    }

    /**
     * Builds {@link ReflectorOptions}, starting from the defaults (the consistency check's is read when
     * the builder is made, and each builder has a new {@link Random}). Not thread-safe; each {@link
     * #build()} gives a new immutable value.
     */
    public static final class Builder extends ReflectorOptionsBuilderBase {
        private Builder() {
            from(new ReflectorOptions(
                    BackoffPolicy.reflectorDefault(),
                    MIN_WATCH_TIMEOUT,
                    0,
                    true,
                    consistencyCheckByDefault(),
                    Duration.ZERO,
                    ReflectorMetricsProvider.noop(),
                    new Random()));
        }
    }
}
