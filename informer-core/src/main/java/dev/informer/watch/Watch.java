package dev.informer.watch;

import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * A stream of watch events, as apimachinery's {@code watch.Interface}: a blocking source that one
 * consumer iterates, and {@link #stop()} that any thread may call.
 *
 * <p>{@link #next()} blocks until an event arrives and returns {@code null} once the watch has
 * ended (stopped by the caller, closed by the server, or after a terminal error event); after the
 * first {@code null} it keeps returning {@code null}. Events arrive in the order the source
 * produced them. {@link #stop()} is idempotent, thread-safe, and unblocks a consumer waiting in
 * {@code next()}; {@link #close()} is {@code stop()}.
 *
 * <p>One consumer per watch: {@code next()} from two threads at once is not supported.
 */
public interface Watch<T> extends AutoCloseable, Iterable<Event<T>> {

    /**
     * The next event, blocking until one is available; {@code null} when the watch has ended.
     *
     * @throws InterruptedException if the consumer thread is interrupted while waiting
     */
    @Nullable
    Event<T> next() throws InterruptedException;

    /** Ends the watch and releases its resources. Idempotent; never throws. */
    void stop();

    /** Whether the watch has ended (stopped, closed by the source, or failed). */
    boolean isStopped();

    @Override
    default void close() {
        stop();
    }

    /**
     * Iterates until the watch ends. An interrupt while waiting ends the iteration and restores the
     * thread's interrupt flag.
     */
    @Override
    default Iterator<Event<T>> iterator() {
        return new Iterator<>() {
            private @Nullable Event<T> pending;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (pending != null) {
                    return true;
                }
                if (done) {
                    return false;
                }
                try {
                    pending = Watch.this.next();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    pending = null;
                }
                done = pending == null;
                return !done;
            }

            @Override
            public Event<T> next() {
                if (!hasNext()) {
                    throw new java.util.NoSuchElementException("the watch has ended");
                }
                Event<T> event = java.util.Objects.requireNonNull(pending); // hasNext() filled it
                pending = null;
                return event;
            }
        };
    }
}
