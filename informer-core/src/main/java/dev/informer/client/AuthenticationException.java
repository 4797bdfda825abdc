package dev.informer.client;

import org.jspecify.annotations.Nullable;

/**
 * Credentials for a request could not be obtained, so the request was not sent: an exec credential
 * plugin failed (the message gives its exit code and the first line of its stderr), timed out (it and
 * its child processes were killed after {@link ClientConfig#execTimeout()}), printed an invalid
 * {@code ExecCredential}, or needs an interactive terminal. The message is one line naming the plugin
 * command and the problem, never a credential. Credentials the server rejected are an
 * {@link UnauthorizedException} instead. Immutable.
 */
public final class AuthenticationException extends ApiException {

    private static final long serialVersionUID = 1L;

    public AuthenticationException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    public AuthenticationException(String message) {
        super(message, null);
    }
}
