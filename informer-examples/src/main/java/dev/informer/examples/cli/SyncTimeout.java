package dev.informer.examples.cli;

import dev.informer.cache.SyncError;
import dev.informer.clock.Durations;
import dev.informer.errors.InformerException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The {@code --sync-timeout} of {@code controller} and {@code watch}: how long a command waits for
 * its caches' initial sync before it gives up with exit status 1 and one line naming the server and
 * the last error. Zero waits forever. Immutable and thread-safe.
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class SyncTimeout {

    /** What "forever" becomes for APIs that take a duration (about a century). */
    private static final Duration FOREVER = Duration.ofDays(36_500);

    private final Duration timeout;

    private SyncTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * The option's value.
     *
     * @throws ParameterException (exit code 2) for a positive timeout below one second
     */
    public static SyncTimeout of(CommandSpec spec, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (!timeout.isZero() && timeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--sync-timeout must be at least 1s (or 0 to wait forever): " + Durations.format(timeout));
        }
        return new SyncTimeout(timeout);
    }

    /** Whether the command waits for ever. */
    public boolean isForever() {
        return timeout.isZero();
    }

    /** The timeout as a duration to wait ({@link #FOREVER} for zero). */
    public Duration duration() {
        return timeout.isZero() ? FOREVER : timeout;
    }

    /** The failure: "WHAT did not sync within T from SERVER; last error: CAUSE". */
    public SyncTimeoutException failure(String what, Object server, Optional<SyncError> lastError) {
        String cause = lastError
                .map(SyncError::message)
                .orElse("none reported (the server accepted the requests but the " + "lists did not complete)");
        return new SyncTimeoutException(what + " did not sync within " + Durations.format(timeout) + " from " + server
                + "; last error: " + cause);
    }

    /** The caches did not sync within the timeout; the message is the one line the user sees. */
    static final class SyncTimeoutException extends InformerException {
        private static final long serialVersionUID = 1L;

        SyncTimeoutException(String message) {
            super(message, null, false, false);
        }
    }
}
