package dev.informer.watch.testing;

import dev.informer.watch.Watch;

/**
 * A {@link Watch} a test feeds by hand with a bounded buffer (default {@value #DEFAULT_CAPACITY}
 * events), as apimachinery's {@code watch.RaceFreeFakeWatcher}: a producer never blocks, and one that
 * overfills the buffer fails loudly with an {@link IllegalStateException} naming the capacity (the Go
 * fake panics), which exposes a consumer that does not keep up.
 *
 * <p>{@link #stop()} ends the stream after the events already sent; events sent after it are ignored,
 * as in Go. Thread-safe: any thread may produce and stop; one consumer calls {@code next()}.
 */
public final class RaceFreeFakeWatcher<T> extends HandFedWatch<T> {

    /** The buffer size of apimachinery's {@code DefaultChanSize}. */
    public static final int DEFAULT_CAPACITY = 100;

    /** A fake with room for {@value #DEFAULT_CAPACITY} unread events. */
    public RaceFreeFakeWatcher() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * A fake with room for {@code capacity} unread events.
     *
     * @throws IllegalArgumentException if {@code capacity} is below 1
     */
    public RaceFreeFakeWatcher(int capacity) {
        super(new FakeEventQueue<>("RaceFreeFakeWatcher", checkCapacity(capacity)));
    }

    private static int checkCapacity(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        }
        return capacity;
    }
}
