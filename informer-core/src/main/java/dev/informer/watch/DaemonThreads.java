package dev.informer.watch;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The default thread factory of this package: daemon threads named {@code prefix-N}. Thread-safe. */
final class DaemonThreads implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger counter = new AtomicInteger();

    DaemonThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable task) {
        Thread thread = new Thread(task, prefix + "-" + counter.incrementAndGet());
        // A forgotten watch or broadcaster must not keep the JVM alive.
        thread.setDaemon(true);
        return thread;
    }
}
