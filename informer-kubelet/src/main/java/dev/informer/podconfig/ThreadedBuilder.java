package dev.informer.podconfig;

import dev.informer.clock.Clock;
import dev.informer.kubelet.internal.ClockAndThreads;
import java.util.concurrent.ThreadFactory;

/**
 * What every builder of this package ({@link PodConfig.Builder} and the sources' builders) sets the
 * same way: the injected clock and thread factory, with their checks and defaults. The builders
 * inherit these public setters, typed to return the builder itself; {@link SourceBuilder} adds what
 * the sources share. Not thread-safe, as the builders.
 *
 * @param <B> the builder's own type
 */
abstract class ThreadedBuilder<B extends ThreadedBuilder<B>> {

    final ClockAndThreads threads;

    ThreadedBuilder(String threadName) {
        this.threads = new ClockAndThreads(threadName);
    }

    /** This builder, typed as itself. */
    abstract B self();

    /**
     * The clock of all the built object times and stamps (a source's period, the apiserver source's
     * reflector backoff, the pod config's first-seen annotation); default the system clock.
     *
     * @throws NullPointerException if {@code clock} is {@code null}
     */
    public B clock(Clock clock) {
        threads.clock(clock);
        return self();
    }

    /**
     * Where the built object's threads come from (a file source's reader and watcher, an HTTP source's
     * polling thread, the apiserver source's reflector threads, the pod config's channel threads);
     * default platform daemon threads named after it ({@code pod-source-file-N}, {@code
     * pod-source-http-N}, {@code pod-source-api-N}, {@code pod-config-N}).
     *
     * @throws NullPointerException if {@code threadFactory} is {@code null}
     */
    public B threadFactory(ThreadFactory threadFactory) {
        threads.threadFactory(threadFactory);
        return self();
    }
}
