package dev.informer.podconfig;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The settings the two manifest sources ({@link FileSource.Builder}, {@link HttpSource.Builder})
 * share, with their checks and defaults: the period, the manifest size cap and the invalid-manifest
 * listener. Not thread-safe, as the builders.
 *
 * @param <B> the builder's own type
 */
abstract class ManifestSourceBuilder<B extends ManifestSourceBuilder<B>> extends SourceBuilder<B> {

    Duration period = Duration.ofSeconds(20);
    long maxManifestBytes = PodSource.DEFAULT_MAX_MANIFEST_BYTES;
    Consumer<? super InvalidManifestException> listener = problem -> {};

    ManifestSourceBuilder(String kind, String threadName, String nodeName, SourceChannel<PodUpdate> channel) {
        super(kind, threadName, nodeName, channel);
    }

    /**
     * How often the file source reads its path again, or the HTTP source polls its URL; default 20 s.
     *
     * @throws IllegalArgumentException if not positive
     */
    public B period(Duration period) {
        this.period = positive(period, kind + " source period");
        return self();
    }

    /**
     * The largest manifest accepted, in bytes; default {@link PodSource#DEFAULT_MAX_MANIFEST_BYTES}
     * (10 MiB, the kubelet's limit of a manifest URL's body, its {@code maxConfigLength}). A larger file
     * is rejected by its size without being read; a larger HTTP body after reading at most this many
     * bytes plus one (at once when its Content-Length says so).
     *
     * @throws IllegalArgumentException if not between 1 byte and 1 GiB
     */
    public B maxManifestBytes(long bytes) {
        this.maxManifestBytes = Manifests.checkCap(bytes);
        return self();
    }

    /**
     * Also tells {@code listener} of each invalid manifest (an invalid or oversized file or HTTP body),
     * once per content (as it is logged at WARN); called on the source's thread, so it should be quick;
     * what it throws is logged and ignored. Items skipped from an HTTP PodList are only logged. Default:
     * nothing besides the log.
     *
     * @throws NullPointerException if {@code listener} is {@code null}
     */
    public B onInvalidManifest(Consumer<? super InvalidManifestException> listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return self();
    }
}
