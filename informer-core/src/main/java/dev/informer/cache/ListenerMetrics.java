package dev.informer.cache;

import java.time.Duration;
import java.util.Objects;

/**
 * A point-in-time snapshot of one handler registration's delivery: how far behind it is and how much
 * time its handler takes. Immutable; the fields are read without a common lock, so they may be a few
 * notifications apart from each other.
 *
 * @param listenerId       the registration's number within its informer, from 1 in registration order
 * @param pending          notifications buffered and not yet handed to the handler: its lag
 * @param delivered        notifications handed to the handler so far (including those it threw on)
 * @param failed           notifications on which the handler threw
 * @param handlerTime      total time spent inside the handler, on the informer's clock
 * @param bufferCapacity   current capacity of the pending buffer (grows by doubling, shrinks when empty)
 * @param handlerName      the name given in the handler's {@link HandlerOptions} (a metrics label), or
 *                         {@code ""} if it has none
 */
public record ListenerMetrics(
        long listenerId,
        int pending,
        long delivered,
        long failed,
        Duration handlerTime,
        int bufferCapacity,
        String handlerName) {

    /** @throws NullPointerException if {@code handlerTime} or {@code handlerName} is {@code null} */
    public ListenerMetrics {
        Objects.requireNonNull(handlerTime, "handlerTime");
        Objects.requireNonNull(handlerName, "handlerName");
    }

    /** The metrics of a handler registered without a name. */
    public ListenerMetrics(
            long listenerId, int pending, long delivered, long failed, Duration handlerTime, int bufferCapacity) {
        this(listenerId, pending, delivered, failed, handlerTime, bufferCapacity, "");
    }
}
