package dev.informer.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testsupport.TestThreads;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class FakeClockTest {

    @Test
    void stepMovesWallAndMonotonicTimeTogether() {
        FakeClock clock = new FakeClock(Instant.parse("2025-05-01T10:00:00Z"));
        long before = clock.nanoTime();
        clock.step(Duration.ofSeconds(90));
        assertEquals(Instant.parse("2025-05-01T10:01:30Z"), clock.now());
        assertEquals(Duration.ofSeconds(90).toNanos(), clock.nanoTime() - before);
    }

    @Test
    void stepBackwardsIsRejected() {
        FakeClock clock = new FakeClock();
        assertThrows(IllegalArgumentException.class, () -> clock.step(Duration.ofSeconds(-1)));
    }

    @Test
    void setTimeBackwardsMovesWallTimeOnly() {
        FakeClock clock = new FakeClock(Instant.parse("2025-05-01T10:00:00Z"));
        long nanos = clock.nanoTime();
        clock.setTime(Instant.parse("2025-05-01T09:00:00Z"));
        assertEquals(Instant.parse("2025-05-01T09:00:00Z"), clock.now());
        assertEquals(nanos, clock.nanoTime());
    }

    @Test
    void sleeperWakesOnlyWhenTimeReachesItsDeadline() throws Exception {
        FakeClock clock = new FakeClock();
        CountDownLatch woke = new CountDownLatch(1);
        Thread sleeper = TestThreads.startInterruptible("sleeper", () -> {
            clock.sleep(Duration.ofSeconds(10));
            woke.countDown();
        });
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(5)));

        clock.step(Duration.ofSeconds(9));
        assertFalse(woke.await(50, TimeUnit.MILLISECONDS), "woke a second early");
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(5)), "sleeper went back to waiting");

        clock.step(Duration.ofSeconds(1));
        assertTrue(woke.await(5, TimeUnit.SECONDS));
        sleeper.join(5_000);
        assertEquals(0, clock.waiterCount());
    }

    @Test
    void waitersSinceAReadingCountOnlyThreadsThatWaitedAgainAfterSeeingIt() throws Exception {
        FakeClock clock = new FakeClock();
        Thread sleeper = TestThreads.startInterruptible("sleeper", () -> clock.sleep(Duration.ofSeconds(10)));
        assertTrue(clock.awaitWaitersSince(1, 0, Duration.ofSeconds(5)));
        long later = Duration.ofSeconds(1).toNanos();
        assertFalse(
                clock.awaitWaitersSince(1, later, Duration.ofMillis(50)),
                "counted a thread that started waiting before the reading");

        clock.step(Duration.ofSeconds(1));

        assertTrue(
                clock.awaitWaitersSince(1, later, Duration.ofSeconds(5)),
                "the sleeper saw the stepped clock and waited again");
        clock.step(Duration.ofSeconds(9));
        sleeper.join(5_000);
        assertEquals(0, clock.waiterCount());
    }

    @Test
    void sleepOfZeroReturnsAtOnce() throws Exception {
        FakeClock clock = new FakeClock();
        clock.sleep(Duration.ZERO);
        assertFalse(clock.hasWaiters());
    }

    @Test
    void interruptEndsAWait() throws Exception {
        FakeClock clock = new FakeClock();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread sleeper = TestThreads.start("sleeper", () -> {
            try {
                clock.sleep(Duration.ofHours(1));
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(5)));
        sleeper.interrupt();
        sleeper.join(5_000);
        assertTrue(interrupted.get());
        assertFalse(clock.hasWaiters());
    }

    @Test
    void systemClockSleepsForRealTime() throws Exception {
        Clock clock = Clock.system();
        long start = clock.nanoTime();
        clock.sleep(Duration.ofMillis(20));
        assertTrue(clock.nanoTime() - start >= Duration.ofMillis(20).toNanos());
    }
}
