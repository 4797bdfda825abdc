package dev.informer.client.internal;

import dev.informer.client.ConfigException;
import dev.informer.clock.Clock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bearer token read from a file and re-read when it may have changed, as client-go's cached file
 * token source: the file is read again once {@code period} has passed since the last read (projected
 * service-account tokens rotate), and at once after {@link #invalidate()} (the server answered 401). A
 * failed re-read keeps the last good token and logs a warning, so a rotation in progress never breaks
 * requests.
 *
 * <p>Thread-safe: {@link #get()} and {@link #invalidate()} may be called from any thread.
 */
public final class FileTokenSource implements Supplier<String> {

    /** How long a read token is used before the file is read again (client-go uses one minute). */
    public static final Duration DEFAULT_PERIOD = Duration.ofMinutes(1);

    private static final Logger log = LoggerFactory.getLogger(FileTokenSource.class);

    private final Path file;
    private final Clock clock;
    private final long periodNanos;
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private String token;
    // @GuardedBy("lock")
    private long readAtNanos;
    // @GuardedBy("lock")
    private boolean stale;

    /**
     * Reads the file once now.
     *
     * @throws ConfigException if the file cannot be read or is empty
     */
    public FileTokenSource(Path file, Clock clock, Duration period) {
        this.file = Objects.requireNonNull(file, "file");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.periodNanos = period.toNanos();
        try {
            this.token = read();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException("token file " + file + " does not exist", e);
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConfigException("token file " + file + " is not readable (permission denied)", e);
        } catch (IOException e) {
            throw new ConfigException(
                    "cannot read token file " + file + ": "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()),
                    e);
        }
        if (token.isEmpty()) {
            throw new ConfigException("token file " + file + " is empty");
        }
        this.readAtNanos = clock.nanoTime();
    }

    /** The path the token is read from. */
    public Path file() {
        return file;
    }

    @Override
    public String get() {
        synchronized (lock) {
            if (stale || clock.nanoTime() - readAtNanos >= periodNanos) {
                reloadLocked();
            }
            return token;
        }
    }

    /** Makes the next {@link #get()} read the file again (called after a 401). */
    public void invalidate() {
        synchronized (lock) {
            stale = true;
        }
    }

    private void reloadLocked() {
        try {
            String fresh = read();
            if (fresh.isEmpty()) {
                log.warn("token file {} is empty; keeping the previous token", file);
            } else {
                token = fresh;
            }
        } catch (IOException e) {
            log.warn("cannot re-read token file {}; keeping the previous token", file, e);
        }
        // Either way wait a full period before trying again, as client-go does.
        readAtNanos = clock.nanoTime();
        stale = false;
    }

    private String read() throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8).strip();
    }

    @Override
    public String toString() {
        return "FileTokenSource[" + file + "]";
    }
}
