package dev.informer.labels;

import dev.informer.errors.InformerException;

/**
 * A label or field selector that cannot be parsed or uses a field the resource does not support.
 *
 * <p>The message is the one kube-apiserver puts in its 400 BadRequest {@code Status} for the
 * same input, and it is an {@link IllegalArgumentException} because it always means bad input (for example {@code field label not supported: spec.foo} or {@code unable to parse
 * requirement: ...}), so the server can return it unchanged. Unchecked; immutable.
 */
public final class SelectorException extends InformerException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with the message a client will see. */
    public SelectorException(String message) {
        super(message);
    }
}
