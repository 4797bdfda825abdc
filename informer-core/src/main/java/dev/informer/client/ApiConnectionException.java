package dev.informer.client;

import dev.informer.watch.ConnectionFailure;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * No usable HTTP answer arrived for a request: the server was unreachable, the TLS handshake failed,
 * a connect or read timeout expired ("no response within 60s": the server accepted the connection but
 * did not answer within {@link ClientConfig#readTimeout()}), the connection broke, or a successful
 * answer's body was not the JSON expected (the message quotes its start). The message is one line
 * naming the method and URL (never credentials); {@link #getCause()} is the underlying exception.
 * Distinct from {@link StatusException}, which means the server answered with an error. The engine
 * retries it as a {@link ConnectionFailure}. Immutable.
 */
public final class ApiConnectionException extends ApiException implements ConnectionFailure {

    private static final long serialVersionUID = 1L;

    private final String method;
    private final String url;

    /** "METHOD URL failed: " and the cause's class and message. */
    public ApiConnectionException(String method, String url, Throwable cause) {
        this(method, url, method + " " + url + " failed: " + describe(cause), cause);
    }

    /**
     * @param method  the request's HTTP method
     * @param url     the request's URL (without credentials)
     * @param message the whole message, one line, naming the method and URL
     * @param cause   the underlying exception
     */
    public ApiConnectionException(String method, String url, String message, @Nullable Throwable cause) {
        super(message, cause);
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
        return message == null
                ? cause.getClass().getSimpleName()
                : cause.getClass().getSimpleName() + ": " + message;
    }
}
