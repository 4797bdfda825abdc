package dev.informer.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.informer.watch.ApiError;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The API server's {@code meta/v1 Status}: the body of every error response and of a watch ERROR
 * event. Immutable value; unknown fields are ignored on read.
 *
 * @param apiVersion "v1"
 * @param kind       "Status"
 * @param status     "Success" or "Failure"
 * @param message    human-readable description
 * @param reason     machine-readable reason, e.g. "NotFound", "Conflict", "Expired"
 * @param details    extra data about the failure, may be {@code null}
 * @param code       the HTTP status code (0 when unknown)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Status(
        @Nullable String apiVersion,
        @Nullable String kind,
        @Nullable String status,
        @Nullable String message,
        @Nullable String reason,
        @Nullable StatusDetails details,
        int code)
        implements ApiError {

    /** Reason of a 410 answer to a watch or continue token older than the server's history. */
    public static final String REASON_EXPIRED = ApiError.REASON_EXPIRED;
    /** Reason of a 410 answer in older servers. */
    public static final String REASON_GONE = ApiError.REASON_GONE;

    /** A failure status with the given code, reason and message. */
    public static Status failure(int code, @Nullable String reason, @Nullable String message) {
        return new Status("v1", "Status", "Failure", message, reason, null, code);
    }

    /** Whether this status says the requested resource version is too old (410 Expired/Gone). */
    @Override
    public boolean isResourceExpired() {
        return ApiError.super.isResourceExpired();
    }

    /** {@code details.causes}, empty without details or causes. */
    @Override
    public List<StatusCause> causes() {
        List<StatusCause> causes = details == null ? null : details.causes();
        return causes == null ? List.of() : causes;
    }

    /** {@code details.retryAfterSeconds}, or {@code null} without details. */
    @Override
    public @Nullable Integer retryAfterSeconds() {
        return details == null ? null : details.retryAfterSeconds();
    }

    /**
     * Details of a failure: the object it concerns and the causes.
     *
     * @param name              the object's name
     * @param group             the API group
     * @param kind              the kind
     * @param uid               the object's UID
     * @param causes            field-level causes, may be {@code null}
     * @param retryAfterSeconds seconds to wait before retrying (429, 5xx)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StatusDetails(
            @Nullable String name,
            @Nullable String group,
            @Nullable String kind,
            @Nullable String uid,
            @Nullable List<StatusCause> causes,
            @Nullable Integer retryAfterSeconds) {}

    /**
     * One cause of a failure.
     *
     * @param reason  machine-readable reason, e.g. "FieldValueInvalid"
     * @param message description
     * @param field   the field path, e.g. "spec.containers[0].image"
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StatusCause(@Nullable String reason, @Nullable String message, @Nullable String field)
            implements ApiError.Cause {}
}
