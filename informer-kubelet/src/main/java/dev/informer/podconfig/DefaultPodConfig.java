package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/** {@link PodConfig}: a mux feeding a pod storage that delivers to a bounded queue. */
final class DefaultPodConfig implements PodConfig {

    private final BoundedChannel<PodUpdate> updates;
    private final PodStorage storage;
    private final Mux<PodUpdate> mux;

    DefaultPodConfig(
            NotificationMode mode, int updatesCapacity, int channelCapacity, Clock clock, ThreadFactory threadFactory) {
        this.updates = new BoundedChannel<>("pod config updates", updatesCapacity);
        this.storage = new DefaultPodStorage(mode, updates::put, clock);
        this.mux = new DefaultMux<>(storage, threadFactory, channelCapacity);
    }

    @Override
    public SourceChannel<PodUpdate> channel(String source) {
        return mux.channel(source);
    }

    @Override
    public Set<String> sources() {
        return mux.sources();
    }

    @Override
    public boolean seenAllSources(Set<String> seenSources) {
        Set<String> sources = mux.sources();
        return seenSources.containsAll(sources) && storage.seenSources(sources);
    }

    @Override
    public PodUpdate take() throws InterruptedException {
        return updates.take();
    }

    @Override
    public @Nullable PodUpdate poll(Duration timeout) throws InterruptedException {
        return updates.poll(timeout);
    }

    @Override
    public void sync() throws InterruptedException {
        storage.sync();
    }

    @Override
    public List<Pod> mergedState() {
        return storage.mergedState();
    }

    @Override
    public void close() {
        mux.close();
        updates.close();
    }
}
