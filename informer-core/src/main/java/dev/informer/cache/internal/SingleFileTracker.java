package dev.informer.cache.internal;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Tracks whether a listener that handles notifications in order has handled every initial-list
 * notification (client-go's {@code synctrack.SingleFileTracker}): a counter of initial-list adds
 * enqueued but not yet handled, combined with the upstream's own {@code hasSynced}.
 *
 * <p>Thread-safe: {@link #start()} runs on the distributing thread, {@link #finished()} on the
 * listener's thread, {@link #hasSynced()} on any.
 */
final class SingleFileTracker {

    private final AtomicLong pending = new AtomicLong();
    private final BooleanSupplier upstreamHasSynced;

    SingleFileTracker(BooleanSupplier upstreamHasSynced) {
        this.upstreamHasSynced = upstreamHasSynced;
    }

    /** Called before an initial-list notification is enqueued. */
    void start() {
        pending.incrementAndGet();
    }

    /**
     * Called after an initial-list notification was handled.
     *
     * @throws IllegalStateException if it was not {@link #start() started}: {@code hasSynced} would lie
     */
    void finished() {
        if (pending.decrementAndGet() < 0) {
            pending.incrementAndGet();
            throw new IllegalStateException(
                    "synctrack: finished() without a matching start(); hasSynced would be wrong");
        }
    }

    /** True once the upstream has synced and every started notification has finished. */
    boolean hasSynced() {
        // Ask the upstream first: it may lock, and a count read before it could be stale.
        if (!upstreamHasSynced.getAsBoolean()) {
            return false;
        }
        return pending.get() <= 0;
    }

    /** Initial-list notifications enqueued and not yet handled. */
    long pending() {
        return pending.get();
    }
}
