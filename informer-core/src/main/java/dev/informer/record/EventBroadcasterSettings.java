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
        @GenerateBuilder.Check("positive") Duration retryInterval,
        @GenerateBuilder.Check("positive") Duration closeTimeout,
        @GenerateBuilder.Check("atLeastOne") int aggregateMaxEvents,
        @GenerateBuilder.Check("positive") Duration aggregateInterval,
        @GenerateBuilder.Check("atLeastOne") int spamBurst,
        @GenerateBuilder.Check("positive") Duration spamRefillInterval,
        Level logLevel) {

    EventBroadcasterSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        checkQueueCapacity(queueCapacity);
        checkMaxTries(maxTries);
        positive(retryInterval, "retryInterval");
        positive(closeTimeout, "closeTimeout");
        atLeastOne(aggregateMaxEvents, "aggregateMaxEvents");
        positive(aggregateInterval, "aggregateInterval");
        atLeastOne(spamBurst, "spamBurst");
        positive(spamRefillInterval, "spamRefillInterval");
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
     * The check of the intervals: returns {@code value}.
     *
     * @throws IllegalArgumentException if the interval is zero or negative
     */
    static Duration positive(Duration value, String name) {
        if (Objects.requireNonNull(value, name).compareTo(Duration.ZERO) <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
        return value;
    }

    /**
     * The check of the counts: returns {@code value}.
     *
     * @throws IllegalArgumentException if the count is below 1
     */
    static int atLeastOne(int value, String name) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
        return value;
    }
}
