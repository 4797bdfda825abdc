package dev.informer.errors;

/**
 * The root of every exception this project throws: catch {@code InformerException} to handle any
 * failure of the informer stack, or one of its subtypes for a specific one. The API client's failures
 * are its {@code dev.informer.client.ApiException} subtree (HTTP code and the server's {@code Status});
 * the engine, the store, the embedded server and the kubelet pieces throw their own direct subtypes.
 *
 * <p>Unchecked, so callers catch only the kinds they handle. Subtypes carry a one-line message naming
 * what failed (the object key, the URL, the file) and never credentials. The one exception type of the
 * project that is not under this root is a package-private {@code IOException} the HTTP client's
 * credential interceptor must throw for OkHttp; it is unwrapped into an {@code ApiException} before it
 * reaches a caller.
 *
 * <p>Immutable once thrown (apart from the JDK's suppressed exceptions and stack trace) and safe to pass
 * between threads.
 */
public abstract class InformerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the one-line message
     */
    protected InformerException(String message) {
        super(message);
    }

    /**
     * @param message the one-line message
     * @param cause   the underlying failure, or {@code null}
     */
    protected InformerException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * For exceptions used as control-flow signals, which need neither a stack trace nor suppression.
     *
     * @param message            the one-line message
     * @param cause              the underlying failure, or {@code null}
     * @param enableSuppression  whether suppressed exceptions are recorded
     * @param writableStackTrace whether the stack trace is filled in
     */
    protected InformerException(
            String message, Throwable cause, boolean enableSuppression, boolean writableStackTrace) {
        super(message, cause, enableSuppression, writableStackTrace);
    }
}
