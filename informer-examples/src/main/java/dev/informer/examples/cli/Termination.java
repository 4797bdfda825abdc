package dev.informer.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How a long-running command ends on SIGTERM or SIGINT: with exit status 0 (not the JVM's 143)
 * within {@link #DEFAULT_GRACE} plus a moment, in every phase of the command.
 *
 * <p>On the signal the JVM runs this shutdown hook, which marks the stop as requested, runs the
 * actions registered with {@link #onRequest(Runnable)} (typically: release a latch the main thread
 * waits on, or close a component), interrupts the main thread if it is inside {@link
 * #interruptibly(InterruptibleTask)} (for waits that have no other way to be woken, such as the
 * initial cache sync), and then waits up to the grace period for the main thread to clean up (stop
 * workers, release a leader Lease) and {@link #close()} this object. Then it flushes the command's
 * writers and halts the JVM with status 0, whether or not the clean-up finished.
 *
 * <p>When the command ends by itself (success or failure), {@link #close()} removes the hook, so the
 * exit status stays the command's own.
 *
 * <p>Thread-safe: the main thread calls {@link #interruptibly}, {@link #isRequested()}, {@link
 * #await()} and {@link #close()}; the hook runs on the JVM's shutdown thread. Actions run on the hook
 * thread, in registration order; an action that throws is skipped (the halt still happens).
 *
 * <p>Example code shared across the examples' packages, not a library API.
 */
public final class Termination implements AutoCloseable {

    /** How long the hook waits for the main thread's clean-up before it halts the JVM. */
    static final Duration DEFAULT_GRACE = Duration.ofMillis(2500);

    /** A wait that the hook may interrupt. */
    @FunctionalInterface
    public interface InterruptibleTask<T> {
        T run() throws InterruptedException;
    }

    private final Thread mainThread;
    private final Duration grace;
    private final List<PrintWriter> writers;
    private final Thread hook;
    private final CountDownLatch requested = new CountDownLatch(1);
    private final CountDownLatch cleanedUp = new CountDownLatch(1);
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private final List<Runnable> actions = new ArrayList<>();
    // @GuardedBy("lock")
    private boolean mainInterruptible;

    private Termination(String name, Duration grace, List<PrintWriter> writers) {
        this.mainThread = Thread.currentThread();
        this.grace = grace;
        this.writers = List.copyOf(writers);
        this.hook = new Thread(this::onSignal, name + "-shutdown");
    }

    /**
     * Registers the shutdown hook for the calling (main) thread.
     *
     * @param name    the command's name, for the hook thread's name
     * @param writers flushed before the halt (the command's standard output and error)
     */
    public static Termination install(String name, PrintWriter... writers) {
        return install(name, DEFAULT_GRACE, writers);
    }

    public static Termination install(String name, Duration grace, PrintWriter... writers) {
        Objects.requireNonNull(name, "name");
        Termination termination = new Termination(name, Objects.requireNonNull(grace, "grace"), List.of(writers));
        Runtime.getRuntime().addShutdownHook(termination.hook);
        return termination;
    }

    /** Runs {@code action} on the hook thread when the signal comes; at once if it has come already. */
    public void onRequest(Runnable action) {
        Objects.requireNonNull(action, "action");
        synchronized (lock) {
            if (requested.getCount() > 0) {
                actions.add(action);
                return;
            }
        }
        action.run();
    }

    /** Whether the signal has come. */
    public boolean isRequested() {
        return requested.getCount() == 0;
    }

    /** Blocks until the signal comes. */
    public void await() throws InterruptedException {
        requested.await();
    }

    /**
     * Runs {@code task} on the calling thread; a signal during it interrupts this thread. Any
     * interrupt the signal left pending is cleared on return, so clean-up after it is not disturbed.
     *
     * @throws InterruptedException if the signal came before or during the task
     */
    public <T> T interruptibly(InterruptibleTask<T> task) throws InterruptedException {
        synchronized (lock) {
            if (isRequested()) {
                throw new InterruptedException("stop requested");
            }
            mainInterruptible = true;
        }
        try {
            return task.run();
        } finally {
            synchronized (lock) {
                mainInterruptible = false;
                if (isRequested()) {
                    Thread.interrupted(); // ours: do not let it disturb the clean-up
                }
            }
        }
    }

    /**
     * {@link #interruptibly} for a command that ends with status 0 when stopped: runs {@code task} and
     * tells whether it completed.
     *
     * @return true if {@code task} completed; false if the signal came before or during it
     * @throws InterruptedException if the thread was interrupted for another reason
     */
    public boolean runUnlessStopped(InterruptibleTask<?> task) throws InterruptedException {
        try {
            interruptibly(task);
            return true;
        } catch (InterruptedException e) {
            if (isRequested()) {
                return false;
            }
            throw e;
        }
    }

    /**
     * The command is done: after a signal, lets the hook halt with status 0 at once; otherwise removes
     * the hook so the command's own exit status stands.
     */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is shutting down (a signal): the hook is waiting for us.
        }
        cleanedUp.countDown();
    }

    private void onSignal() {
        List<Runnable> toRun;
        synchronized (lock) {
            requested.countDown();
            toRun = List.copyOf(actions);
            actions.clear();
            if (mainInterruptible) {
                mainThread.interrupt();
            }
        }
        for (Runnable action : toRun) {
            try {
                action.run();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(Termination.class).debug("a stop action failed", e);
            }
        }
        try {
            cleanedUp.await(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (PrintWriter writer : writers) {
            writer.flush();
        }
        System.err.flush();
        Runtime.getRuntime().halt(0);
    }
}
