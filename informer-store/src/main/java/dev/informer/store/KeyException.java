package dev.informer.store;

import org.jspecify.annotations.Nullable;

/**
 * A key function could not compute a key for an object: the object is {@code null}, does not
 * carry metadata the function can read, or has no name. The message names the object's class and
 * the broken condition.
 *
 * <p>Operations that compute keys do so before they change anything, so a {@code KeyException}
 * from {@link Store}, {@link Indexer}, {@link DeltaFifo} or {@link UndeltaStore} means the
 * structure is unchanged. Immutable; safe to share between threads.
 */
public final class KeyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates an exception whose message states which object and why. */
    public KeyException(String message) {
        super(message);
    }

    /** Creates an exception whose message states which object and why, with the failure behind it. */
    public KeyException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A key exception for {@code obj} with the given reason, e.g. {@code
     * "cannot compute a key for com.foo.Bar: it has no name"}.
     */
    public static KeyException forObject(@Nullable Object obj, String reason) {
        return new KeyException("cannot compute a key for " + describe(obj) + ": " + reason);
    }

    /** The class name of {@code obj}, or {@code "null"}: what key-related messages name. */
    static String describe(@Nullable Object obj) {
        return obj == null ? "null" : obj.getClass().getName();
    }
}
