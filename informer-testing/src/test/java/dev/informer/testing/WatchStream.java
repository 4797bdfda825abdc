package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A watch stream read by its own thread into a queue of items: whole lines, then exactly one
 * end item (a clean end of stream, a truncated last line, or an I/O error).
 */
final class WatchStream implements AutoCloseable {
    static final Duration WAIT = Duration.ofSeconds(20);

    /** What a stream delivered. */
    sealed interface Item permits Line, End {}

    record Line(String text) implements Item {}

    /** The end: {@code partial} is an unterminated last line, {@code error} an I/O failure. */
    record End(String partial, IOException error) implements Item {
        boolean clean() {
            return partial == null && error == null;
        }
    }

    private final BlockingQueue<Item> items = new LinkedBlockingQueue<>();
    private final InputStream body;
    final int status;

    private WatchStream(int status, InputStream body) {
        this.status = status;
        this.body = body;
        Thread reader = new Thread(this::read, "test-watch-reader");
        reader.setDaemon(true);
        reader.start();
    }

    static WatchStream open(HttpClient client, URI uri) {
        HttpRequest req = HttpRequest.newBuilder(uri).GET().build();
        try {
            HttpResponse<InputStream> r = client.send(req, HttpResponse.BodyHandlers.ofInputStream());
            return new WatchStream(r.statusCode(), r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("watch " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void read() {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buf = new byte[16 * 1024];
        try {
            int n;
            while ((n = body.read(buf)) >= 0) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        items.add(new Line(line.toString(StandardCharsets.UTF_8)));
                        line.reset();
                    } else {
                        line.write(buf[i]);
                    }
                }
            }
            items.add(new End(line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8), null));
        } catch (IOException e) {
            items.add(new End(line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8), e));
        }
    }

    /** The next item, failing the test after {@code timeout}. */
    Item nextItem(Duration timeout) {
        try {
            Item i = items.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (i == null) {
                fail("no watch item within " + timeout);
            }
            return i;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The next line, which must be a JSON watch event. */
    JsonNode next() {
        Item i = nextItem(WAIT);
        if (i instanceof Line l) {
            return TestApi.JSON.readTree(l.text());
        }
        return fail("expected an event, the stream ended: " + i);
    }

    /** The next event, skipping BOOKMARKs. */
    JsonNode nextNonBookmark() {
        while (true) {
            JsonNode e = next();
            if (!"BOOKMARK".equals(e.path("type").asString())) {
                return e;
            }
        }
    }

    /** The next event, which must have this type; returns its object. */
    JsonNode expect(String type) {
        JsonNode e = next();
        assertEquals(type, e.path("type").asString(), () -> "event: " + e);
        assertNotNull(e.get("object"));
        return e.get("object");
    }

    /** The next event must be {@code type} of the object named {@code name}. */
    JsonNode expect(String type, String name) {
        JsonNode o = expect(type);
        assertEquals(name, o.path("metadata").path("name").asString(), () -> "object: " + o);
        return o;
    }

    /** Nothing arrives within {@code quiet} (a bounded negative check). */
    void expectNothing(Duration quiet) {
        try {
            Item i = items.poll(quiet.toMillis(), TimeUnit.MILLISECONDS);
            if (i != null) {
                fail("expected no watch item, got " + i);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Reads until the end, returning the lines before it and the end item. */
    List<String> drainUntilEnd(List<End> endOut) {
        List<String> lines = new ArrayList<>();
        while (true) {
            Item i = nextItem(WAIT);
            if (i instanceof Line l) {
                lines.add(l.text());
            } else {
                endOut.add((End) i);
                return lines;
            }
        }
    }

    /** The end item, after skipping any lines. */
    End awaitEnd() {
        List<End> end = new ArrayList<>();
        drainUntilEnd(end);
        return end.get(0);
    }

    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException e) {
            // the stream is being abandoned; nothing to report
        }
    }
}
