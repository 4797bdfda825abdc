package dev.informer.workqueue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/** A thread factory that remembers every thread it made, so tests can join them. Thread-safe. */
final class RecordingThreadFactory implements ThreadFactory {

    final List<Thread> threads = new CopyOnWriteArrayList<>();

    @Override
    public Thread newThread(Runnable runnable) {
        Thread thread = new Thread(runnable, "test-workqueue-" + (threads.size() + 1));
        thread.setDaemon(true);
        threads.add(thread);
        return thread;
    }
}
