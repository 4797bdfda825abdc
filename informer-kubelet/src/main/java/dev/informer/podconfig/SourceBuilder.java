package dev.informer.podconfig;

import java.time.Duration;
import java.util.Objects;

/**
 * What the source builders ({@link FileSource.Builder}, {@link HttpSource.Builder}, {@link
 * ApiserverSource.Builder}) share besides the clock and threads: the node and the channel, checked
 * when the builder is made; {@link ManifestSourceBuilder} adds the settings of the two manifest
 * sources. Not thread-safe, as the builders.
 *
 * @param <B> the builder's own type
 */
abstract class SourceBuilder<B extends SourceBuilder<B>> extends ThreadedBuilder<B> {

    /** The source's kind as its messages name it: {@code file}, {@code http} or {@code apiserver}. */
    final String kind;

    final String nodeName;
    final SourceChannel<PodUpdate> channel;

    /**
     * @throws NullPointerException if {@code nodeName} or {@code channel} is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty
     */
    SourceBuilder(String kind, String threadName, String nodeName, SourceChannel<PodUpdate> channel) {
        super(threadName);
        this.kind = kind;
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.channel = Objects.requireNonNull(channel, "channel");
        if (nodeName.isEmpty()) {
            throw new IllegalArgumentException("the " + kind + " source needs a node name");
        }
    }

    /**
     * {@code duration}, checked to be positive.
     *
     * @throws IllegalArgumentException naming {@code what} if it is zero or negative
     */
    static Duration positive(Duration duration, String what) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive: " + duration);
        }
        return duration;
    }
}
