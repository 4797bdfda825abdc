package dev.informer.client;

import dev.informer.api.Status;
import org.jspecify.annotations.Nullable;

/**
 * The server answered 401 Unauthorized: it did not accept the credentials the request carried (or the
 * request carried none). The message is one line naming the URL and who sent the request, e.g.
 * {@code 401 Unauthorized from https://host:6443/api/v1/pods: the credentials of user 'alice' (context
 * 'dev', kubeconfig /home/a/.kube/config) were rejected}. A refreshable credential (token file, exec
 * plugin) has already been refreshed and retried once when this is thrown.
 *
 * <p>Distinct from {@link AuthenticationException}, which means credentials could not be obtained at
 * all (an exec plugin failed) and no request was sent. Immutable and thread-safe.
 */
public final class UnauthorizedException extends CredentialsRefusedException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the one-line message
     * @param status  the server's Status (or one synthesized from the code)
     * @param method  the request's HTTP method
     * @param url     the request's URL (without credentials)
     * @param origin  where the rejected credentials were configured
     */
    public UnauthorizedException(
            String message, Status status, @Nullable String method, @Nullable String url, ClientConfig.Origin origin) {
        super(message, status, method, url, origin);
    }
}
