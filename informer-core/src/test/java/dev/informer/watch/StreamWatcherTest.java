package dev.informer.watch;

import static dev.informer.watch.Concurrency.async;
import static dev.informer.watch.Concurrency.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Await;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class StreamWatcherTest {

    /** A decoder fed by the test; close() unblocks a pending decode() as a closed socket would. */
    private static final class QueueDecoder implements Decoder<String> {
        private static final Object END = new Object();
        private static final Object CLOSED = new Object();
        private final LinkedBlockingQueue<Object> items = new LinkedBlockingQueue<>();
        private final AtomicInteger closes = new AtomicInteger();

        void feed(Event<String> event) {
            items.add(event);
        }

        void fail(Exception failure) {
            items.add(failure);
        }

        void end() {
            items.add(END);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Event<String> decode() throws IOException {
            Object item;
            try {
                item = items.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted");
            }
            if (item == END) {
                return null;
            }
            if (item == CLOSED) {
                throw new IOException("stream closed");
            }
            if (item instanceof IOException io) {
                throw io;
            }
            if (item instanceof RuntimeException runtime) {
                throw runtime;
            }
            return (Event<String>) item;
        }

        @Override
        public void close() {
            closes.incrementAndGet();
            items.add(CLOSED);
        }
    }

    @Test
    void deliversDecodedEventsAndStopEndsTheWatch() throws Exception {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);

        decoder.feed(Event.of(EventType.ADDED, "foo"));
        assertEquals(Event.of(EventType.ADDED, "foo"), watch.next());
        watch.stop();

        assertNull(watch.next());
        assertTrue(watch.isStopped());
        assertEquals(1, decoder.closes.get(), "the watch owns and closes its decoder");
    }

    @Test
    void decodeErrorBecomesAnErrorEventThenTheWatchEnds() throws Exception {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);
        decoder.fail(new DecodeException("unexpected character '}' in event 3"));
        decoder.feed(Event.of(EventType.ADDED, "never read"));

        Event<String> error = watch.next();

        assertEquals(EventType.ERROR, error.type());
        ApiError status = assertInstanceOf(ApiError.class, error.status());
        assertEquals(500, status.code());
        assertEquals("InternalError", status.reason());
        assertTrue(status.message().contains("unexpected character '}' in event 3"), status.message());
        assertNull(watch.next(), "the watch ends after the decode error");
        assertEquals(1, decoder.closes.get());
    }

    @Test
    void stopFromAnotherThreadUnblocksAWaitingConsumer() throws Exception {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);
        CompletableFuture<Event<String>> waiting = async("consumer", watch::next);
        Await.until("the consumer waits in decode()", () -> !waiting.isDone() && decoder.items.isEmpty());

        watch.stop();

        assertNull(await(waiting));
        assertNull(watch.next());
    }

    @Test
    void cleanEndOfStreamEndsTheWatchWithoutAnError() throws Exception {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);
        decoder.feed(Event.of(EventType.MODIFIED, "a"));
        decoder.end();

        assertEquals(EventType.MODIFIED, watch.next().type());
        assertNull(watch.next());
        assertTrue(watch.isStopped());
        assertEquals(1, decoder.closes.get());
    }

    @Test
    void ioFailureEndsTheWatchWithoutAnErrorEvent() throws Exception {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);
        decoder.fail(new IOException("connection reset"));

        assertNull(watch.next(), "the reflector restarts the watch; no ERROR event is invented");
        assertTrue(watch.isStopped());
    }

    @Test
    void interruptedConsumerGetsInterruptedException() {
        QueueDecoder decoder = new QueueDecoder();
        StreamWatcher<String> watch = StreamWatcher.of(decoder);
        Thread.currentThread().interrupt();
        try {
            org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class, watch::next);
        } finally {
            Thread.interrupted();
        }
        assertFalse(watch.isStopped());
    }
}
