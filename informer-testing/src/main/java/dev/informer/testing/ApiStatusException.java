package dev.informer.testing;

import dev.informer.errors.InformerException;

/**
 * A direct (non-HTTP) call on {@link EmbeddedApiServer} was refused the way the HTTP API would
 * refuse it: carries the Kubernetes {@code Status} code, reason and message (e.g. 404 NotFound,
 * 409 AlreadyExists, 409 Conflict, 422 Invalid).
 *
 * <p>Immutable, thread-safe.
 */
public final class ApiStatusException extends InformerException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String reason;

    /**
     * Creates the exception of one refused call; the message reads {@code "<code> <reason>: <message>"}.
     *
     * @param code    the HTTP status code of the equivalent HTTP answer
     * @param reason  the Status reason, e.g. {@code "NotFound"}
     * @param message the Status message
     */
    public ApiStatusException(int code, String reason, String message) {
        super(code + " " + reason + ": " + message);
        this.code = code;
        this.reason = reason;
    }

    /** The HTTP status code, e.g. 404. */
    public int code() {
        return code;
    }

    /** The Status reason, e.g. {@code "NotFound"}, {@code "AlreadyExists"}, {@code "Conflict"}. */
    public String reason() {
        return reason;
    }
}
