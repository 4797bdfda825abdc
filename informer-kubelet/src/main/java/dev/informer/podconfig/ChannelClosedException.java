package dev.informer.podconfig;

import dev.informer.errors.InformerException;

/**
 * Thrown by a {@link SourceChannel} or by {@link PodConfig#take()} once the pipeline has been
 * closed: nothing more can be sent, and the consumer has taken every update that was queued.
 */
public final class ChannelClosedException extends InformerException {

    private static final long serialVersionUID = 1L;

    /** An exception naming the closed channel. */
    public ChannelClosedException(String channel) {
        super("channel " + channel + " is closed");
    }
}
