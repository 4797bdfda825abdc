package dev.informer.cache;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A one-way "stop now" signal shared by whoever should stop together (the role of Go's {@code
 * context.Context} cancellation in client-go's {@code RunWithContext}): {@link
 * SharedInformer#start(CancellationToken)} stops the informer when the token is cancelled, and {@link
 * SharedInformer#run(CancellationToken)} blocks until then.
 *
 * <p>Thread-safe. A token is cancelled at most once; {@link #cancel()} is idempotent. Callbacks
 * registered with {@link #onCancel} run exactly once, on the thread that cancels (or at once on the
 * registering thread if the token is cancelled already), in registration order; they must not block.
 * A callback that throws is logged and the others still run.
 */
public final class CancellationToken {

    private static final Logger LOG = LoggerFactory.getLogger(CancellationToken.class);

    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final Object lock = new Object();
    // @GuardedBy("lock") null once cancelled
    private @Nullable List<Runnable> callbacks = new ArrayList<>();

    /** A token that is not cancelled. */
    public CancellationToken() {}

    /** Cancels the token and runs its callbacks; does nothing if already cancelled. */
    public void cancel() {
        List<Runnable> toRun;
        synchronized (lock) {
            if (callbacks == null) {
                return;
            }
            toRun = callbacks;
            callbacks = null;
            cancelled.countDown();
        }
        for (Runnable callback : toRun) {
            runQuietly(callback);
        }
    }

    /** Whether {@link #cancel()} has been called. */
    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    /**
     * Blocks until the token is cancelled.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitCancellation() throws InterruptedException {
        cancelled.await();
    }

    /**
     * Blocks until the token is cancelled or {@code timeout} (real time) has passed; returns whether it
     * is cancelled.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitCancellation(Duration timeout) throws InterruptedException {
        return cancelled.await(Objects.requireNonNull(timeout, "timeout").toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Runs {@code callback} when the token is cancelled, or now if it is cancelled already. A callback
     * stays registered until then (tokens are meant to be short-lived or few).
     */
    public void onCancel(Runnable callback) {
        Objects.requireNonNull(callback, "callback");
        synchronized (lock) {
            if (callbacks != null) {
                callbacks.add(callback);
                return;
            }
        }
        runQuietly(callback);
    }

    private static void runQuietly(Runnable callback) {
        try {
            callback.run();
        } catch (RuntimeException e) {
            LOG.warn("a cancellation callback {} threw {}; the other callbacks still run", callback, e.toString());
            LOG.debug("the cancellation callback's failure", e);
        }
    }

    @Override
    public String toString() {
        return "CancellationToken[" + (isCancelled() ? "cancelled" : "active") + "]";
    }
}
