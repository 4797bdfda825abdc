package dev.informer.testing.internal;

import dev.informer.errors.InformerException;
import java.util.Objects;

/**
 * A patch that cannot be applied, with the HTTP status kube-apiserver answers for it.
 *
 * <ul>
 *   <li>{@code 400} (BadRequest): the patch document itself is malformed, e.g. a strategic merge
 *       patch that is not an object, an unknown {@code $patch} directive, a JSON Patch that is not
 *       an array of objects;
 *   <li>{@code 413} (RequestEntityTooLarge): a JSON Patch with more than 10,000 operations;
 *   <li>{@code 422} (Invalid): a well-formed patch that does not apply to this object, e.g. a
 *       failed JSON Patch {@code test}, a missing path, lists of lists in a strategic merge.
 * </ul>
 *
 * <p>The message names the path and operation. Unchecked; immutable.
 */
public final class PatchException extends InformerException {
    private static final long serialVersionUID = 1L;

    private final int httpCode;

    /** Creates the exception; {@code httpCode} is the status the server should answer. */
    public PatchException(int httpCode, String message) {
        super(message);
        this.httpCode = httpCode;
    }

    /** The message it was created with, naming the path and operation (never null). */
    @Override
    public String getMessage() {
        return Objects.requireNonNullElse(super.getMessage(), "");
    }

    /** The HTTP status code to answer: 400, 413 or 422. */
    public int httpCode() {
        return httpCode;
    }

    /** The Kubernetes {@code Status.reason} for {@link #httpCode()}. */
    public String reason() {
        return switch (httpCode) {
            case 400 -> "BadRequest";
            case 413 -> "RequestEntityTooLarge";
            case 422 -> "Invalid";
            default -> "";
        };
    }

    static PatchException badRequest(String message) {
        return new PatchException(400, message);
    }

    static PatchException unprocessable(String message) {
        return new PatchException(422, message);
    }
}
