package dev.informer.workqueue;

import java.time.Duration;

/** Caps another limiter's delay (client-go's {@code WithMaxWaitRateLimiter}). Thread-safe as its delegate. */
final class MaxWaitRateLimiter<T> implements RateLimiter<T> {

    private final RateLimiter<? super T> delegate;
    private final Duration maxWait;

    MaxWaitRateLimiter(RateLimiter<? super T> delegate, Duration maxWait) {
        this.delegate = delegate;
        this.maxWait = maxWait;
    }

    @Override
    public Duration when(T item) {
        Duration delay = delegate.when(item);
        return delay.compareTo(maxWait) > 0 ? maxWait : delay;
    }

    @Override
    public void forget(T item) {
        delegate.forget(item);
    }

    @Override
    public int numRequeues(T item) {
        return delegate.numRequeues(item);
    }

    @Override
    public String toString() {
        return "MaxWaitRateLimiter[" + delegate + ", maxWait=" + maxWait + "]";
    }
}
