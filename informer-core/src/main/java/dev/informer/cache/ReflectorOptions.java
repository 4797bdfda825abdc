package dev.informer.cache;

import dev.informer.clock.Durations;
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
 * NullPointerException} naming it for {@code null}.
 */
public final class ReflectorOptions {

    /** The shortest allowed {@link Builder#minWatchTimeout}, as client-go. */
    static final Duration MIN_WATCH_TIMEOUT = Duration.ofMinutes(5);

    private final BackoffPolicy backoff;
    private final Duration minWatchTimeout;
    private final long pageSize;
    private final boolean useWatchList;
    private final boolean watchListConsistencyCheck;
    private final Duration maxInternalErrorRetryDuration;
    private final ReflectorMetricsProvider metrics;
    private final RandomGenerator random;

    private ReflectorOptions(Builder b) {
        this.backoff = b.backoff;
        this.minWatchTimeout = b.minWatchTimeout;
        this.pageSize = b.pageSize;
        this.useWatchList = b.useWatchList;
        this.watchListConsistencyCheck = b.watchListConsistencyCheck;
        this.maxInternalErrorRetryDuration = b.maxInternalErrorRetryDuration;
        this.metrics = b.metrics;
        this.random = b.random;
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
        return new Builder(this);
    }

    /** The backoff between failed cycles. */
    public BackoffPolicy backoff() {
        return backoff;
    }

    /** The shortest server-side watch timeout; see {@link Builder#minWatchTimeout}. */
    public Duration minWatchTimeout() {
        return minWatchTimeout;
    }

    /** The fixed page size of every list, or 0 for client-go's rule; see {@link Builder#pageSize}. */
    public long pageSize() {
        return pageSize;
    }

    /** Whether a streaming list is tried first; see {@link Builder#useWatchList}. */
    public boolean useWatchList() {
        return useWatchList;
    }

    /** Whether each streaming list is checked against a plain list; see {@link Builder#watchListConsistencyCheck}. */
    public boolean watchListConsistencyCheck() {
        return watchListConsistencyCheck;
    }

    /** How long internal errors are re-watched before a relist; see {@link Builder#maxInternalErrorRetryDuration}. */
    public Duration maxInternalErrorRetryDuration() {
        return maxInternalErrorRetryDuration;
    }

    /** Where the reflector's metrics go. */
    public ReflectorMetricsProvider metrics() {
        return metrics;
    }

    /** The random source for backoff jitter and watch timeouts. */
    public RandomGenerator random() {
        return random;
    }

    @Override
    public String toString() {
        return "ReflectorOptions[backoff=" + backoff + ", minWatchTimeout=" + Durations.format(minWatchTimeout)
                + ", pageSize=" + pageSize + ", useWatchList=" + useWatchList + ", watchListConsistencyCheck="
                + watchListConsistencyCheck + ", maxInternalErrorRetryDuration="
                + Durations.format(maxInternalErrorRetryDuration) + "]";
    }

    /** The system property, else client-go's environment variable (see {@link Builder#watchListConsistencyCheck}). */
    static boolean consistencyCheckByDefault() {
        return Boolean.getBoolean(Reflector.WATCH_LIST_CONSISTENCY_CHECK_PROPERTY)
                || "true".equals(System.getenv("KUBE_WATCHLIST_INCONSISTENCY_DETECTOR"));
    }

    /**
     * Builds {@link ReflectorOptions}. Not thread-safe; each {@link #build()} gives a new immutable value.
     */
    public static final class Builder {
        private BackoffPolicy backoff = BackoffPolicy.reflectorDefault();
        private Duration minWatchTimeout = MIN_WATCH_TIMEOUT;
        private long pageSize;
        private boolean useWatchList = true;
        private boolean watchListConsistencyCheck = consistencyCheckByDefault();
        private Duration maxInternalErrorRetryDuration = Duration.ZERO;
        private ReflectorMetricsProvider metrics = ReflectorMetricsProvider.noop();
        private RandomGenerator random;

        private Builder() {
            this.random = new Random();
        }

        private Builder(ReflectorOptions from) {
            this.backoff = from.backoff;
            this.minWatchTimeout = from.minWatchTimeout;
            this.pageSize = from.pageSize;
            this.useWatchList = from.useWatchList;
            this.watchListConsistencyCheck = from.watchListConsistencyCheck;
            this.maxInternalErrorRetryDuration = from.maxInternalErrorRetryDuration;
            this.metrics = from.metrics;
            this.random = from.random;
        }

        /** The backoff between failed cycles; default {@link BackoffPolicy#reflectorDefault()}. */
        public Builder backoff(BackoffPolicy backoff) {
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
        public Builder minWatchTimeout(Duration minWatchTimeout) {
            if (minWatchTimeout.compareTo(MIN_WATCH_TIMEOUT) < 0) {
                throw new IllegalArgumentException(
                        "minWatchTimeout must be at least 5m (as client-go): " + Durations.format(minWatchTimeout));
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
        public Builder pageSize(long pageSize) {
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
        public Builder useWatchList(boolean useWatchList) {
            this.useWatchList = useWatchList;
            return this;
        }

        /**
         * Whether to check each streaming list against a plain list at the same resource version
         * ({@code resourceVersionMatch=Exact}), as client-go's {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR}:
         * a difference in keys or resource versions is logged at ERROR, naming them. It costs one extra
         * full list per streaming list, so it is meant for tests. Default: on when the system property
         * {@value Reflector#WATCH_LIST_CONSISTENCY_CHECK_PROPERTY} or the environment variable
         * {@code KUBE_WATCHLIST_INCONSISTENCY_DETECTOR} is {@code true} (read when this builder is made),
         * else off.
         */
        public Builder watchListConsistencyCheck(boolean check) {
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
        public Builder maxInternalErrorRetryDuration(Duration duration) {
            if (duration.isNegative()) {
                throw new IllegalArgumentException("maxInternalErrorRetryDuration must not be negative: " + duration);
            }
            this.maxInternalErrorRetryDuration = duration;
            return this;
        }

        /**
         * Where the reflector's metrics go (client-go's reflector metrics), labelled with the reflector's
         * (or informer's) name; default {@link ReflectorMetricsProvider#noop()}.
         */
        public Builder metrics(ReflectorMetricsProvider metrics) {
            this.metrics = Objects.requireNonNull(metrics, "metrics");
            return this;
        }

        /** The random source for backoff jitter and watch timeouts (seed it in tests); default a new {@link Random}. */
        public Builder random(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        /** The options. */
        public ReflectorOptions build() {
            return new ReflectorOptions(this);
        }
    }
}
