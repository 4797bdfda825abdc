package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What the source builders ({@link FileSource.Builder}, {@link HttpSource.Builder}, {@link
 * ApiserverSource.Builder}) share, with its checks and defaults: the node and the channel, the clock and
 * the thread factory, and for the two manifest sources the period, the manifest size cap and the
 * invalid-manifest listener. Each builder keeps its own public setters (and their documentation) and
 * delegates to one of these. Not thread-safe, as the builders.
 */
final class SourceSettings {

    /** The source's kind as its messages name it: {@code file}, {@code http} or {@code apiserver}. */
    private final String kind;
    /** The name of the default threads. */
    private final String threadName;

    final String nodeName;
    final SourceChannel<PodUpdate> channel;
    Duration period = Duration.ofSeconds(20);
    Clock clock = Clock.system();
    long maxManifestBytes = PodSource.DEFAULT_MAX_MANIFEST_BYTES;
    Consumer<? super InvalidManifestException> listener = problem -> {};

    private @Nullable ThreadFactory threadFactory;

    /**
     * @throws NullPointerException if {@code nodeName} or {@code channel} is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty
     */
    SourceSettings(String kind, String threadName, String nodeName, SourceChannel<PodUpdate> channel) {
        this.kind = kind;
        this.threadName = threadName;
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

    void period(Duration period) {
        this.period = positive(period, kind + " source period");
    }

    void maxManifestBytes(long bytes) {
        this.maxManifestBytes = Manifests.checkCap(bytes);
    }

    void onInvalidManifest(Consumer<? super InvalidManifestException> listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    void clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    void threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /** The thread factory set, else daemon threads named after the source. */
    ThreadFactory threadFactory() {
        return threadFactory != null ? threadFactory : ThreadFactories.platformDaemon(threadName);
    }
}
