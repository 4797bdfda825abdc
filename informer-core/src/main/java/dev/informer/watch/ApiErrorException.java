package dev.informer.watch;

import dev.informer.errors.InformerException;
import java.util.Objects;

/**
 * An {@link ApiError} as an unchecked exception: what the engine fails with when a watch sends an
 * {@link EventType#ERROR} event (the server's status, e.g. 410 Expired or 500). The message is one
 * line, {@code CODE Reason: message}. {@link StatusCarrier#statusOf} finds the error; errors answered
 * to a request come as the client's {@code StatusException} instead, which carries the same status.
 *
 * <p>Immutable and thread-safe.
 */
public final class ApiErrorException extends InformerException implements StatusCarrier {

    private static final long serialVersionUID = 1L;

    /** Not serialized: implementations of ApiError need not be serializable. */
    private final transient ApiError status;

    /**
     * @throws NullPointerException if {@code status} is {@code null}
     */
    public ApiErrorException(ApiError status) {
        super(describe(Objects.requireNonNull(status, "status")));
        this.status = status;
    }

    @Override
    public ApiError status() {
        return status;
    }

    private static String describe(ApiError status) {
        StringBuilder sb = new StringBuilder().append(status.code());
        if (status.reason() != null && !status.reason().isEmpty()) {
            sb.append(' ').append(status.reason());
        }
        if (status.message() != null && !status.message().isEmpty()) {
            sb.append(": ").append(status.message());
        }
        return sb.toString();
    }
}
