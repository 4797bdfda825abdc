package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.kubelet.internal.ClockAndThreads;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * What the source builders ({@link FileSource.Builder}, {@link HttpSource.Builder}, {@link
 * ApiserverSource.Builder}) share: the injected clock and thread factory, and the node and the
 * channel, checked when the builder is made; {@link ManifestSourceBuilder} adds the settings of the
 * two manifest sources. The builders inherit these public setters, typed to return the builder
 * itself. Not thread-safe, as the builders.
 *
 * <p>A hand-written chain, not a generated base ({@code @GenerateBuilder}): a generated base is the
 * direct superclass of one builder, so each source would declare the shared settings, their docs and
 * checks again.
 *
 * @param <B> the builder's own type
 */
abstract class SourceBuilder<B extends SourceBuilder<B>> {

    /** The source's kind as its messages name it: {@code file}, {@code http} or {@code apiserver}. */
    final String kind;

    final ClockAndThreads threads;
    final String nodeName;
    final SourceChannel<PodUpdate> channel;

    /**
     * @throws NullPointerException if {@code nodeName} or {@code channel} is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty
     */
    SourceBuilder(String kind, String threadName, String nodeName, SourceChannel<PodUpdate> channel) {
        this.kind = kind;
        this.threads = new ClockAndThreads(threadName);
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.channel = Objects.requireNonNull(channel, "channel");
        if (nodeName.isEmpty()) {
            throw new IllegalArgumentException("the " + kind + " source needs a node name");
        }
    }

    /** This builder, typed as itself. */
    abstract B self();

    /**
     * The clock of all the built source's times and stamps (its period, the apiserver source's
     * reflector backoff); default the system clock.
     *
     * @throws NullPointerException if {@code clock} is {@code null}
     */
    public B clock(Clock clock) {
        threads.clock(clock);
        return self();
    }

    /**
     * Where the built source's threads come from (a file source's reader and watcher, an HTTP source's
     * polling thread, the apiserver source's reflector threads); default platform daemon threads named
     * after it ({@code pod-source-file-N}, {@code pod-source-http-N}, {@code pod-source-api-N}).
     *
     * @throws NullPointerException if {@code threadFactory} is {@code null}
     */
    public B threadFactory(ThreadFactory threadFactory) {
        threads.threadFactory(threadFactory);
        return self();
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
