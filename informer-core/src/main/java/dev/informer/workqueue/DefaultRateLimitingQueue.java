package dev.informer.workqueue;

import java.time.Duration;
import java.util.Objects;

/** The rate-limiting queue (client-go's {@code rateLimitingType}): a delaying queue plus a limiter. */
final class DefaultRateLimitingQueue<T> extends ForwardingWorkQueue<T, DelayingQueue<T>>
        implements RateLimitingQueue<T> {

    private final RateLimiter<? super T> rateLimiter;

    DefaultRateLimitingQueue(DelayingQueue<T> queue, RateLimiter<? super T> rateLimiter) {
        super(queue);
        this.rateLimiter = rateLimiter;
    }

    @Override
    public void addRateLimited(T item) {
        Objects.requireNonNull(item, "item");
        queue.addAfter(item, rateLimiter.when(item));
    }

    @Override
    public void forget(T item) {
        rateLimiter.forget(Objects.requireNonNull(item, "item"));
    }

    @Override
    public int numRequeues(T item) {
        return rateLimiter.numRequeues(Objects.requireNonNull(item, "item"));
    }

    @Override
    public void addAfter(T item, Duration delay) {
        queue.addAfter(item, delay);
    }

    @Override
    public String toString() {
        return "RateLimiting" + queue;
    }
}
