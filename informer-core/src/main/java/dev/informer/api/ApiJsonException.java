package dev.informer.api;

import dev.informer.errors.InformerException;
import org.jspecify.annotations.Nullable;

/**
 * JSON that does not bind to the expected class, or an object that cannot be written as JSON. The
 * message names the class and, for reads, the position and the JSON path of the problem. I/O
 * failures are not reported with this type: they stay {@link java.io.IOException}s.
 */
public class ApiJsonException extends InformerException {

    private static final long serialVersionUID = 1L;

    public ApiJsonException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
