package dev.informer.client;

import dev.informer.api.Status;
import org.jspecify.annotations.Nullable;

/**
 * The server answered 403 Forbidden: it knows who sent the request but does not allow them this verb on
 * this resource (RBAC, or an admission plugin). The message is one line naming the URL, who sent the
 * request, the verb and resource, and the server's explanation, e.g. {@code 403 Forbidden from
 * https://host:6443/api/v1/pods: user 'alice' (context 'dev', kubeconfig /home/a/.kube/config) may not
 * list pods: pods is forbidden: User "alice" cannot list resource "pods" ...}. Retrying does not help
 * until the permissions change.
 *
 * <p>Immutable and thread-safe.
 */
public final class ForbiddenException extends CredentialsRefusedException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message the one-line message
     * @param status  the server's Status (or one synthesized from the code)
     * @param method  the request's HTTP method
     * @param url     the request's URL (without credentials)
     * @param origin  where the credentials of the request were configured
     */
    public ForbiddenException(
            String message, Status status, @Nullable String method, @Nullable String url, ClientConfig.Origin origin) {
        super(message, status, method, url, origin);
    }
}
