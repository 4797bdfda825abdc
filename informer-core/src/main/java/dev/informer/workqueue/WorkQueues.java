package dev.informer.workqueue;

/**
 * Entry point to the work queues: {@link #builder()} for full control, or the two one-liners for the
 * common cases. See {@link WorkQueue}, {@link DelayingQueue} and {@link RateLimitingQueue} for the
 * semantics (client-go's {@code k8s.io/client-go/util/workqueue}).
 */
public final class WorkQueues {

    private WorkQueues() {}

    /** A new builder with the defaults described in {@link WorkQueueBuilder}. */
    public static <T> WorkQueueBuilder<T> builder() {
        return new WorkQueueBuilder<>();
    }

    /** An unnamed plain queue without metrics (starts no thread). */
    public static <T> WorkQueue<T> newQueue() {
        return WorkQueues.<T>builder().build();
    }

    /**
     * An unnamed rate-limiting queue with {@code rateLimiter} on the system clock, e.g.
     * {@code WorkQueues.newRateLimitingQueue(RateLimiters.defaultControllerRateLimiter())}.
     */
    public static <T> RateLimitingQueue<T> newRateLimitingQueue(RateLimiter<? super T> rateLimiter) {
        return WorkQueues.<T>builder().rateLimiter(rateLimiter).buildRateLimiting();
    }
}
