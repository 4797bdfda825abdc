package dev.informer.client;

/**
 * Credentials for a request could not be obtained: an exec credential plugin failed, timed out,
 * printed an invalid {@code ExecCredential}, or needs an interactive terminal. The message names the
 * plugin command and the problem, never a credential. Immutable.
 */
public final class AuthenticationException extends ApiException {

    private static final long serialVersionUID = 1L;

    public AuthenticationException(String message, Throwable cause) {
        super(message, cause);
    }

    public AuthenticationException(String message) {
        super(message, null);
    }
}
