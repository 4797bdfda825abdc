package dev.informer.workqueue;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * The plain settings of a work queue, made by {@link WorkQueue.Builder} (whose setters the processor
 * generates from this record).
 *
 * @param name the queue's name, used for metrics and thread names; metrics are recorded only for named
 *     queues
 * @param clock the clock for delays, rate limiting and metrics timing (a {@code FakeClock} in tests)
 * @param metricsProvider the metrics sink; requires a {@link WorkQueue.Builder#name(String) name},
 *     which labels the metrics
 * @param unfinishedWorkUpdatePeriod how often the unfinished-work and longest-running-processor gauges
 *     are refreshed
 * @param threadFactory where the queue's threads come from: the delaying queue's waiting thread and,
 *     with metrics, the unfinished-work thread, e.g. {@code ThreadFactories.virtualIfAvailable("queue")};
 *     default platform daemon threads named {@code workqueue-<name>}
 * @param rateLimiter the rate limiter of {@link WorkQueue.Builder#buildRateLimiting()}; default
 *     client-go's controller rate limiter on the builder's clock
 * @param <T> the item type of the queue
 */
@GenerateBuilder(builder = "WorkQueue.Builder<T>", checked = true)
record WorkQueueSettings<T>(
        String name,
        Clock clock,
        MetricsProvider metricsProvider,
        Duration unfinishedWorkUpdatePeriod,
        @GenerateBuilder.NullUntilSet @Nullable ThreadFactory threadFactory,
        @GenerateBuilder.NullUntilSet @Nullable RateLimiter<? super T> rateLimiter) {

    WorkQueueSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(metricsProvider, "metricsProvider");
        checkUnfinishedWorkUpdatePeriod(
                Objects.requireNonNull(unfinishedWorkUpdatePeriod, "unfinishedWorkUpdatePeriod"));
    }

    /**
     * Checks the refresh period of the unfinished-work gauges.
     *
     * @throws IllegalArgumentException if {@code unfinishedWorkUpdatePeriod} is not positive
     */
    static Duration checkUnfinishedWorkUpdatePeriod(Duration unfinishedWorkUpdatePeriod) {
        if (unfinishedWorkUpdatePeriod.isNegative() || unfinishedWorkUpdatePeriod.isZero()) {
            throw new IllegalArgumentException(
                    "unfinishedWorkUpdatePeriod must be positive: " + unfinishedWorkUpdatePeriod);
        }
        return unfinishedWorkUpdatePeriod;
    }
}
