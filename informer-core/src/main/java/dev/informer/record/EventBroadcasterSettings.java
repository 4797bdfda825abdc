package dev.informer.record;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.slf4j.event.Level;

/**
 * The settings of an {@link EventBroadcaster} (client-go's {@code CorrelatorOptions} and the
 * broadcaster's queue and retry constants), as {@link EventBroadcaster.Builder} collects them: its
 * setters are generated from these components and check each value as the canonical constructor
 * does. Immutable.
 *
 * @param clock the clock for timestamps, throttling and retry waits (default the system clock)
 * @param threadFactory makes the writer thread (default a platform daemon thread named
 *     event-broadcaster)
 * @param queueCapacity how many events may wait for the writer (1..1,000,000; default 1000); more
 *     are dropped
 * @param maxTries write attempts per event when the server cannot be reached (1..100; default 12)
 * @param retryInterval the wait between write attempts (positive; default 10 s)
 * @param closeTimeout how long {@link EventBroadcaster#close()} waits for queued events to be
 *     written (positive; default 10 s)
 * @param aggregateMaxEvents from how many different messages on similar events are combined (at
 *     least 1; default 10)
 * @param aggregateInterval how long similar events are remembered for combining (positive; default
 *     10 min)
 * @param spamBurst the spam filter's burst per source and object (at least 1; default 25)
 * @param spamRefillInterval the spam filter's refill: one token per this interval (positive; default
 *     5 min)
 * @param logLevel the level each event is logged at (default INFO)
 */
@GenerateBuilder(builder = "EventBroadcaster.Builder", checked = true)
record EventBroadcasterSettings(
        Clock clock,
        ThreadFactory threadFactory,
        int queueCapacity,
        int maxTries,
        Duration retryInterval,
        Duration closeTimeout,
        int aggregateMaxEvents,
        Duration aggregateInterval,
        int spamBurst,
        Duration spamRefillInterval,
        Level logLevel) {

    EventBroadcasterSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        checkQueueCapacity(queueCapacity);
        checkMaxTries(maxTries);
        checkRetryInterval(retryInterval);
        checkCloseTimeout(closeTimeout);
        checkAggregateMaxEvents(aggregateMaxEvents);
        checkAggregateInterval(aggregateInterval);
        checkSpamBurst(spamBurst);
        checkSpamRefillInterval(spamRefillInterval);
        Objects.requireNonNull(logLevel, "logLevel");
    }

    /**
     * Returns {@code queueCapacity} if it is valid.
     *
     * @throws IllegalArgumentException if {@code queueCapacity} is not in 1..1,000,000
     */
    static int checkQueueCapacity(int queueCapacity) {
        return inRange(queueCapacity, 1_000_000, "queueCapacity");
    }

    /**
     * Returns {@code maxTries} if it is valid.
     *
     * @throws IllegalArgumentException if {@code maxTries} is not in 1..100
     */
    static int checkMaxTries(int maxTries) {
        return inRange(maxTries, 100, "maxTries");
    }

    private static int inRange(int value, int max, String name) {
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(name + " must be in 1.." + max + ", got " + value);
        }
        return value;
    }

    /**
     * Returns {@code retryInterval} if it is valid.
     *
     * @throws IllegalArgumentException if {@code retryInterval} is not positive
     */
    static Duration checkRetryInterval(Duration retryInterval) {
        return positive(retryInterval, "retryInterval");
    }

    /**
     * Returns {@code closeTimeout} if it is valid.
     *
     * @throws IllegalArgumentException if {@code closeTimeout} is not positive
     */
    static Duration checkCloseTimeout(Duration closeTimeout) {
        return positive(closeTimeout, "closeTimeout");
    }

    /**
     * Returns {@code aggregateInterval} if it is valid.
     *
     * @throws IllegalArgumentException if {@code aggregateInterval} is not positive
     */
    static Duration checkAggregateInterval(Duration aggregateInterval) {
        return positive(aggregateInterval, "aggregateInterval");
    }

    /**
     * Returns {@code spamRefillInterval} if it is valid.
     *
     * @throws IllegalArgumentException if {@code spamRefillInterval} is not positive
     */
    static Duration checkSpamRefillInterval(Duration spamRefillInterval) {
        return positive(spamRefillInterval, "spamRefillInterval");
    }

    private static Duration positive(Duration value, String name) {
        if (Objects.requireNonNull(value, name).compareTo(Duration.ZERO) <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
        return value;
    }

    /**
     * Returns {@code aggregateMaxEvents} if it is valid.
     *
     * @throws IllegalArgumentException if {@code aggregateMaxEvents} is below 1
     */
    static int checkAggregateMaxEvents(int aggregateMaxEvents) {
        return atLeastOne(aggregateMaxEvents, "aggregateMaxEvents");
    }

    /**
     * Returns {@code spamBurst} if it is valid.
     *
     * @throws IllegalArgumentException if {@code spamBurst} is below 1
     */
    static int checkSpamBurst(int spamBurst) {
        return atLeastOne(spamBurst, "spamBurst");
    }

    private static int atLeastOne(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
        return value;
    }
}
