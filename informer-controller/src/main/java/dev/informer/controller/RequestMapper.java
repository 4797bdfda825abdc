package dev.informer.controller;

import java.util.Collection;

/**
 * Maps a watched object to the requests it should enqueue (controller-runtime's {@code
 * handler.MapFunc}), for {@link Controller.Builder#watches}: e.g. a Secret to every app that mounts
 * it. Called on the informer's listener thread with the object's current state (for an update, once
 * with the old and once with the new object; for a delete, the last known state). Must be thread-safe
 * and quick (read caches, do not call the server); an exception is logged and nothing is enqueued.
 *
 * @param <T> the watched object type
 */
@FunctionalInterface
public interface RequestMapper<T> {

    /** The requests to enqueue for {@code object}; empty for none, never {@code null}. */
    Collection<Request> map(T object);
}
