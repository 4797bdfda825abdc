package dev.informer.kubelet.internal;

import dev.informer.clock.Clock;
import dev.informer.concurrent.ThreadFactories;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import org.jspecify.annotations.Nullable;

/**
 * The clock and thread factory the pod sources' builders take (in {@code podconfig}; the pod config's
 * and the status manager's builders hold theirs in generated settings), with their checks and
 * defaults: the system clock, and platform daemon threads named after the built source. The builders
 * keep their public setters and delegate here. Not thread-safe, as the builders.
 */
public final class ClockAndThreads {

    /** The name of the default threads. */
    private final String threadName;

    private Clock clock = Clock.system();
    private @Nullable ThreadFactory threadFactory;

    /** Settings whose default threads are named {@code threadName-N}. */
    public ClockAndThreads(String threadName) {
        this.threadName = threadName;
    }

    /**
     * Sets the clock.
     *
     * @throws NullPointerException if {@code clock} is {@code null}
     */
    public void clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** The clock set, else the system clock. */
    public Clock clock() {
        return clock;
    }

    /**
     * Sets the thread factory.
     *
     * @throws NullPointerException if {@code threadFactory} is {@code null}
     */
    public void threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /** The thread factory set, else platform daemon threads named after the built object. */
    public ThreadFactory threadFactory() {
        return threadFactory != null ? threadFactory : ThreadFactories.platformDaemon(threadName);
    }
}
