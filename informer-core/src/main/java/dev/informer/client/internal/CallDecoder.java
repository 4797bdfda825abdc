package dev.informer.client.internal;

import dev.informer.clock.Durations;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import okhttp3.Call;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/**
 * A watch decoder that owns its HTTP call: closing it cancels the call (which unblocks a read in
 * progress at once, even over HTTP/2) before closing the stream. A stream silent for longer than its
 * body timeout fails with an {@link IOException} saying so and naming the URL. One reader thread;
 * {@link #close()} from any thread, idempotent.
 */
final class CallDecoder<T> implements Decoder<T> {

    private final Decoder<T> delegate;
    private final Call call;
    private final Response response;
    private final Duration bodyTimeout;

    CallDecoder(Decoder<T> delegate, Call call, Response response, Duration bodyTimeout) {
        this.delegate = delegate;
        this.call = call;
        this.response = response;
        this.bodyTimeout = bodyTimeout;
    }

    @Override
    public @Nullable Event<T> decode() throws IOException {
        try {
            return delegate.decode();
        } catch (SocketTimeoutException e) {
            SocketTimeoutException described =
                    new SocketTimeoutException("watch " + call.request().url() + " sent nothing for "
                            + Durations.format(bodyTimeout) + " (watch read timeout)");
            described.initCause(e);
            throw described;
        }
    }

    @Override
    public void close() {
        call.cancel();
        delegate.close();
        response.close();
    }
}
