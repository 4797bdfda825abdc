package dev.informer.workqueue;

/**
 * One-liners for the common work queues; {@link WorkQueue#builder()} gives full control. See {@link
 * WorkQueue}, {@link DelayingQueue} and {@link RateLimitingQueue} for the semantics (client-go's
 * {@code k8s.io/client-go/util/workqueue}).
 */
public final class WorkQueues {

    private WorkQueues() {}

    /** An unnamed plain queue without metrics (starts no thread). */
    public static <T> WorkQueue<T> newQueue() {
        return WorkQueue.<T>builder().build();
    }

    /**
     * An unnamed rate-limiting queue with {@code rateLimiter} on the system clock, e.g.
     * {@code WorkQueues.newRateLimitingQueue(RateLimiters.defaultControllerRateLimiter())}.
     */
    public static <T> RateLimitingQueue<T> newRateLimitingQueue(RateLimiter<? super T> rateLimiter) {
        return WorkQueue.<T>builder().rateLimiter(rateLimiter).buildRateLimiting();
    }
}
