package dev.informer.controller;

import dev.informer.errors.InformerException;
import java.util.List;

/**
 * {@link Manager#start()} gave up waiting for the informers' caches: the message names every informer
 * that had not synced and its last list/watch error, e.g. {@code caches did not sync within PT2M:
 * pods@default (last error: 403 Forbidden ...)}.
 */
public final class CacheSyncTimeoutException extends InformerException {

    private static final long serialVersionUID = 1L;

    private final transient List<String> unsynced;

    CacheSyncTimeoutException(String message, List<String> unsynced) {
        super(message);
        this.unsynced = List.copyOf(unsynced);
    }

    /** The informers that had not synced, as named in the message (e.g. {@code pods@default}). */
    public List<String> unsynced() {
        return unsynced;
    }
}
