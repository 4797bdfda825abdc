package dev.informer.watch;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the watch engine needs to know of an error the API server (or the engine itself) reports: the
 * HTTP code, the machine-readable reason, the message and the server's retry hint. The object of an
 * {@link EventType#ERROR} event is one (the client's {@code dev.informer.api.Status} implements this
 * interface); the engine never depends on the API model.
 *
 * <p>Implementations are immutable values and safe to share between threads.
 */
public interface ApiError {

    /** Reason of a 410 answer to a watch or continue token older than the server's history. */
    String REASON_EXPIRED = "Expired";

    /** Reason of a 410 answer in older servers. */
    String REASON_GONE = "Gone";

    /** The HTTP status code (0 when unknown). */
    int code();

    /** The machine-readable reason, e.g. {@code "Expired"}; may be {@code null}. */
    @Nullable
    String reason();

    /** The human-readable description; may be {@code null}. */
    @Nullable
    String message();

    /** Seconds the server asks the client to wait before retrying, or {@code null} if it gave none. */
    @Nullable
    Integer retryAfterSeconds();

    /**
     * The field-level causes the server listed ({@code details.causes}); empty when it listed none.
     * The model's {@code Status} answers its causes; errors detected by the engine have none.
     */
    default List<? extends Cause> causes() {
        return List.of();
    }

    /** Whether this error says the requested resource version is too old (410 Expired/Gone). */
    default boolean isResourceExpired() {
        return code() == 410 || REASON_EXPIRED.equals(reason()) || REASON_GONE.equals(reason());
    }

    /**
     * Whether {@code reason} is one of the reasons {@code metav1.StatusReason} defines; an error with
     * any other reason is judged by its code, as apimachinery's {@code errors.Is...} helpers do.
     */
    static boolean isKnownReason(@Nullable String reason) {
        return reason != null && KnownReasons.ALL.contains(reason);
    }

    /** One field-level cause of an error: the model's {@code Status.StatusCause} implements it. */
    interface Cause {

        /** The machine-readable reason of the cause, e.g. {@code "FieldValueInvalid"}; may be {@code null}. */
        @Nullable
        String reason();

        /** The human-readable description of the cause; may be {@code null}. */
        @Nullable
        String message();
    }

    /**
     * An error detected by the engine itself (an undecodable stream, an object without a resource
     * version), with no retry hint.
     *
     * @throws IllegalArgumentException if {@code code} is negative
     */
    static ApiError of(int code, @Nullable String reason, @Nullable String message) {
        return new LocalApiError(code, reason, message);
    }
}
