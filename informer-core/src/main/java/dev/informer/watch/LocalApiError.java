package dev.informer.watch;

import org.jspecify.annotations.Nullable;

/** An {@link ApiError} detected by the watch engine itself; see {@link ApiError#of}. Immutable. */
record LocalApiError(int code, @Nullable String reason, @Nullable String message) implements ApiError {

    LocalApiError {
        if (code < 0) {
            throw new IllegalArgumentException("code must not be negative: " + code);
        }
    }

    @Override
    public @Nullable Integer retryAfterSeconds() {
        return null;
    }
}
