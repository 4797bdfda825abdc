package dev.informer.podconfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link Mux} with one bounded channel and one merging thread per source. */
final class DefaultMux<T> implements Mux<T> {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultMux.class);

    private final Merger<T> merger;
    private final ThreadFactory threadFactory;
    private final int channelCapacity;
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private final Map<String, Channel> channels = new LinkedHashMap<>();
    // @GuardedBy("lock")
    private boolean closed;

    DefaultMux(Merger<T> merger, ThreadFactory threadFactory, int channelCapacity) {
        this.merger = Objects.requireNonNull(merger, "merger");
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
        if (channelCapacity < 1) {
            throw new IllegalArgumentException("mux channel capacity must be at least 1: " + channelCapacity);
        }
        this.channelCapacity = channelCapacity;
    }

    @Override
    public SourceChannel<T> channel(String source) {
        Objects.requireNonNull(source, "source");
        if (source.isEmpty()) {
            throw new IllegalArgumentException("a source name must not be empty");
        }
        synchronized (lock) {
            if (closed) {
                throw new ChannelClosedException(source);
            }
            Channel channel = channels.get(source);
            if (channel == null) {
                channel = new Channel(source);
                channels.put(source, channel);
                channel.start();
            }
            return channel;
        }
    }

    @Override
    public Set<String> sources() {
        synchronized (lock) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(channels.keySet()));
        }
    }

    @Override
    public void close() {
        List<Channel> toStop;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            toStop = new ArrayList<>(channels.values());
        }
        for (Channel channel : toStop) {
            channel.queue.close();
            channel.thread.interrupt();
        }
        for (Channel channel : toStop) {
            if (channel.thread != Thread.currentThread()) {
                try {
                    channel.thread.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private final class Channel implements SourceChannel<T>, Runnable {
        private final String source;
        private final BoundedChannel<T> queue;
        private final Thread thread;

        Channel(String source) {
            this.source = source;
            this.queue = new BoundedChannel<>("source " + source, channelCapacity);
            this.thread = threadFactory.newThread(this);
        }

        void start() {
            thread.start();
        }

        @Override
        public String source() {
            return source;
        }

        @Override
        public void send(T update) throws InterruptedException {
            queue.put(update);
        }

        @Override
        public boolean offer(T update, Duration timeout) throws InterruptedException {
            return queue.offer(update, timeout);
        }

        @Override
        public void run() {
            while (true) {
                T update;
                try {
                    update = queue.take();
                } catch (InterruptedException | ChannelClosedException e) {
                    return;
                }
                try {
                    merger.merge(source, update);
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    LOG.error("Merging an update from source {} failed; continuing with the next update", source, e);
                }
            }
        }

        @Override
        public String toString() {
            return queue.toString();
        }
    }
}
