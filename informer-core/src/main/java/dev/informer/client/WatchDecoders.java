package dev.informer.client;

import dev.informer.api.ApiJson;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.client.internal.JsonWatchDecoder;
import dev.informer.watch.Decoder;
import java.io.InputStream;
import tools.jackson.databind.ObjectMapper;

/**
 * Factories of {@link Decoder}s for watch response streams.
 *
 * <p>The JSON decoder reads {@code {"type": ..., "object": ...}} events, newline-delimited or
 * concatenated, straight from the stream with one streaming parser: no per-event String or byte
 * copies; the object is bound directly to the resource's class, the object of an ERROR event to
 * {@link Status}. Its outcomes: the next event; {@code null} at a clean end of the stream; {@link
 * java.io.EOFException} when the stream ends inside an event; {@link java.io.IOException} when the
 * stream fails or the decoder was closed; {@link dev.informer.watch.DecodeException} naming the
 * event's number (from 1), the problem and its position for malformed input, after which the decoder
 * stays failed. Wrap it in {@link dev.informer.watch.StreamWatcher} to get a {@code Watch}.
 *
 * <p>Each decoder is used by one thread; its {@code close()} may come from any thread and unblocks
 * a pending read by closing the stream. Constructing a decoder never blocks.
 */
public final class WatchDecoders {

    private WatchDecoders() {}

    /** A decoder of {@code in} that binds objects to {@code type}'s class with {@link ApiJson#mapper()}. */
    public static <T> Decoder<T> json(InputStream in, ResourceType<T> type) {
        return new JsonWatchDecoder<>(in, type.type(), ApiJson.mapper());
    }

    /**
     * A decoder of {@code in} that binds objects to {@code type} with {@code mapper} (a mapper of your
     * own model's configuration, for example).
     */
    public static <T> Decoder<T> json(InputStream in, Class<T> type, ObjectMapper mapper) {
        return new JsonWatchDecoder<>(in, type, mapper);
    }
}
