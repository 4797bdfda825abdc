package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {

    @Test
    void untilReturnsOnceTheConditionHolds() {
        AtomicInteger polls = new AtomicInteger();
        Await.until("the third poll", () -> polls.incrementAndGet() >= 3);
        assertEquals(3, polls.get());
    }

    @Test
    void untilFailsAfterTheTimeoutNamingWhatItWaitedFor() {
        AssertionError error =
                assertThrows(AssertionError.class, () -> Await.until("never", () -> false, Duration.ofMillis(20)));
        assertEquals("timed out after PT0.02S waiting until never", error.getMessage());
    }

    @Test
    void untilDescribesTheStateReachedWhenItTimesOut() {
        AtomicInteger polls = new AtomicInteger();
        AssertionError error = assertThrows(
                AssertionError.class,
                () -> Await.until(
                        () -> "polled " + (polls.get() > 0), () -> polls.incrementAndGet() < 0, Duration.ofMillis(20)));
        assertEquals("timed out after PT0.02S waiting until polled true", error.getMessage());
    }

    @Test
    void parkedReturnsOnceTheThreadBlocksAndTerminatedOnceItEnds() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread waiter = new Thread(
                () -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "waiter");
        waiter.setDaemon(true);
        waiter.start();
        Await.parked(waiter);
        assertTrue(waiter.isAlive());
        release.countDown();
        Await.terminated(waiter);
        assertEquals(Thread.State.TERMINATED, waiter.getState());
    }
}
