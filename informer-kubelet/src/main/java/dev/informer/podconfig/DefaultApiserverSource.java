package dev.informer.podconfig;

import dev.informer.api.Pod;
import dev.informer.cache.ListerWatcher;
import dev.informer.cache.Reflector;
import dev.informer.client.ClientListerWatcher;
import dev.informer.store.KeyFunctions;
import dev.informer.store.Stores;
import dev.informer.store.UndeltaStore;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The apiserver source; see {@link ApiserverSource.Builder}. */
final class DefaultApiserverSource implements ApiserverSource {

    private static final Logger LOG = LoggerFactory.getLogger(ApiserverSource.class);

    private final Reflector<Pod> reflector;
    private final AtomicBoolean started = new AtomicBoolean();

    DefaultApiserverSource(ApiserverSource.Builder builder, ThreadFactory threadFactory) {
        SourceChannel<PodUpdate> channel = builder.channel;
        UndeltaStore<Pod> store =
                Stores.newUndeltaStore(KeyFunctions.metaNamespaceKey(), (List<Pod> pods) -> send(channel, pods));
        // The pods of every namespace bound to the node (the kubelet's NewListWatchFromClient with
        // spec.nodeName=<node>; the reflector sets no field selector of its own).
        String nodeName = builder.nodeName;
        ListerWatcher<Pod> nodePods = ClientListerWatcher.of(builder.pods, null, null, "spec.nodeName=" + nodeName);
        this.reflector = Reflector.builder(nodePods, store)
                .name("pod-config-apiserver-" + nodeName)
                .clock(builder.threads.clock())
                .threadFactory(threadFactory)
                .build();
    }

    /** Sends the store's pods; after the pod config has closed (before this source) the update is dropped. */
    static void send(SourceChannel<PodUpdate> channel, List<Pod> pods) {
        try {
            channel.send(PodUpdate.set(ConfigSources.API, pods));
        } catch (InterruptedException e) {
            // The reflector is stopping; its loop sees the flag.
            Thread.currentThread().interrupt();
        } catch (ChannelClosedException e) {
            // Shutting down: nobody takes updates any more, and this is not the store's failure.
            LOG.debug("The pod config is closed; dropping an update of {} pods from the API server", pods.size());
        }
    }

    @Override
    public String name() {
        return ConfigSources.API;
    }

    @Override
    public void start() {
        if (!started.compareAndSet(false, true) || reflector.isStopped()) {
            throw new IllegalStateException("the apiserver source has already been started or closed");
        }
        reflector.start();
    }

    @Override
    public void close() {
        reflector.close();
    }
}
