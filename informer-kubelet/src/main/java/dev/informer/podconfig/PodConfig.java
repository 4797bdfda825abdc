package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * Merges many pod sources into one ordered stream of {@link PodUpdate}s (the kubelet's {@code
 * PodConfig}): a {@link Mux} with one {@link SourceChannel} per source feeds a {@link PodStorage},
 * whose updates go to one bounded consumer queue.
 *
 * <p><b>Capacity and back-pressure.</b> The consumer queue holds {@link Builder#updatesCapacity(int)
 * Builder.updatesCapacity} updates (50 by default, as the kubelet). When it is full the merge waits,
 * then the source channels fill ({@link Builder#channelCapacity(int) Builder.channelCapacity}, 1 by
 * default) and the sources' {@code send} blocks. Nothing is dropped.
 *
 * <p><b>Ordering.</b> The updates of one merge are queued together in the order of the storage's
 * {@link NotificationMode}; merges of different sources do not interleave.
 *
 * <p><b>Threads.</b> One thread per source channel, from the builder's {@link ThreadFactory}.
 * All methods are thread-safe. {@link #close()} is idempotent: it stops the channel threads,
 * refuses further sends ({@link ChannelClosedException}), and lets the consumer drain the queue;
 * {@link #take()} then throws {@link ChannelClosedException}.
 */
public interface PodConfig extends AutoCloseable {

    /** A builder with the kubelet's defaults (incremental mode, 50 queued updates). */
    static Builder builder() {
        return new Builder();
    }

    /**
     * The channel of {@code source}, created on first use; the source counts for {@link
     * #seenAllSources} from then on.
     *
     * @throws ChannelClosedException after {@link #close()}
     */
    SourceChannel<PodUpdate> channel(String source);

    /** The sources whose channels exist. */
    Set<String> sources();

    /**
     * Whether {@code seenSources} holds every source of this config and each of them has sent at
     * least one {@link PodOperation#SET} (the kubelet's {@code SeenAllSources}).
     */
    boolean seenAllSources(Set<String> seenSources);

    /**
     * The next merged update, blocking until there is one.
     *
     * @throws ChannelClosedException once closed and drained
     * @throws InterruptedException if interrupted while waiting
     */
    PodUpdate take() throws InterruptedException;

    /**
     * The next merged update, waiting at most {@code timeout} (real time); {@code null} if none came.
     *
     * @throws ChannelClosedException once closed and drained
     * @throws InterruptedException if interrupted while waiting
     */
    @Nullable
    PodUpdate poll(Duration timeout) throws InterruptedException;

    /**
     * Queues a {@link PodOperation#SET} of all pods of all sources, from {@link ConfigSources#ALL}.
     *
     * @throws InterruptedException if interrupted while the queue is full
     */
    void sync() throws InterruptedException;

    /** A snapshot of all pods of all sources. */
    List<Pod> mergedState();

    /** Stops the pipeline; see the type's documentation. */
    @Override
    void close();

    /**
     * Configures a {@link PodConfig}; its clock stamps the first-seen annotation, its thread factory
     * makes the channel threads. Not thread-safe; each {@link #build()} gives a new config. The setters
     * are generated (from {@code PodConfigSettings}).
     */
    final class Builder extends PodConfigSettingsBuilderBase {

        private Builder() {
            from(new PodConfigSettings(
                    Clock.system(), ThreadFactories.platformDaemon("pod-config"), NotificationMode.INCREMENTAL, 50, 1));
        }

        /** A new pod config. */
        public PodConfig build() {
            PodConfigSettings settings = settings();
            return new DefaultPodConfig(
                    settings.mode(),
                    settings.updatesCapacity(),
                    settings.channelCapacity(),
                    settings.clock(),
                    settings.threadFactory());
        }
    }
}
