package dev.informer.watch;

import static org.junit.jupiter.api.Assertions.fail;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Test helpers: run a blocking call on its own thread, and step a fake clock until a condition holds. */
final class Concurrency {

    static final Duration PATIENCE = Await.TIMEOUT;

    private Concurrency() {}

    /** Runs {@code call} on a new daemon thread; the future completes with its result or exception. */
    static <R> CompletableFuture<R> async(String name, Callable<R> call) {
        CompletableFuture<R> result = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        result.complete(call.call());
                    } catch (Exception | AssertionError e) {
                        result.completeExceptionally(e);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }

    /**
     * Steps {@code clock} by {@code step} whenever at least {@code waiters} threads wait on it, until
     * {@code done} holds; after each step gives the woken threads a moment (bounded) to run, so that a
     * waiter that has not yet noticed the step is not stepped past.
     */
    static void stepClockUntil(FakeClock clock, int waiters, Duration step, BooleanSupplier done) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out stepping the clock (now " + clock.nanoTime() + "ns) without progress");
            }
            if (clock.waiterCount() >= waiters) {
                clock.step(step);
                long settle = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
                while (clock.waiterCount() >= waiters && !done.getAsBoolean() && System.nanoTime() - settle < 0) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
            } else {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
    }

    /** The future's value, waiting at most {@link #PATIENCE}. */
    static <R> R await(CompletableFuture<R> future) throws Exception {
        try {
            return future.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }
}
