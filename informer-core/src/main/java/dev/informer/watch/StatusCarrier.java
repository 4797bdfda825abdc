package dev.informer.watch;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Implemented by exceptions that carry the API server's error as an {@link ApiError} (the client's status
 * exception does, with its {@code Status}), so that the watch package can tell a 401/403/410 answer from a network failure without
 * depending on the client package and without matching messages.
 */
public interface StatusCarrier {

    /** The server's status; never {@code null}. */
    ApiError status();

    /**
     * How long the server asked the client to wait before retrying: by default the status's positive
     * {@link ApiError#retryAfterSeconds()}; the client's exception also reads the {@code Retry-After}
     * header. Empty when the server suggested no delay.
     */
    default Optional<Duration> retryAfter() {
        Integer seconds = status().retryAfterSeconds();
        return seconds != null && seconds > 0 ? Optional.of(Duration.ofSeconds(seconds)) : Optional.empty();
    }

    /**
     * The status carried by {@code failure} or by the first exception in its cause chain that carries
     * one, or {@code null} if none does.
     */
    static @Nullable ApiError statusOf(Throwable failure) {
        Throwable t = failure;
        // Bounded: a cause chain can be cyclic.
        for (int depth = 0; t != null && depth < 64; depth++, t = t.getCause()) {
            if (t instanceof StatusCarrier carrier) {
                return carrier.status();
            }
        }
        return null;
    }
}
