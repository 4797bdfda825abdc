package dev.informer.client;

import dev.informer.api.Status;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What the two refusals of a request's credentials share: a 401 ({@link UnauthorizedException}) or a
 * 403 ({@link ForbiddenException}) answer, naming where the credentials of the request were configured.
 * Package-private; callers catch one of the two public subtypes or {@link StatusException}.
 *
 * <p>Immutable and thread-safe.
 */
abstract sealed class CredentialsRefusedException extends StatusException
        permits UnauthorizedException, ForbiddenException {

    private static final long serialVersionUID = 1L;

    private final transient ClientConfig.Origin origin;

    CredentialsRefusedException(
            String message, Status status, @Nullable String method, @Nullable String url, ClientConfig.Origin origin) {
        super(message, status, null, method, url);
        this.origin = Objects.requireNonNull(origin, "origin");
    }

    /**
     * Where the credentials of the refused request were configured (kubeconfig file, context and user;
     * in-cluster; code).
     */
    public ClientConfig.Origin origin() {
        return origin;
    }
}
