package dev.informer.watch;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads watch events one at a time from a source (a response stream, a recorded file), as
 * apimachinery's {@code watch.Decoder}. Used by {@link StreamWatcher}, which drives it from one
 * thread; implementations need not be thread-safe, except that {@link #close()} may be called from
 * another thread to unblock a pending {@link #decode()}.
 */
public interface Decoder<T> extends AutoCloseable {

    /**
     * The next event, blocking until it is read; {@code null} at a clean end of the stream.
     *
     * @throws IOException             when the source fails or is closed
     * @throws DecodeException         when the bytes are not a valid watch event (names the problem)
     */
    @Nullable
    Event<T> decode() throws IOException;

    /** Releases the source; unblocks a pending {@link #decode()}. Idempotent. */
    @Override
    void close();
}
