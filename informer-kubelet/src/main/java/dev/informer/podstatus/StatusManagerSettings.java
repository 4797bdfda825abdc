package dev.informer.podstatus;

import dev.informer.clock.Clock;
import dev.informer.codegen.GenerateBuilder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The plain settings of a {@link StatusManager}, one per setter of {@link StatusManager.Builder} (which
 * extends their generated base); the pods client and the retry backoff stay in the builder. Immutable;
 * the canonical constructor refuses what the setters refuse.
 *
 * @param clock the clock of the batch period, the backoff and new timestamps; default the system clock
 * @param threadFactory where the sync thread comes from; default a daemon thread
 * @param batchPeriod how often every cached status is re-checked against the server; default 10 s
 */
@GenerateBuilder(builder = "StatusManager.Builder", checked = true)
record StatusManagerSettings(Clock clock, ThreadFactory threadFactory, Duration batchPeriod) {

    StatusManagerSettings {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
        checkBatchPeriod(Objects.requireNonNull(batchPeriod, "batchPeriod"));
    }

    /**
     * Checks a batch period.
     *
     * @throws IllegalArgumentException if not positive
     */
    static Duration checkBatchPeriod(Duration batchPeriod) {
        if (batchPeriod.isNegative() || batchPeriod.isZero()) {
            throw new IllegalArgumentException("batchPeriod must be positive: " + batchPeriod);
        }
        return batchPeriod;
    }
}
