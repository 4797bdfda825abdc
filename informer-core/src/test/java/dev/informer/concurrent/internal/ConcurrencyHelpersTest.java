package dev.informer.concurrent.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** The engine's shared lock, thread and wait helpers. */
class ConcurrencyHelpersTest {

    @Test
    void locksHoldTheLockDuringTheSectionAndReleaseItWhenTheSectionThrows() {
        ReentrantLock lock = new ReentrantLock();
        assertTrue(Locks.read(lock, lock::isHeldByCurrentThread));
        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> Locks.run(lock, () -> {
                    throw new IllegalStateException("boom");
                }));
        assertEquals("boom", thrown.getMessage());
        assertFalse(lock.isLocked());
    }

    @Test
    void threadsStartTheFactorysThreadAndNameTheOwnerWhenTheFactoryReturnsNull() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        Thread started = Threads.start(Thread::new, ran::countDown, "work queue");
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        started.join(TimeUnit.SECONDS.toMillis(10));

        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> Threads.start(task -> null, () -> {}, "work queue"));
        assertEquals("the work queue's thread factory returned null", e.getMessage());
    }

    @Test
    void waitsEndAtTheDeadlineOnTheClockOrAsSoonAsTheFlagIsSet() throws Exception {
        FakeClock clock = new FakeClock();
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        AtomicBoolean stop = new AtomicBoolean();

        long deadline = clock.nanoTime() + Duration.ofSeconds(1).toNanos();
        boolean[] reachedDeadline = new boolean[1];
        Thread waiter = new Thread(() -> {
            lock.lock();
            try {
                reachedDeadline[0] = Waits.untilDeadlineUnless(clock, lock, changed, deadline, stop::get);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        });
        waiter.start();
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        clock.step(Duration.ofSeconds(1));
        waiter.join(TimeUnit.SECONDS.toMillis(10));
        assertFalse(waiter.isAlive());
        assertTrue(reachedDeadline[0]);

        stop.set(true);
        lock.lock();
        try {
            assertFalse(Waits.untilDeadlineUnless(clock, lock, changed, clock.nanoTime() + 1_000, stop::get));
        } finally {
            lock.unlock();
        }
    }
}
