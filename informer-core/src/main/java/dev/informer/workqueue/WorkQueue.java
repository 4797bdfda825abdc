package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadFactory;

/**
 * A work queue with client-go's {@code workqueue.Interface} semantics: the queue a controller's
 * event handlers feed with keys and its workers drain.
 *
 * <h2>Semantics</h2>
 * <ul>
 *   <li><b>Fair FIFO:</b> items are handed out in the order they were added.</li>
 *   <li><b>Deduplication (dirty set):</b> adding an item that is already queued and not yet handed
 *       out is a no-op, however many times it is added.</li>
 *   <li><b>No concurrent processing of one item (processing set):</b> an item handed out by
 *       {@link #get()} is "processing" until {@link #done(Object)}. Adding it meanwhile marks it dirty
 *       but does not queue it; {@code done} then queues it once more. So one item is never processed by
 *       two workers at once, and a change that arrives during processing is never lost.</li>
 *   <li><b>Shutdown:</b> after {@link #shutDown()} adds are ignored; {@link #get()} keeps handing out
 *       the items still queued and then returns {@link Optional#empty()} forever.</li>
 * </ul>
 *
 * <p>Items are compared with {@code equals}/{@code hashCode}: use immutable values such as the
 * {@code namespace/name} key string, never mutable objects. {@code null} items are rejected with
 * {@link NullPointerException}.
 *
 * <h2>Threading</h2>
 * Implementations are thread-safe: any number of producers and workers may call any method
 * concurrently. Only {@link #get()} and {@link #shutDownWithDrain()} block. Metrics hooks (see
 * {@link MetricsProvider}) are called with the queue's internal lock held.
 *
 * @param <T> the item type, typically {@code String} keys
 */
public interface WorkQueue<T> extends AutoCloseable {

    /**
     * A new builder of plain, delaying and rate-limiting queues, with the defaults described in {@link
     * Builder}.
     *
     * @param <T> the item type
     */
    static <T> Builder<T> builder() {
        return new Builder<>();
    }

    /**
     * Marks {@code item} as needing processing. A no-op if the queue is shutting down or the item is
     * already waiting to be handed out; if it is being processed it is queued again after
     * {@link #done(Object)}. Never blocks.
     *
     * @throws NullPointerException if {@code item} is {@code null}
     */
    void add(T item);

    /**
     * The number of items waiting to be handed out (not counting those being processed). For
     * information only: never gate {@link #add} or {@link #get} on it.
     */
    int len();

    /**
     * Blocks until an item can be processed and returns it, marking it as processing; the caller must
     * call {@link #done(Object)} with it when finished. Returns {@link Optional#empty()} only when the
     * queue is shutting down and no queued item remains: the worker should then exit. An empty result
     * can never be confused with an item, since items are never {@code null}.
     *
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    Optional<T> get() throws InterruptedException;

    /**
     * Marks {@code item} as done processing. If it was added again while being processed it is queued
     * again now.
     *
     * @throws IllegalStateException if {@code item} is not being processed (it was not handed out by
     *     {@link #get()}, or {@code done} was already called for it): calling {@code done} twice would
     *     otherwise queue an item twice
     * @throws NullPointerException if {@code item} is {@code null}
     */
    void done(T item);

    /**
     * Makes the queue ignore new items and tells workers to exit once the queued items are handed
     * out. Does not wait for items being processed. Idempotent; also releases a thread blocked in
     * {@link #shutDownWithDrain()} (a second Ctrl-C forces the shutdown).
     */
    void shutDown();

    /**
     * {@link #shutDown()} for try-with-resources: client-go's name is kept for the same operation.
     * Does not wait for items being processed. Idempotent.
     */
    @Override
    default void close() {
        shutDown();
    }

    /**
     * Like {@link #shutDown()}, then blocks until every item being processed has been marked
     * {@link #done(Object) done}. Workers must keep calling {@code done} after the shutdown began,
     * or this blocks until {@link #shutDown()} is called.
     *
     * @throws InterruptedException if the calling thread is interrupted while waiting (the queue stays
     *     shut down)
     */
    void shutDownWithDrain() throws InterruptedException;

    /** Whether {@link #shutDown()} or {@link #shutDownWithDrain()} has been called. */
    boolean shuttingDown();

    /**
     * Configures and builds work queues (client-go's {@code QueueConfig}, {@code DelayingQueueConfig} and
     * {@code RateLimitingQueueConfig} in one). Obtain one from {@link WorkQueue#builder()}; {@link WorkQueues}
     * has one-liners for the common cases.
     *
     * <pre>{@code
     * RateLimitingQueue<String> queue = WorkQueue.<String>builder()
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
    final class Builder<T> extends WorkQueueSettingsBuilderBase<T> {

        private static final Duration DEFAULT_UNFINISHED_WORK_UPDATE_PERIOD = Duration.ofMillis(500);

        private Builder() {
            from(new WorkQueueSettings<>(
                    "", Clock.system(), MetricsProvider.noop(), DEFAULT_UNFINISHED_WORK_UPDATE_PERIOD, null, null));
        }

        /**
         * A plain FIFO work queue. Starts a thread only when metrics are enabled.
         *
         * @throws IllegalStateException if a metrics provider is set but the queue has no name
         */
        public WorkQueue<T> build() {
            return newQueue(settings());
        }

        /**
         * A delaying queue; starts its waiting thread now.
         *
         * @throws IllegalStateException if a metrics provider is set but the queue has no name
         */
        public DelayingQueue<T> buildDelaying() {
            return buildDelaying(settings());
        }

        /**
         * A rate-limiting queue over a new delaying queue, with the configured rate limiter or the default
         * controller limiter on the builder's clock.
         *
         * @throws IllegalStateException if a metrics provider is set but the queue has no name
         */
        public RateLimitingQueue<T> buildRateLimiting() {
            WorkQueueSettings<T> settings = settings();
            RateLimiter<? super T> limiter = settings.rateLimiter();
            if (limiter == null) {
                limiter = RateLimiters.<T>defaultControllerRateLimiter(settings.clock());
            }
            return new DefaultRateLimitingQueue<>(buildDelaying(settings), limiter);
        }

        private DelayingQueue<T> buildDelaying(WorkQueueSettings<T> settings) {
            DefaultWorkQueue<T> queue = newQueue(settings);
            CounterMetric retries = metricsEnabled(settings)
                    ? settings.metricsProvider().newRetriesMetric(settings.name())
                    : NoopMetric.INSTANCE;
            return DefaultDelayingQueue.create(queue, settings.clock(), retries, threadFactory(settings));
        }

        private DefaultWorkQueue<T> newQueue(WorkQueueSettings<T> settings) {
            QueueMetrics<T> metrics = metricsEnabled(settings)
                    ? new QueueMetrics<>(settings.name(), settings.clock(), settings.metricsProvider())
                    : null;
            return DefaultWorkQueue.create(
                    settings.clock(), metrics, settings.unfinishedWorkUpdatePeriod(), threadFactory(settings));
        }

        private static boolean metricsEnabled(WorkQueueSettings<?> settings) {
            if (settings.metricsProvider() == MetricsProvider.noop()) {
                return false;
            }
            if (settings.name().isEmpty()) {
                throw new IllegalStateException(
                        "a work queue with a metricsProvider needs a name: the metrics are labelled with it");
            }
            return true;
        }

        private static ThreadFactory threadFactory(WorkQueueSettings<?> settings) {
            ThreadFactory threadFactory = settings.threadFactory();
            if (threadFactory != null) {
                return threadFactory;
            }
            String name = settings.name();
            return ThreadFactories.platformDaemon(name.isEmpty() ? "workqueue" : "workqueue-" + name);
        }
    }
}
