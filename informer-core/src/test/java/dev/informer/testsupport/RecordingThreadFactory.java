package dev.informer.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/**
 * A thread factory that remembers every thread it made, so tests can join them: daemon threads named by a prefix
 * and their number (from 1). Thread-safe.
 */
public final class RecordingThreadFactory implements ThreadFactory {

    private final String prefix;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    /** A factory whose threads are named {@code prefix} followed by their number. */
    public RecordingThreadFactory(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable runnable) {
        Thread thread = new Thread(runnable, prefix + (threads.size() + 1));
        thread.setDaemon(true);
        threads.add(thread);
        return thread;
    }

    /** Every thread made so far, in order (a live, thread-safe view). */
    public List<Thread> threads() {
        return threads;
    }
}
