package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.client.ResourceClient;
import java.util.Objects;

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
     * list. Reflector failures are retried with the reflector's backoff, on the builder's clock; the
     * reflector's threads come from its thread factory. Not thread-safe; {@link #build()} may be called
     * more than once.
     */
    final class Builder extends SourceBuilder<Builder> {

        final ResourceClient<Pod> pods;

        private Builder(ResourceClient<Pod> pods, String nodeName, SourceChannel<PodUpdate> channel) {
            super("apiserver", "pod-source-api", nodeName, channel);
            this.pods = Objects.requireNonNull(pods, "pods");
        }

        @Override
        Builder self() {
            return this;
        }

        /** A new, not yet started, apiserver source. */
        public ApiserverSource build() {
            return new DefaultApiserverSource(this, threads.threadFactory());
        }
    }
}
