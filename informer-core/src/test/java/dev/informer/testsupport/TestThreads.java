package dev.informer.testsupport;

/** Starts the threads a test needs: named daemon threads, so that a stuck one never keeps the test JVM alive. */
public final class TestThreads {

    /** A body that may block interruptibly. */
    @FunctionalInterface
    public interface Interruptible {
        /** Runs the body; an interrupt ends it with {@link InterruptedException}. */
        void run() throws InterruptedException;
    }

    private TestThreads() {}

    /** Starts {@code task} on a new daemon thread named {@code name} and returns the thread. */
    public static Thread start(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * Starts {@code task} on a new daemon thread named {@code name} and returns the thread; an interrupt ends the task,
     * and the thread keeps its interrupt flag.
     */
    public static Thread startInterruptible(String name, Interruptible task) {
        return start(name, () -> {
            try {
                task.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
