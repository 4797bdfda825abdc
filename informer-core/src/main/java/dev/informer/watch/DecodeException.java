package dev.informer.watch;

import dev.informer.errors.InformerException;

/**
 * A watch event that could not be decoded (invalid JSON, a missing {@code type} or {@code object},
 * an unknown event type, an object that does not bind to the expected class). The message names the
 * problem and, where known, the offending event's position in the stream. Unchecked.
 */
public class DecodeException extends InformerException {

    private static final long serialVersionUID = 1L;

    public DecodeException(String message) {
        super(message);
    }

    public DecodeException(String message, Throwable cause) {
        super(message, cause);
    }
}
