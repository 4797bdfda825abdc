package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class LeaderContextTest {

    private final FakeClock clock = new FakeClock();
    private final DefaultLeaderContext context = new DefaultLeaderContext("baz", clock);

    /** Waits up to {@code timeout} for cancellation on another thread; the future holds whether it came. */
    private CompletableFuture<Boolean> awaitCancellationAsync(Duration timeout) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return context.awaitCancellation(timeout);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void timedWaitEndsWhenTheTimeoutPassesOnTheClock() throws Exception {
        CompletableFuture<Boolean> result = awaitCancellationAsync(Duration.ofSeconds(5));
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(20)));
        clock.step(Duration.ofSeconds(5));
        assertFalse(result.get(20, TimeUnit.SECONDS));
        assertFalse(context.isCancelled());
    }

    @Test
    void timedWaitEndsWhenCancelled() throws Exception {
        CompletableFuture<Boolean> result = awaitCancellationAsync(Duration.ofHours(1));
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(20)));
        context.cancel();
        assertTrue(result.get(20, TimeUnit.SECONDS));
        assertTrue(context.isCancelled());
        assertEquals("baz", context.identity());
    }

    @Test
    void cancellationInterruptsTheLeadingThreadWhoseWaitThenReturnsNormally() throws Exception {
        AtomicBoolean returnedNormally = new AtomicBoolean();
        AtomicBoolean interruptKept = new AtomicBoolean();
        Thread leading = new Thread(() -> {
            try {
                context.awaitCancellation();
                returnedNormally.set(true);
                interruptKept.set(Thread.currentThread().isInterrupted());
            } catch (InterruptedException e) {
                returnedNormally.set(false);
            }
        });
        leading.start();
        context.attach(leading);
        Await.until("leading thread waits", () -> leading.getState() == Thread.State.WAITING, Await.LONG_TIMEOUT);

        context.cancel();
        leading.join(20_000);
        assertFalse(leading.isAlive());
        assertTrue(returnedNormally.get());
        assertTrue(interruptKept.get(), "the interrupt is kept for code after the wait");
    }

    @Test
    void anInterruptBeforeCancellationIsAnError() {
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, context::awaitCancellation);
        assertFalse(Thread.interrupted());
    }

    @Test
    void attachingAfterCancellationInterruptsAtOnce() {
        context.cancel();
        context.attach(Thread.currentThread());
        assertTrue(Thread.interrupted());
    }
}
