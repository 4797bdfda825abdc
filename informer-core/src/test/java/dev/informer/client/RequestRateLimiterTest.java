package dev.informer.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** client-go's flowcontrol throttle_test.go cases, on a fake clock. */
class RequestRateLimiterTest {

    private final FakeClock clock = new FakeClock();

    @Test
    void burstIsAvailableAtOnceThenPermitsComeAtTheSteadyRate() {
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(1, 3, clock);
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        assertFalse(limiter.tryAcquire(), "the burst is spent");

        clock.step(Duration.ofMillis(999));
        assertFalse(limiter.tryAcquire(), "not a whole token yet");
        clock.step(Duration.ofMillis(1));
        assertTrue(limiter.tryAcquire(), "one token per second");
        assertFalse(limiter.tryAcquire());
    }

    @Test
    void idleTimeRefillsNoMoreThanTheBurst() {
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(10, 2, clock);
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        clock.step(Duration.ofHours(1));
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        assertFalse(limiter.tryAcquire());
    }

    @Test
    void acquireReturnsAtOnceWithinTheBurstAndThenWaitsForTheClock() throws Exception {
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(2, 2, clock);
        limiter.acquire();
        limiter.acquire();

        AtomicInteger acquired = new AtomicInteger();
        Thread waiter = new Thread(() -> {
            try {
                limiter.acquire();
                acquired.incrementAndGet();
                limiter.acquire();
                acquired.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        waiter.setDaemon(true);
        waiter.start();
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        assertEquals(0, acquired.get());

        clock.step(Duration.ofMillis(500)); // 2 qps: one token per 500 ms
        Await.until("first permit", () -> acquired.get() == 1);
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        clock.step(Duration.ofMillis(499));
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        assertEquals(1, acquired.get(), "the second waits a full period");
        clock.step(Duration.ofMillis(1));
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertEquals(2, acquired.get());
    }

    @Test
    void waitersAreServedInTurnOneTokenEach() throws Exception {
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(1, 1, clock);
        limiter.acquire();
        AtomicInteger acquired = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            Thread waiter = new Thread(() -> {
                try {
                    limiter.acquire();
                    acquired.incrementAndGet();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                done.countDown();
            });
            waiter.setDaemon(true);
            waiter.start();
        }
        assertTrue(clock.awaitWaiters(3, Await.TIMEOUT));
        for (int second = 1; second <= 3; second++) {
            clock.step(Duration.ofSeconds(1));
            int expected = second;
            Await.until(expected + " permits", () -> acquired.get() == expected);
        }
        assertTrue(done.await(10, TimeUnit.SECONDS));
    }

    @Test
    void anInterruptedWaitThrowsAndGivesItsReservationBack() throws Exception {
        RequestRateLimiter limiter = RequestRateLimiter.tokenBucket(1, 1, clock);
        limiter.acquire();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                limiter.acquire();
                outcome.set(new AssertionError("acquired without a token"));
            } catch (InterruptedException e) {
                outcome.set(e);
            }
        });
        waiter.setDaemon(true);
        waiter.start();
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        waiter.interrupt();
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertTrue(outcome.get() instanceof InterruptedException, String.valueOf(outcome.get()));

        clock.step(Duration.ofSeconds(1));
        assertTrue(limiter.tryAcquire(), "the cancelled reservation does not delay the next caller");
    }

    @Test
    void rejectsABadRateOrBurst() {
        assertThrows(IllegalArgumentException.class, () -> RequestRateLimiter.tokenBucket(0, 1, clock));
        assertThrows(IllegalArgumentException.class, () -> RequestRateLimiter.tokenBucket(Double.NaN, 1, clock));
        assertThrows(IllegalArgumentException.class, () -> RequestRateLimiter.tokenBucket(5, 0, clock));
        assertThrows(
                IllegalArgumentException.class, () -> ClientConfig.builder().qps(-1));
        assertThrows(
                IllegalArgumentException.class, () -> ClientConfig.builder().burst(0));
    }

    @Test
    void clientConfigHasNoLimiterByDefaultAndClientGosIsOneSettingAway() {
        ClientConfig plain =
                ClientConfig.builder().server("https://example.com").build();
        assertEquals(0, plain.qps());
        assertTrue(plain.newRateLimiter().isEmpty());

        ClientConfig clientGo =
                ClientConfig.builder().server("https://example.com").qps(5).build();
        assertEquals(10, clientGo.burst());
        assertEquals(5, clientGo.newRateLimiter().orElseThrow().qps());
        assertTrue(clientGo.toString().contains("qps=5.0, burst=10"), clientGo.toString());
    }
}
