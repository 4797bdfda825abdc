package dev.informer.client.internal;

import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import java.io.IOException;
import okhttp3.Call;
import okhttp3.Response;

/**
 * A watch decoder that owns its HTTP call: closing it cancels the call (which unblocks a read in
 * progress at once, even over HTTP/2) before closing the stream. One reader thread; {@link #close()}
 * from any thread, idempotent.
 */
final class CallDecoder<T> implements Decoder<T> {

    private final Decoder<T> delegate;
    private final Call call;
    private final Response response;

    CallDecoder(Decoder<T> delegate, Call call, Response response) {
        this.delegate = delegate;
        this.call = call;
        this.response = response;
    }

    @Override
    public Event<T> decode() throws IOException {
        return delegate.decode();
    }

    @Override
    public void close() {
        call.cancel();
        delegate.close();
        response.close();
    }
}
