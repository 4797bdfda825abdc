package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ApiJson;
import dev.informer.api.Fixtures;
import dev.informer.api.GenericObject;
import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.api.Status;
import dev.informer.api.WatchEvent;
import dev.informer.watch.ApiError;
import dev.informer.watch.DecodeException;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import dev.informer.watch.StreamWatcher;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The streaming watch decoder: every event type, chunk boundaries, malformed events, close. */
class JsonWatchDecoderTest {

    private static final String ADDED = "{\"type\":\"ADDED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
            + "\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"10\"}}}";
    private static final String MODIFIED = "{\"type\":\"MODIFIED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
            + "\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"11\"},"
            + "\"status\":{\"phase\":\"Running\"}}}";
    private static final String DELETED = "{\"type\":\"DELETED\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
            + "\"metadata\":{\"name\":\"a\",\"namespace\":\"ns\",\"resourceVersion\":\"12\"}}}";
    private static final String BOOKMARK = "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"Pod\",\"apiVersion\":\"v1\","
            + "\"metadata\":{\"resourceVersion\":\"13\",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}}}}";
    private static final String ERROR = "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\","
            + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: 5 (13)\","
            + "\"reason\":\"Expired\",\"code\":410}}";

    private static Decoder<Pod> decoder(String stream) {
        return WatchDecoders.json(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)), ResourceType.PODS);
    }

    private static <T> List<Event<T>> decodeAll(Decoder<T> decoder) throws IOException {
        List<Event<T>> events = new ArrayList<>();
        for (Event<T> event = decoder.decode(); event != null; event = decoder.decode()) {
            events.add(event);
        }
        return events;
    }

    /** Hands out 1 to 7 bytes per read, as a slow chunked response would. */
    private static final class TrickleInputStream extends InputStream {
        private final byte[] bytes;
        private final Random random;
        private int position;
        int reads;

        TrickleInputStream(byte[] bytes, long seed) {
            this.bytes = bytes;
            this.random = new Random(seed);
        }

        @Override
        public int read() {
            reads++;
            return position < bytes.length ? bytes[position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (position >= bytes.length) {
                return -1;
            }
            reads++;
            int n = Math.min(Math.min(len, 1 + random.nextInt(7)), bytes.length - position);
            System.arraycopy(bytes, position, b, off, n);
            position += n;
            return n;
        }
    }

    /** Blocks reads until closed, like a quiet watch connection; close() unblocks them with an IOException. */
    private static final class QuietConnection extends InputStream {
        final CountDownLatch reading = new CountDownLatch(1);
        private boolean closed;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) throws IOException {
            reading.countDown();
            while (!closed) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted", e);
                }
            }
            throw new IOException("socket closed");
        }

        @Override
        public synchronized void close() {
            closed = true;
            notifyAll();
        }

        synchronized boolean isClosed() {
            return closed;
        }
    }

    @Test
    void decodesEveryEventTypeInOrder() throws IOException {
        List<Event<Pod>> events =
                decodeAll(decoder(String.join("\n", ADDED, MODIFIED, DELETED, BOOKMARK, ERROR) + "\n"));

        assertEquals(
                List.of(EventType.ADDED, EventType.MODIFIED, EventType.DELETED, EventType.BOOKMARK, EventType.ERROR),
                events.stream().map(Event::type).toList());
        assertEquals("10", events.get(0).typedObject().resourceVersion());
        assertEquals("Running", events.get(1).typedObject().status().phase());
        assertEquals(
                "ns/a",
                events.get(2).typedObject().namespace() + "/"
                        + events.get(2).typedObject().name());
    }

    @Test
    void bookmarkBindsToTheResourceTypeWithMetadataOnly() throws IOException {
        Pod bookmark = decoder(BOOKMARK).decode().typedObject();

        assertEquals("13", bookmark.resourceVersion());
        assertEquals("true", bookmark.metadata().annotations().get("k8s.io/initial-events-end"));
        assertNull(bookmark.spec());
    }

    @Test
    void errorEventBindsItsObjectToStatus() throws IOException {
        Event<Pod> error = decoder(ERROR).decode();

        Status status = assertInstanceOf(Status.class, error.status());
        assertEquals(410, status.code());
        assertEquals("Expired", status.reason());
        assertTrue(status.isResourceExpired());
        assertThrows(IllegalStateException.class, error::typedObject);
    }

    @Test
    void cleanEndOfStreamReturnsNull() throws IOException {
        assertNull(decoder("").decode());
        assertNull(decoder(" \n\r\n ").decode());
        Decoder<Pod> decoder = decoder(ADDED + "\n");
        assertNotNull(decoder.decode());
        assertNull(decoder.decode());
        assertNull(decoder.decode());
    }

    @Test
    void concatenatedAndCrlfSeparatedEventsDecode() throws IOException {
        assertEquals(3, decodeAll(decoder(ADDED + MODIFIED + DELETED)).size());
        assertEquals(
                3,
                decodeAll(decoder(ADDED + "\r\n" + MODIFIED + "  \r\n\t" + DELETED))
                        .size());
    }

    @Test
    void eventsSplitAcrossChunksOfOneToSevenBytesDecodeTheSame() throws IOException {
        StringBuilder stream = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            stream.append("{\"type\":\"MODIFIED\",\"object\":")
                    .append(Fixtures.POD.replace("\"482913\"", "\"" + (1000 + i) + "\""))
                    .append("}\n");
        }
        stream.append(BOOKMARK).append('\n').append(ERROR).append('\n');
        byte[] bytes = stream.toString().getBytes(StandardCharsets.UTF_8);
        List<Event<Pod>> expected = decodeAll(WatchDecoders.json(new ByteArrayInputStream(bytes), ResourceType.PODS));

        for (long seed = 1; seed <= 5; seed++) {
            TrickleInputStream trickle = new TrickleInputStream(bytes, seed);
            List<Event<Pod>> events = decodeAll(WatchDecoders.json(trickle, ResourceType.PODS));

            assertEquals(expected, events, "seed " + seed);
            assertTrue(trickle.reads > bytes.length / 7, "the stream really was read in small chunks");
        }
        assertEquals(42, expected.size());
        assertEquals("1039", expected.get(39).typedObject().resourceVersion());
    }

    @Test
    void multiByteUtf8SplitAcrossChunksDecodes() throws IOException {
        String stream = "{\"type\":\"ADDED\",\"object\":{\"metadata\":{\"name\":\"a\","
                + "\"annotations\":{\"note\":\"größe ✓ 日本 😀\"}}}}";
        byte[] bytes = stream.getBytes(StandardCharsets.UTF_8);

        for (long seed = 1; seed <= 5; seed++) {
            Pod pod = WatchDecoders.json(new TrickleInputStream(bytes, seed), ResourceType.PODS)
                    .decode()
                    .typedObject();
            assertEquals("größe ✓ 日本 😀", pod.metadata().annotations().get("note"));
        }
    }

    @Test
    void objectBeforeTypeAndExtraEnvelopeFieldsDecode() throws IOException {
        List<Event<Pod>> events = decodeAll(
                decoder("{\"object\":{\"metadata\":{\"name\":\"early\"}},\"extra\":[1,{\"x\":2}],\"type\":\"ADDED\"}\n"
                        + "{\"object\":{\"code\":500,\"message\":\"boom\"},\"type\":\"ERROR\"}"));

        assertEquals("early", events.get(0).typedObject().name());
        assertEquals(EventType.ADDED, events.get(0).type());
        assertEquals("boom", ((Status) events.get(1).status()).message());
    }

    static Stream<Arguments> malformedEvents() {
        return Stream.of(
                Arguments.of("not json", "invalid JSON"),
                Arguments.of("[1,2]", "expected '{' to start the event, found an array"),
                Arguments.of("\"ADDED\"", "expected '{' to start the event, found a string"),
                Arguments.of("{\"object\":{\"metadata\":{\"name\":\"b\"}}}", "missing \"type\""),
                Arguments.of("{\"type\":\"ADDED\"}", "missing \"object\""),
                Arguments.of("{\"type\":\"UPSERTED\",\"object\":{}}", "unknown event type \"UPSERTED\""),
                Arguments.of("{\"type\":\"added\",\"object\":{}}", "unknown event type \"added\""),
                Arguments.of("{\"type\":5,\"object\":{}}", "\"type\" is a number, expected a string"),
                Arguments.of("{\"type\":\"ADDED\",\"object\":null}", "\"object\" is null"),
                Arguments.of(
                        "{\"type\":\"ADDED\",\"object\":\"pod\"}", "\"object\" is a string, expected a JSON object"),
                Arguments.of(
                        "{\"type\":\"ADDED\",\"object\":{\"metadata\":\"oops\"}}",
                        "the object does not bind to dev.informer.api.Pod"),
                Arguments.of(
                        "{\"type\":\"ERROR\",\"object\":{\"code\":\"teapot\"}}",
                        "the object does not bind to dev.informer.api.Status"),
                Arguments.of("{\"type\":\"ADDED\" \"object\":{}}", "invalid JSON"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("malformedEvents")
    void malformedEventFailsNamingTheProblemAndItsNumber(String malformed, String problem) throws IOException {
        Decoder<Pod> decoder = decoder(ADDED + "\n" + malformed + "\n" + MODIFIED);
        assertEquals(EventType.ADDED, decoder.decode().type());

        DecodeException e = assertThrows(DecodeException.class, decoder::decode);

        assertTrue(e.getMessage().startsWith("watch event #2: "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains("(line 2, column"), e.getMessage());
    }

    @Test
    void decoderStaysFailedAfterADecodeError() throws IOException {
        Decoder<Pod> decoder = decoder("{\"type\":\"NOPE\",\"object\":{}}\n" + ADDED);
        assertThrows(DecodeException.class, decoder::decode);

        DecodeException again = assertThrows(DecodeException.class, decoder::decode);
        assertTrue(again.getMessage().contains("cannot be decoded past it"), again.getMessage());
    }

    @Test
    void streamEndingInsideAnEventIsAnEofNotADecodeError() throws IOException {
        Decoder<Pod> decoder = decoder(ADDED + "\n{\"type\":\"MODIFIED\",\"object\":{\"metadata\":{\"na");
        decoder.decode();

        EOFException e = assertThrows(EOFException.class, decoder::decode);
        assertTrue(e.getMessage().contains("#2"), e.getMessage());
    }

    @Test
    void streamFailureIsAnIOException() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("connection reset by peer");
            }
        };

        IOException e = assertThrows(IOException.class, WatchDecoders.json(failing, ResourceType.PODS)::decode);
        assertEquals("connection reset by peer", e.getMessage());
    }

    @Test
    void closeFromAnotherThreadUnblocksAPendingDecode() throws Exception {
        QuietConnection connection = new QuietConnection();
        Decoder<Pod> decoder = WatchDecoders.json(connection, ResourceType.PODS);
        CompletableFuture<Event<Pod>> pending = CompletableFuture.supplyAsync(() -> {
            try {
                return decoder.decode();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertTrue(connection.reading.await(10, TimeUnit.SECONDS), "the decoder is waiting for bytes");

        decoder.close();

        ExecutionException e = assertThrows(ExecutionException.class, () -> pending.get(10, TimeUnit.SECONDS));
        assertInstanceOf(java.io.UncheckedIOException.class, e.getCause());
        assertTrue(connection.isClosed());
    }

    @Test
    void decodeAfterCloseThrowsAndCloseIsIdempotent() {
        Decoder<Pod> decoder = decoder(ADDED);
        decoder.close();
        decoder.close();

        IOException e = assertThrows(IOException.class, decoder::decode);
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void constructingADecoderDoesNotReadTheStream() {
        QuietConnection connection = new QuietConnection();

        Decoder<Pod> decoder = WatchDecoders.json(connection, ResourceType.PODS);

        assertEquals(1, connection.reading.getCount(), "no read before the first decode()");
        decoder.close();
    }

    @Test
    void streamWatcherTurnsADecodeErrorIntoAnErrorEventThenEnds() throws InterruptedException {
        StreamWatcher<Pod> watch =
                StreamWatcher.of(decoder(ADDED + "\n{\"type\":\"ADDED\",\"object\":[]}\n" + MODIFIED));

        assertEquals(EventType.ADDED, watch.next().type());
        Event<Pod> error = watch.next();
        assertEquals(EventType.ERROR, error.type());
        ApiError status = (ApiError) error.status();
        assertTrue(status.message().contains("watch event #2"), status.message());
        assertNull(watch.next());
        assertTrue(watch.isStopped());
    }

    @Test
    void genericObjectsDecodeForCustomResources() throws IOException {
        ResourceType<GenericObject> crontabs =
                ResourceType.generic("stable.example.com", "v1", "crontabs", "CronTab", true);
        String stream = "{\"type\":\"ADDED\",\"object\":" + Fixtures.CRONTAB + "}";

        Event<GenericObject> event = WatchDecoders.json(
                        new TrickleInputStream(stream.getBytes(StandardCharsets.UTF_8), 3), crontabs)
                .decode();

        assertEquals("nightly", event.typedObject().name());
        assertEquals(2L, event.typedObject().getLong("spec", "replicas"));
    }

    @Test
    void watchEventWireFormRoundTripsThroughTheDecoder() throws IOException {
        Pod pod = ApiJson.readValue(Fixtures.POD, Pod.class);
        String stream = WatchEvent.of(Event.of(EventType.MODIFIED, pod)).toJson() + "\n"
                + WatchEvent.of(EventType.ERROR, Status.failure(410, "Expired", "gone"))
                        .toJson();

        List<Event<Pod>> events = decodeAll(decoder(stream));

        assertEquals(pod, events.get(0).typedObject());
        assertEquals(410, ((Status) events.get(1).status()).code());
        assertEquals(
                pod,
                WatchEvent.of(Event.of(EventType.ADDED, pod))
                        .toEvent(ResourceType.PODS)
                        .typedObject());
        assertThrows(IllegalArgumentException.class, () -> new WatchEvent("NOPE", Fixtures.tree("{}"))
                .toEvent(ResourceType.PODS));
    }
}
