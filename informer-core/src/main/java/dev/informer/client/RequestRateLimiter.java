package dev.informer.client;

import dev.informer.clock.Clock;
import java.util.Objects;

/**
 * A client-side limit on the rate of requests to the API server, as client-go's
 * {@code flowcontrol.RateLimiter} (not to be confused with the work queue's per-item
 * {@link dev.informer.workqueue.RateLimiter}, which computes requeue delays).
 *
 * <p>A {@link KubernetesClient} with a limiter takes one permit before every HTTP request: each
 * page of a paged list is one request; a watch takes one permit when it starts, however long it
 * streams. The limit is off by default ({@link ClientConfig#qps()} is 0): the API server protects
 * itself with priority and fairness, which is what controller-runtime relies on since v0.15. For
 * client-go's defaults set {@code ClientConfig.builder().qps(5).burst(10)}.
 *
 * <p>Implementations are thread-safe.
 */
public interface RequestRateLimiter {

    /**
     * Takes a permit if one is available now, without waiting.
     *
     * @return whether a permit was taken
     */
    boolean tryAcquire();

    /**
     * Takes a permit, waiting on the limiter's clock until one is available (client-go's
     * {@code Wait}). Waiters are served in the order they asked.
     *
     * @throws InterruptedException if the thread is interrupted while waiting; the permit it reserved
     *                              is given back
     */
    void acquire() throws InterruptedException;

    /** The steady rate, in permits per second. */
    double qps();

    /**
     * client-go's token bucket ({@code NewTokenBucketRateLimiterWithClock}): it starts full with
     * {@code burst} permits and refills at {@code qps} permits per second on {@code clock}, never
     * holding more than {@code burst}.
     *
     * @throws IllegalArgumentException if {@code qps} is not positive and finite or {@code burst} is
     *                                  less than 1
     */
    static RequestRateLimiter tokenBucket(double qps, int burst, Clock clock) {
        return new TokenBucketRateLimiter(qps, burst, Objects.requireNonNull(clock, "clock"));
    }
}
