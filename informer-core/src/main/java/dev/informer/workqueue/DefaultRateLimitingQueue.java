package dev.informer.workqueue;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** The rate-limiting queue (client-go's {@code rateLimitingType}): a delaying queue plus a limiter. */
final class DefaultRateLimitingQueue<T> implements RateLimitingQueue<T> {

    private final DelayingQueue<T> queue;
    private final RateLimiter<? super T> rateLimiter;

    DefaultRateLimitingQueue(DelayingQueue<T> queue, RateLimiter<? super T> rateLimiter) {
        this.queue = queue;
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
    public void add(T item) {
        queue.add(item);
    }

    @Override
    public int len() {
        return queue.len();
    }

    @Override
    public Optional<T> get() throws InterruptedException {
        return queue.get();
    }

    @Override
    public void done(T item) {
        queue.done(item);
    }

    @Override
    public void shutDown() {
        queue.shutDown();
    }

    @Override
    public void shutDownWithDrain() throws InterruptedException {
        queue.shutDownWithDrain();
    }

    @Override
    public boolean shuttingDown() {
        return queue.shuttingDown();
    }

    @Override
    public String toString() {
        return "RateLimiting" + queue;
    }
}
