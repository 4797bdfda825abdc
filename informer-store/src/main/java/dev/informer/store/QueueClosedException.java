package dev.informer.store;

import dev.informer.errors.InformerException;

/**
 * Thrown by {@link Queue#pop} (of a {@link DeltaFifo} or a {@link RealFifo}) once the queue has been {@linkplain Queue#close() closed}
 * and holds no more items (client-go's {@code ErrFIFOClosed}): the consumer loop should exit.
 */
public final class QueueClosedException extends InformerException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with the standard message. */
    public QueueClosedException() {
        super("queue closed: nothing more to pop");
    }
}
