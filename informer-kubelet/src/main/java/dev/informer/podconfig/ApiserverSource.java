package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.client.ResourceClient;
import dev.informer.clock.Clock;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * A {@link PodSource} of the pods bound to one node on the API server (the kubelet's {@code
 * NewSourceApiserver}); see {@link Builder}.
 *
 * <p>Thread-safety and lifecycle as {@link PodSource}.
 */
public interface ApiserverSource extends PodSource {

    /**
     * A builder of an apiserver source sending on {@code channel} for node {@code nodeName}.
     *
     * @throws NullPointerException if an argument is {@code null}
     * @throws IllegalArgumentException if {@code nodeName} is empty
     */
    static Builder builder(ResourceClient<Pod> pods, String nodeName, SourceChannel<PodUpdate> channel) {
        return new Builder(pods, nodeName, channel);
    }

    /**
     * Configures the API server source (the kubelet's {@code NewSourceApiserver}): a {@link
     * dev.informer.cache.Reflector} lists and watches the pods of every namespace whose {@code
     * spec.nodeName} is the node's, into an {@link dev.informer.store.UndeltaStore} that sends a SET of
     * all of them ({@link ConfigSources#API}) after every change, including the first (possibly empty)
     * list. Reflector failures are retried with the reflector's backoff. Not thread-safe; {@link
     * #build()} may be called more than once.
     */
    final class Builder {

        final ResourceClient<Pod> pods;
        final SourceSettings settings;

        private Builder(ResourceClient<Pod> pods, String nodeName, SourceChannel<PodUpdate> channel) {
            this.pods = Objects.requireNonNull(pods, "pods");
            this.settings = new SourceSettings("apiserver", "pod-source-api", nodeName, channel);
        }

        /** The reflector's clock (backoff); default the system clock. */
        public Builder clock(Clock clock) {
            settings.clock(clock);
            return this;
        }

        /** Where the reflector's threads come from; default daemon threads. */
        public Builder threadFactory(ThreadFactory threadFactory) {
            settings.threadFactory(threadFactory);
            return this;
        }

        /** A new, not yet started, apiserver source. */
        public ApiserverSource build() {
            return new DefaultApiserverSource(this, settings.threadFactory());
        }
    }
}
