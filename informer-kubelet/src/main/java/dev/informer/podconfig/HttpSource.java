package dev.informer.podconfig;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
     * die. Its clock times the period, and its thread factory makes the polling thread. Not
     * thread-safe; {@link #build()} may be called more than once.
     */
    final class Builder extends ManifestSourceBuilder<Builder> {

        final URI url;
        Duration timeout = Duration.ofSeconds(10);
        final Map<String, List<String>> headers = new LinkedHashMap<>();

        @Nullable
        OkHttpClient client;

        private Builder(URI url, String nodeName, SourceChannel<PodUpdate> channel) {
            super("http", "pod-source-http", nodeName, channel);
            this.url = Objects.requireNonNull(url, "url");
            String scheme = url.getScheme();
            if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
                throw new IllegalArgumentException("manifest URL must be http or https: " + url);
            }
        }

        @Override
        Builder self() {
            return this;
        }

        /**
         * The time limit of one request; default 10 s.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder timeout(Duration timeout) {
            this.timeout = positive(timeout, "http source timeout");
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

        /** A new, not yet started, http source. */
        public HttpSource build() {
            return new DefaultHttpSource(this, threads.threadFactory());
        }
    }
}
