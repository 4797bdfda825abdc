package dev.informer.watch;

/** An {@link ApiError} detected by the watch engine itself; see {@link ApiError#of}. Immutable. */
record LocalApiError(int code, String reason, String message) implements ApiError {

    LocalApiError {
        if (code < 0) {
            throw new IllegalArgumentException("code must not be negative: " + code);
        }
    }

    @Override
    public Integer retryAfterSeconds() {
        return null;
    }
}
