package dev.informer.podconfig;

import dev.informer.clock.Clock;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * A {@link PodSource} polling static pod manifests, a Pod or a PodList, from a URL (the kubelet's
 * {@code --manifest-url}); see {@link Builder} for the polling and how it treats bad answers.
 *
 * <p>Thread-safety and lifecycle as {@link PodSource}.
 */
public interface HttpSource extends PodSource {

    /**
     * A builder of an HTTP source sending on {@code channel} for node {@code nodeName}.
     *
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty or {@code url} is not http or https
     */
    static Builder builder(URI url, String nodeName, SourceChannel<PodUpdate> channel) {
        return new Builder(url, nodeName, channel);
    }

    /**
     * Configures the HTTP source (the kubelet's {@code --manifest-url}): {@code GET url} at start and
     * every {@link #period} (default 20 s) on the injected clock, with the configured request headers.
     * A 200 answer holding a Pod or a PodList (YAML or JSON) is sent as a SET; a body identical to the
     * previous one is not decoded or sent again; an empty body sends an empty SET. A failed request or a
     * non-200 answer (whose body is not read) is logged with the URL and the reason, throttled to debug
     * level after three in a row, and the last good set stays in force. A body above {@link
     * #maxManifestBytes} (at most that many bytes plus one are read) or an invalid body is one {@link
     * InvalidManifestException} line naming the URL, reported once per content (WARN and the {@link
     * #onInvalidManifest listener}), and the last good set stays in force; invalid or duplicate items of
     * a list (a {@code null} container, say) are logged and skipped, the rest are sent. A poll that
     * fails as a whole is logged at ERROR and retried the next period: the polling thread does not
     * die. Not thread-safe; {@link #build()} may be called more than once.
     */
    final class Builder {

        final URI url;
        final SourceSettings settings;
        Duration timeout = Duration.ofSeconds(10);
        final Map<String, List<String>> headers = new LinkedHashMap<>();

        @Nullable
        OkHttpClient client;

        private Builder(URI url, String nodeName, SourceChannel<PodUpdate> channel) {
            this.url = Objects.requireNonNull(url, "url");
            this.settings = new SourceSettings("http", "pod-source-http", nodeName, channel);
            String scheme = url.getScheme();
            if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
                throw new IllegalArgumentException("manifest URL must be http or https: " + url);
            }
        }

        /**
         * How often the URL is polled; default 20 s.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder period(Duration period) {
            settings.period(period);
            return this;
        }

        /**
         * The time limit of one request; default 10 s.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder timeout(Duration timeout) {
            this.timeout = SourceSettings.positive(timeout, "http source timeout");
            return this;
        }

        /**
         * The largest body accepted, in bytes; default {@link PodSource#DEFAULT_MAX_MANIFEST_BYTES}
         * (10 MiB, the kubelet's {@code maxConfigLength}). A larger body is rejected after reading at
         * most this many bytes plus one (at once when its Content-Length says so).
         *
         * @throws IllegalArgumentException if not between 1 byte and 1 GiB
         */
        public Builder maxManifestBytes(long bytes) {
            settings.maxManifestBytes(bytes);
            return this;
        }

        /**
         * Also tells {@code listener} of each invalid or oversized body, once per content (as it is
         * logged at WARN); called on the polling thread, so it should be quick; what it throws is logged
         * and ignored. Items skipped from a PodList are only logged. Default: nothing besides the log.
         */
        public Builder onInvalidManifest(Consumer<? super InvalidManifestException> listener) {
            settings.onInvalidManifest(listener);
            return this;
        }

        /** Adds a request header (the kubelet's {@code --manifest-url-header}); repeatable. */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            headers.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
            return this;
        }

        /** The HTTP client to derive the source's client from; default a new one. */
        public Builder client(OkHttpClient client) {
            this.client = Objects.requireNonNull(client, "client");
            return this;
        }

        /** The clock of the period; default the system clock. */
        public Builder clock(Clock clock) {
            settings.clock(clock);
            return this;
        }

        /** Where the polling thread comes from; default a daemon thread. */
        public Builder threadFactory(ThreadFactory threadFactory) {
            settings.threadFactory(threadFactory);
            return this;
        }

        /** A new, not yet started, http source. */
        public HttpSource build() {
            return new DefaultHttpSource(this, settings.threadFactory());
        }
    }
}
