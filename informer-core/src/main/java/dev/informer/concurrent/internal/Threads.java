package dev.informer.concurrent.internal;

import java.util.concurrent.ThreadFactory;

/** Starting the engine's background threads from the injected {@link ThreadFactory}. Stateless. */
public final class Threads {

    private Threads() {}

    /**
     * Makes a thread for {@code task} with {@code factory} and starts it.
     *
     * @param owner names the owner of the factory in the error, e.g. {@code "work queue"}
     * @return the started thread
     * @throws IllegalStateException naming {@code owner} if the factory returned {@code null}
     */
    public static Thread start(ThreadFactory factory, Runnable task, String owner) {
        Thread thread = factory.newThread(task);
        if (thread == null) {
            throw new IllegalStateException("the " + owner + "'s thread factory returned null");
        }
        thread.start();
        return thread;
    }
}
