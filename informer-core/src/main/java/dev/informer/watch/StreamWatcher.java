package dev.informer.watch;

import java.io.IOException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Watch} that reads events from a {@link Decoder} on the consumer's own thread, as
 * apimachinery's {@code watch.StreamWatcher} but without a relay thread: {@link #next()} decodes the
 * next event straight from the source, so nothing is buffered or copied between the stream and the
 * consumer.
 *
 * <p>The watch ends at the clean end of the stream, on an I/O failure (logged at debug, as the
 * reflector restarts the watch), or after a decode failure, which is delivered first as an
 * {@link EventType#ERROR} event whose {@link ApiError} (code 500, reason "InternalError") names the
 * problem. {@link #stop()} may be called from any thread; it closes the decoder, which unblocks a
 * consumer waiting in {@link #next()}, and makes every later {@code next()} return {@code null}.
 *
 * <p>One consumer thread; {@code stop()} thread-safe and idempotent.
 */
public final class StreamWatcher<T> implements Watch<T> {

    private static final Logger log = LoggerFactory.getLogger(StreamWatcher.class);

    private final Decoder<T> decoder;
    private volatile boolean stopped;

    private StreamWatcher(Decoder<T> decoder) {
        this.decoder = Objects.requireNonNull(decoder, "decoder");
    }

    /** A watch over {@code decoder}; the watch owns the decoder and closes it when it ends. */
    public static <T> StreamWatcher<T> of(Decoder<T> decoder) {
        return new StreamWatcher<>(decoder);
    }

    @Override
    public @Nullable Event<T> next() throws InterruptedException {
        if (stopped) {
            return null;
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        try {
            Event<T> event = decoder.decode();
            if (event == null) {
                stop();
            }
            return event;
        } catch (DecodeException e) {
            stop();
            return Event.error(ApiError.of(
                    500, "InternalError", "unable to decode an event from the watch stream: " + e.getMessage()));
        } catch (IOException | RuntimeException e) {
            boolean byCaller = stopped;
            stop();
            if (!byCaller) {
                log.debug("watch stream ended: {}", e.toString(), e);
            }
            return null;
        }
    }

    @Override
    public void stop() {
        if (!stopped) {
            stopped = true;
            try {
                decoder.close();
            } catch (RuntimeException e) {
                // Closing a stream that another thread is reading can fail inside the HTTP stack;
                // the watch is over either way, and stop() promises never to throw.
                log.debug("closing the watch decoder failed: {}", e.toString(), e);
            }
        }
    }

    @Override
    public boolean isStopped() {
        return stopped;
    }
}
