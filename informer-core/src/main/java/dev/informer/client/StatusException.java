package dev.informer.client;

import dev.informer.api.Status;
import dev.informer.watch.ApiError;
import dev.informer.watch.StatusCarrier;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The API server answered a request with an error: carries the server's {@link Status} (code, reason,
 * message, details) as sent, or, when the body was not a {@code Status} (a proxy's HTML page, an empty
 * body), a Status synthesized from the HTTP code exactly as apimachinery's
 * {@code NewGenericServerResponse} does.
 *
 * <p>The {@code is...} helpers follow apimachinery's {@code errors.Is...}: they compare the machine
 * readable {@code reason}, and fall back to the HTTP code only when the reason is not one of the known
 * reasons. Nothing here looks at the human-readable message.
 *
 * <p>A 401 answer to a request is an {@link UnauthorizedException} and a 403 a {@link ForbiddenException}:
 * both name who sent the request ({@link ClientConfig#origin()}); {@code isUnauthorized()} and
 * {@code isForbidden()} hold for them as for any Status of that reason. The message is one line:
 * {@code METHOD URL: CODE Reason: message}, or, when the body was not a Status, the HTTP code, the
 * content type and the start of the body.
 *
 * <p>Immutable and thread-safe.
 */
public sealed class StatusException extends ApiException implements StatusCarrier permits CredentialsRefusedException {

    private static final long serialVersionUID = 1L;

    private final transient Status status;
    private final @Nullable Duration retryAfterHeader;
    private final @Nullable String method;
    private final @Nullable String url;

    /**
     * @param status           the server's status (or a synthesized one), never {@code null}
     * @param retryAfterHeader the {@code Retry-After} header's delay, or {@code null} when absent
     * @param method           the request's HTTP method
     * @param url              the request's URL (without credentials)
     */
    public StatusException(
            Status status, @Nullable Duration retryAfterHeader, @Nullable String method, @Nullable String url) {
        this(describe(status, method, url), status, retryAfterHeader, method, url);
    }

    /**
     * A StatusException with its own message (one line, no credentials), e.g. describing a body that was
     * not a Status.
     *
     * @param message          the message
     * @param status           the server's status (or a synthesized one), never {@code null}
     * @param retryAfterHeader the {@code Retry-After} header's delay, or {@code null} when absent
     * @param method           the request's HTTP method
     * @param url              the request's URL (without credentials)
     */
    public StatusException(
            String message,
            Status status,
            @Nullable Duration retryAfterHeader,
            @Nullable String method,
            @Nullable String url) {
        super(message, null);
        this.status = Objects.requireNonNull(status, "status");
        this.retryAfterHeader = retryAfterHeader;
        this.method = method;
        this.url = url;
    }

    /** A StatusException for a status that did not come with an HTTP request (e.g. a watch ERROR event). */
    public static StatusException of(Status status) {
        return new StatusException(status, null, null, null);
    }

    /** The server's status (or the synthesized one). */
    @Override
    public Status status() {
        return status;
    }

    /** The HTTP status code. */
    public int code() {
        return status.code();
    }

    /** The machine-readable reason ("" when the server gave none). */
    public String reason() {
        return status.reason() == null ? "" : status.reason();
    }

    /** The HTTP method of the failed request, or {@code null} when not from a request. */
    public @Nullable String method() {
        return method;
    }

    /** The URL of the failed request, or {@code null} when not from a request. */
    public @Nullable String url() {
        return url;
    }

    public boolean isNotFound() {
        return reasonOrUnknownCode("NotFound", 404);
    }

    /** The create failed because an object with that name exists (reason only, as apimachinery). */
    public boolean isAlreadyExists() {
        return "AlreadyExists".equals(reason());
    }

    /** An update's resourceVersion or a precondition did not match. */
    public boolean isConflict() {
        return reasonOrUnknownCode("Conflict", 409);
    }

    /** The requested resource version or continue token is older than the server keeps (reason Expired). */
    public boolean isResourceExpired() {
        return "Expired".equals(reason());
    }

    /** Reason Gone, or code 410 with an unknown reason. */
    public boolean isGone() {
        return reasonOrUnknownCode("Gone", 410);
    }

    /** Either {@link #isResourceExpired()} or {@link #isGone()}: the caller must relist. */
    public boolean isExpiredOrGone() {
        return isResourceExpired() || isGone();
    }

    /** Reason TooManyRequests or code 429 (whatever the reason, as apimachinery). */
    public boolean isTooManyRequests() {
        return "TooManyRequests".equals(reason()) || code() == 429;
    }

    public boolean isInvalid() {
        return reasonOrUnknownCode("Invalid", 422);
    }

    public boolean isBadRequest() {
        return reasonOrUnknownCode("BadRequest", 400);
    }

    public boolean isUnauthorized() {
        return reasonOrUnknownCode("Unauthorized", 401);
    }

    public boolean isForbidden() {
        return reasonOrUnknownCode("Forbidden", 403);
    }

    public boolean isMethodNotSupported() {
        return reasonOrUnknownCode("MethodNotAllowed", 405);
    }

    public boolean isTimeout() {
        return reasonOrUnknownCode("Timeout", 504);
    }

    /** Reason ServerTimeout (no code check: no HTTP code means "retry this"). */
    public boolean isServerTimeout() {
        return "ServerTimeout".equals(reason());
    }

    public boolean isServiceUnavailable() {
        return reasonOrUnknownCode("ServiceUnavailable", 503);
    }

    public boolean isInternalError() {
        return reasonOrUnknownCode("InternalError", 500);
    }

    /** Any 5xx answer. */
    public boolean isServerError() {
        return code() >= 500 && code() <= 599;
    }

    /**
     * How long the server asked the client to wait before retrying: the {@code Retry-After} header
     * (seconds) if present, else {@code details.retryAfterSeconds} when positive (as apimachinery's
     * {@code SuggestsClientDelay}); empty when the server suggested no delay.
     */
    @Override
    public Optional<Duration> retryAfter() {
        if (retryAfterHeader != null) {
            return Optional.of(retryAfterHeader);
        }
        Status.StatusDetails details = status.details();
        if (details != null && details.retryAfterSeconds() != null && details.retryAfterSeconds() > 0) {
            return Optional.of(Duration.ofSeconds(details.retryAfterSeconds()));
        }
        return Optional.empty();
    }

    private boolean reasonOrUnknownCode(String wanted, int code) {
        String reason = reason();
        return wanted.equals(reason) || (!ApiError.isKnownReason(reason) && code() == code);
    }

    /** The default message: {@code METHOD URL: CODE Reason: message}. */
    static String describe(Status status, @Nullable String method, @Nullable String url) {
        StringBuilder sb = new StringBuilder();
        if (method != null && url != null) {
            sb.append(method).append(' ').append(url).append(": ");
        }
        sb.append(status.code());
        if (status.reason() != null && !status.reason().isEmpty()) {
            sb.append(' ').append(status.reason());
        }
        if (status.message() != null && !status.message().isEmpty()) {
            sb.append(": ").append(status.message());
        }
        return sb.toString();
    }
}
