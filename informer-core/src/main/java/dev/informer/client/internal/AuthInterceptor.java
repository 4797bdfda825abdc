package dev.informer.client.internal;

import dev.informer.client.AuthenticationException;
import dev.informer.client.ClientConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.Supplier;
import okhttp3.Authenticator;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.Route;
import org.jspecify.annotations.Nullable;

/**
 * Adds the {@code Authorization} header (basic auth, a bearer token from the configured supplier, or
 * the exec plugin's token, in that order of precedence as client-go) and, as OkHttp's
 * {@link Authenticator}, retries a request ONCE after a 401 when the credential can be refreshed: the
 * token file is re-read, the exec plugin is re-run; the retry is made only if the refreshed header
 * differs from the one the server rejected.
 *
 * <p>Thread-safe; the header value is never logged.
 */
final class AuthInterceptor implements Interceptor, Authenticator {

    private static final String AUTHORIZATION = "Authorization";

    private final @Nullable String basicHeader;
    private final @Nullable Supplier<String> bearerToken;
    private final @Nullable ExecCredentialProvider exec;

    AuthInterceptor(ClientConfig config, @Nullable ExecCredentialProvider exec) {
        this.basicHeader = config.username() == null
                ? null
                : "Basic "
                        + Base64.getEncoder()
                                .encodeToString(
                                        (config.username() + ":" + config.password()).getBytes(StandardCharsets.UTF_8));
        this.bearerToken = config.bearerToken().orElse(null);
        this.exec = exec;
    }

    /** Whether any credential is configured (else the interceptor need not be installed). */
    boolean hasCredentials() {
        return basicHeader != null || bearerToken != null || exec != null;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        if (request.header(AUTHORIZATION) != null) {
            return chain.proceed(request);
        }
        return chain.proceed(authorize(request));
    }

    @Override
    public @Nullable Request authenticate(@Nullable Route route, Response response) throws IOException {
        if (response.code() != 401 || response.priorResponse() != null) {
            return null; // Only one refresh-and-retry per request.
        }
        Request rejected = response.request();
        String rejectedHeader = rejected.header(AUTHORIZATION);
        if (bearerToken instanceof FileTokenSource file) {
            file.invalidate();
        }
        ExecCredentialProvider.Credential used = rejected.tag(ExecCredentialProvider.Credential.class);
        if (exec != null && used != null) {
            exec.invalidate(used);
        }
        if (!(bearerToken instanceof FileTokenSource) && used == null) {
            return null; // A fixed token or password cannot get better by asking again.
        }
        Request retry =
                authorize(rejected.newBuilder().removeHeader(AUTHORIZATION).build());
        String retryHeader = retry.header(AUTHORIZATION);
        return retryHeader == null || retryHeader.equals(rejectedHeader) ? null : retry;
    }

    private Request authorize(Request request) throws IOException {
        Request.Builder builder = request.newBuilder();
        String header = null;
        ExecCredentialProvider.Credential credential = null;
        if (exec != null) {
            try {
                // Asked even when a static credential wins: the plugin may supply the client certificate.
                credential = exec.get();
            } catch (AuthenticationException e) {
                throw new CredentialIOException(e);
            }
        }
        if (basicHeader != null) {
            header = basicHeader;
        } else if (bearerToken != null) {
            String token = bearerToken.get();
            header = token == null || token.isEmpty() ? null : "Bearer " + token;
        } else if (credential != null && credential.token() != null) {
            header = "Bearer " + credential.token();
            builder.tag(ExecCredentialProvider.Credential.class, credential);
        }
        if (header != null) {
            builder.header(AUTHORIZATION, header);
        }
        return builder.build();
    }
}
