package dev.informer.client;

import java.util.Objects;

/**
 * No usable HTTP answer arrived for a request: the server was unreachable, the TLS handshake failed,
 * a connect or read timeout expired, or the connection broke. The message names the method and URL
 * (never credentials); {@link #getCause()} is the underlying {@code IOException}. Distinct from
 * {@link StatusException}, which means the server did answer. Immutable.
 */
public final class ApiConnectionException extends ApiException {

    private static final long serialVersionUID = 1L;

    private final String method;
    private final String url;

    public ApiConnectionException(String method, String url, Throwable cause) {
        super(method + " " + url + " failed: " + describe(cause), cause);
        this.method = Objects.requireNonNull(method, "method");
        this.url = Objects.requireNonNull(url, "url");
    }

    /** The HTTP method of the failed request. */
    public String method() {
        return method;
    }

    /** The URL of the failed request (without credentials). */
    public String url() {
        return url;
    }

    private static String describe(Throwable cause) {
        if (cause == null) {
            return "no response";
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : cause.getClass().getSimpleName() + ": " + message;
    }
}
