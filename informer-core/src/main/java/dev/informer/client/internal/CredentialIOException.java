package dev.informer.client.internal;

import dev.informer.client.AuthenticationException;
import java.io.IOException;

/**
 * Carries an {@link AuthenticationException} through OkHttp's interceptor chain, which only lets
 * {@link IOException}s out; the client unwraps it so callers see the typed failure.
 */
final class CredentialIOException extends IOException {

    private static final long serialVersionUID = 1L;

    CredentialIOException(AuthenticationException cause) {
        super(cause.getMessage(), cause);
    }

    AuthenticationException authenticationFailure() {
        return (AuthenticationException) java.util.Objects.requireNonNull(getCause()); // set by the constructor
    }
}
