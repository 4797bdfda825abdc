package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * Configures and builds work queues (client-go's {@code QueueConfig}, {@code DelayingQueueConfig} and
 * {@code RateLimitingQueueConfig} in one). Obtain one from {@link WorkQueues#builder()}.
 *
 * <pre>{@code
 * RateLimitingQueue<String> queue = WorkQueues.<String>builder()
 *         .name("pods")
 *         .metricsProvider(myPrometheusAdapter)
 *         .buildRateLimiting();           // default controller rate limiter
 * }</pre>
 *
 * <p>Defaults: no name, the system clock, platform daemon threads named {@code workqueue-<name>},
 * no metrics, unfinished work refreshed every 500 ms, and for {@link #buildRateLimiting()}
 * {@link RateLimiters#defaultControllerRateLimiter(Clock)} on the builder's clock.
 *
 * <p>Not thread-safe: configure on one thread. Each {@code build*} call returns a new independent
 * queue; the builder may be reused. Invalid values fail fast when set.
 *
 * @param <T> the item type
 */
public final class WorkQueueBuilder<T> {

    static final Duration DEFAULT_UNFINISHED_WORK_UPDATE_PERIOD = Duration.ofMillis(500);

    private String name = "";
    private Clock clock = Clock.system();
    private @Nullable ThreadFactory threadFactory;
    private MetricsProvider metricsProvider = MetricsProvider.noop();
    private Duration unfinishedWorkUpdatePeriod = DEFAULT_UNFINISHED_WORK_UPDATE_PERIOD;
    private @Nullable RateLimiter<? super T> rateLimiter;

    WorkQueueBuilder() {}

    /** The queue's name, used for metrics and thread names; metrics are recorded only for named queues. */
    public WorkQueueBuilder<T> name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** The clock for delays, rate limiting and metrics timing (a {@code FakeClock} in tests). */
    public WorkQueueBuilder<T> clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Where the queue's threads come from: the delaying queue's waiting thread and, with metrics, the
     * unfinished-work thread. E.g. {@code ThreadFactories.virtualIfAvailable("queue")}.
     */
    public WorkQueueBuilder<T> threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        return this;
    }

    /** The metrics sink; requires a {@link #name(String) name}, which labels the metrics. */
    public WorkQueueBuilder<T> metricsProvider(MetricsProvider metricsProvider) {
        this.metricsProvider = Objects.requireNonNull(metricsProvider, "metricsProvider");
        return this;
    }

    /**
     * How often the unfinished-work and longest-running-processor gauges are refreshed.
     *
     * @throws IllegalArgumentException if {@code period} is not positive
     */
    public WorkQueueBuilder<T> unfinishedWorkUpdatePeriod(Duration period) {
        Objects.requireNonNull(period, "period");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("unfinishedWorkUpdatePeriod must be positive: " + period);
        }
        this.unfinishedWorkUpdatePeriod = period;
        return this;
    }

    /** The rate limiter of {@link #buildRateLimiting()}. */
    public WorkQueueBuilder<T> rateLimiter(RateLimiter<? super T> rateLimiter) {
        this.rateLimiter = Objects.requireNonNull(rateLimiter, "rateLimiter");
        return this;
    }

    /**
     * A plain FIFO work queue. Starts a thread only when metrics are enabled.
     *
     * @throws IllegalStateException if a metrics provider is set but the queue has no name
     */
    public WorkQueue<T> build() {
        return newQueue();
    }

    /**
     * A delaying queue; starts its waiting thread now.
     *
     * @throws IllegalStateException if a metrics provider is set but the queue has no name
     */
    public DelayingQueue<T> buildDelaying() {
        DefaultWorkQueue<T> queue = newQueue();
        CounterMetric retries = metricsEnabled() ? metricsProvider.newRetriesMetric(name) : NoopMetric.INSTANCE;
        return DefaultDelayingQueue.create(queue, clock, retries, threadFactory());
    }

    /**
     * A rate-limiting queue over a new delaying queue, with the configured rate limiter or the default
     * controller limiter on the builder's clock.
     *
     * @throws IllegalStateException if a metrics provider is set but the queue has no name
     */
    public RateLimitingQueue<T> buildRateLimiting() {
        RateLimiter<? super T> limiter =
                rateLimiter != null ? rateLimiter : RateLimiters.<T>defaultControllerRateLimiter(clock);
        return new DefaultRateLimitingQueue<>(buildDelaying(), limiter);
    }

    private DefaultWorkQueue<T> newQueue() {
        QueueMetrics<T> metrics = metricsEnabled() ? new QueueMetrics<>(name, clock, metricsProvider) : null;
        return DefaultWorkQueue.create(clock, metrics, unfinishedWorkUpdatePeriod, threadFactory());
    }

    private boolean metricsEnabled() {
        if (metricsProvider == MetricsProvider.noop()) {
            return false;
        }
        if (name.isEmpty()) {
            throw new IllegalStateException(
                    "a work queue with a metricsProvider needs a name: the metrics are labelled with it");
        }
        return true;
    }

    private ThreadFactory threadFactory() {
        if (threadFactory != null) {
            return threadFactory;
        }
        return ThreadFactories.platformDaemon(name.isEmpty() ? "workqueue" : "workqueue-" + name);
    }
}
