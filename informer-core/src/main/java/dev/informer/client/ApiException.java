package dev.informer.client;

import dev.informer.errors.InformerException;
import org.jspecify.annotations.Nullable;

/**
 * Base of every failure the API client reports while talking to the server: {@link StatusException}
 * (the server answered with an error {@code Status}; a 401 is an {@link UnauthorizedException}, a 403
 * a {@link ForbiddenException}), {@link ApiConnectionException} (no usable answer arrived: connection
 * refused, TLS failure, timeout, broken stream, undecodable body) and {@link AuthenticationException}
 * (credentials could not be obtained, e.g. an exec plugin failed). Unchecked, so callers catch only the
 * kinds they handle. Every message is one line. Immutable.
 */
public abstract class ApiException extends InformerException {

    private static final long serialVersionUID = 1L;

    protected ApiException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
