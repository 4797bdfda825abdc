package dev.informer.client.internal;

import dev.informer.api.Status;
import dev.informer.watch.DecodeException;
import dev.informer.watch.Decoder;
import dev.informer.watch.Event;
import dev.informer.watch.EventType;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * Decodes a watch response, a sequence of {@code {"type": ..., "object": ...}} JSON objects
 * (newline-delimited or simply concatenated), straight from the response stream.
 *
 * <p>One Jackson {@link JsonParser} reads the whole stream: the event envelope is walked token by
 * token and the {@code object} value is bound directly from the same parser to {@code T} (to {@link
 * Status} for ERROR events), so no event is copied into a per-line String or byte array. An object
 * that arrives before its {@code type} (legal JSON, never sent by the API server) is read into a
 * tree first and bound once the type is known. Events split across reads in any way decode the
 * same, because the parser pulls bytes as it needs them.
 *
 * <p>Outcomes of {@link #decode()}: the next event; {@code null} at a clean end of the stream
 * (between events); {@link EOFException} when the stream ends inside an event (as client-go, the
 * watch then ends quietly); {@link IOException} when the stream fails or the decoder was closed;
 * {@link DecodeException} naming the event's number in the stream (counting from 1), the problem
 * and the position for invalid JSON, a value that is not an object, a missing or non-string {@code
 * type}, an unknown type, a missing or {@code null} {@code object}, or an object that does not bind.
 * After a {@code DecodeException} the stream cannot be resynchronised: every later call throws
 * again.
 *
 * <p>One thread decodes; {@link #close()} may be called from any thread: it closes the stream
 * (which unblocks a pending read) and releases the parser once no decode is running, so the
 * parser's pooled buffers are never released under a running decode. The parser is created on the
 * first {@code decode()}, so constructing the decoder never blocks on the network.
 *
 * @param <T> the object type
 */
public final class JsonWatchDecoder<T> implements Decoder<T> {

    private final InputStream in;
    private final ObjectMapper mapper;
    private final Class<T> type;
    private final ObjectReader objectReader;
    private final ObjectReader statusReader;
    private final ObjectReader treeReader;
    private final ReentrantLock decodeLock = new ReentrantLock();
    private volatile boolean closed;

    // @GuardedBy("decodeLock"); created by the first decode() (creating it reads the stream)
    @SuppressWarnings("NullAway.Init") // every reader runs after decode() created it
    private JsonParser parser;
    // @GuardedBy("decodeLock"): the number of events started so far (the current event's number)
    private long eventNumber;
    // @GuardedBy("decodeLock"): the first DecodeException's message, once the stream is unusable
    private @Nullable String failure;
    // @GuardedBy("decodeLock"): the class the current object is being bound to, for error messages
    private @Nullable Class<?> bindTarget;

    /**
     * A decoder of {@code in} binding objects to {@code type} with {@code mapper}. The decoder owns
     * the stream and closes it.
     */
    public JsonWatchDecoder(InputStream in, Class<T> type, ObjectMapper mapper) {
        this.in = Objects.requireNonNull(in, "in");
        this.type = Objects.requireNonNull(type, "type");
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        // The object is one value inside the event: what follows it belongs to the envelope.
        this.objectReader = mapper.readerFor(type).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.statusReader = mapper.readerFor(Status.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        this.treeReader = mapper.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    @Override
    public @Nullable Event<T> decode() throws IOException {
        if (closed) {
            throw new IOException("the watch decoder is closed");
        }
        decodeLock.lock();
        try {
            return decodeLocked();
        } finally {
            decodeLock.unlock();
            releaseParserIfClosed();
        }
    }

    private @Nullable Event<T> decodeLocked() throws IOException {
        if (failure != null) {
            throw new DecodeException(failure);
        }
        try {
            if (parser == null) {
                parser = mapper.createParser(in);
            }
            eventNumber++;
            JsonToken start = parser.nextToken();
            if (start == null) {
                eventNumber--;
                return null;
            }
            bindTarget = type;
            if (start != JsonToken.START_OBJECT) {
                throw fail("expected '{' to start the event, found " + describe(start), parser.currentTokenLocation());
            }
            return readEventLocked();
        } catch (JacksonIOException e) {
            throw closed ? new IOException("the watch decoder is closed", e.getCause()) : e.getCause();
        } catch (UnexpectedEndOfInputException e) {
            EOFException eof = new EOFException("the watch stream ended inside event #" + eventNumber);
            eof.initCause(e);
            throw eof;
        } catch (StreamReadException e) {
            throw fail("invalid JSON: " + e.getOriginalMessage(), e.getLocation(), e);
        } catch (JacksonException e) {
            // A databind failure; an I/O failure under it stays an I/O failure.
            IOException io = ioCause(e);
            if (io != null) {
                throw io;
            }
            Class<?> target = bindTarget == null ? type : bindTarget;
            throw fail(
                    "the object does not bind to " + target.getName() + ": " + e.getOriginalMessage() + pathOf(e),
                    e.getLocation(),
                    e);
        }
    }

    // The parser is on the event's START_OBJECT.
    private Event<T> readEventLocked() {
        EventType eventType = null;
        Object object = null;
        JsonNode earlyObject = null;
        boolean sawObject = false;
        String name;
        while ((name = parser.nextName()) != null) {
            if ("type".equals(name)) {
                eventType = readTypeLocked();
            } else if ("object".equals(name)) {
                JsonToken value = parser.nextToken();
                if (value == JsonToken.VALUE_NULL) {
                    throw fail("\"object\" is null", parser.currentTokenLocation());
                }
                if (value != JsonToken.START_OBJECT) {
                    throw fail(
                            "\"object\" is " + describe(value) + ", expected a JSON object",
                            parser.currentTokenLocation());
                }
                sawObject = true;
                if (eventType != null) {
                    object = bindLocked(eventType);
                } else {
                    earlyObject = treeReader.readValue(parser);
                }
            } else {
                parser.nextToken();
                parser.skipChildren();
            }
        }
        if (parser.currentToken() != JsonToken.END_OBJECT) {
            throw fail(
                    "expected a property name or '}', found " + describe(parser.currentToken()),
                    parser.currentTokenLocation());
        }
        if (eventType == null) {
            throw fail("missing \"type\"", parser.currentTokenLocation());
        }
        if (!sawObject) {
            throw fail("missing \"object\"", parser.currentTokenLocation());
        }
        if (earlyObject != null) {
            bindTarget = eventType == EventType.ERROR ? Status.class : type;
            object = eventType == EventType.ERROR
                    ? statusReader.treeToValue(earlyObject, Status.class)
                    : objectReader.treeToValue(earlyObject, type);
        }
        return new Event<>(eventType, Objects.requireNonNull(object, "object")); // set once sawObject
    }

    private EventType readTypeLocked() {
        JsonToken value = parser.nextToken();
        if (value != JsonToken.VALUE_STRING) {
            throw fail("\"type\" is " + describe(value) + ", expected a string", parser.currentTokenLocation());
        }
        String name = parser.getString();
        return switch (name) {
            case "ADDED" -> EventType.ADDED;
            case "MODIFIED" -> EventType.MODIFIED;
            case "DELETED" -> EventType.DELETED;
            case "BOOKMARK" -> EventType.BOOKMARK;
            case "ERROR" -> EventType.ERROR;
            default -> throw fail("unknown event type \"" + name + "\"", parser.currentTokenLocation());
        };
    }

    private Object bindLocked(EventType eventType) {
        bindTarget = eventType == EventType.ERROR ? Status.class : type;
        return eventType == EventType.ERROR ? statusReader.readValue(parser) : objectReader.readValue(parser);
    }

    private DecodeException fail(String problem, @Nullable TokenStreamLocation location) {
        return fail(problem, location, null);
    }

    private DecodeException fail(String problem, @Nullable TokenStreamLocation location, @Nullable Throwable cause) {
        StringBuilder message = new StringBuilder("watch event #")
                .append(eventNumber)
                .append(": ")
                .append(problem);
        if (location != null && !TokenStreamLocation.NA.equals(location)) {
            message.append(" (line ")
                    .append(location.getLineNr())
                    .append(", column ")
                    .append(location.getColumnNr())
                    .append(')');
        }
        failure = message + "; the stream cannot be decoded past it";
        return cause == null ? new DecodeException(message.toString()) : new DecodeException(message.toString(), cause);
    }

    private static String pathOf(JacksonException e) {
        String path = e.getPathReference();
        return path == null || path.isEmpty() ? "" : " at " + path;
    }

    private static @Nullable IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
    }

    private static String describe(@Nullable JsonToken token) {
        if (token == null) {
            return "the end of the stream";
        }
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> token.asString() == null ? token.name() : "'" + token.asString() + "'";
        };
    }

    @Override
    public void close() {
        closed = true;
        try {
            in.close();
        } catch (IOException e) {
            // Closing only ends the watch; a failure to close the socket changes nothing for the caller.
        }
        releaseParserIfClosed();
    }

    // Whichever of close() and a running decode() finishes last releases the parser.
    private void releaseParserIfClosed() {
        if (closed && decodeLock.tryLock()) {
            try {
                if (parser != null) {
                    parser.close();
                }
            } catch (JacksonException e) {
                // The stream is already closed; nothing is left to release.
            } finally {
                decodeLock.unlock();
            }
        }
    }
}
