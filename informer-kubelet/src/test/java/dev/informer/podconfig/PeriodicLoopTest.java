package dev.informer.podconfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.concurrent.ThreadFactories;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The loop behind the file and http sources: nothing but close() ends it. */
class PeriodicLoopTest {

    private static final Duration PERIOD = Duration.ofSeconds(20);

    private final FakeClock clock = new FakeClock();
    private final LinkedBlockingQueue<Integer> rounds = new LinkedBlockingQueue<>();
    private PeriodicLoop loop;

    @AfterEach
    void close() {
        if (loop != null) {
            loop.close();
        }
    }

    private void start(PeriodicLoop.Action action) {
        loop = new PeriodicLoop(
                "test loop", action, clock, PERIOD, ThreadFactories.platformDaemon("periodic-loop-test"));
        loop.start();
    }

    /**
     * Starts a loop whose rounds add their number (from 1) to {@link #rounds}, then throw what {@code
     * failure} makes of that number (an interrupt, a runtime exception or an error), or nothing for null.
     */
    private void startRecording(IntFunction<Throwable> failure) {
        int[] count = {0};
        start(() -> {
            int round = ++count[0];
            rounds.add(round);
            Throwable thrown = failure.apply(round);
            if (thrown instanceof InterruptedException e) {
                throw e;
            } else if (thrown instanceof RuntimeException e) {
                throw e;
            } else if (thrown instanceof Error e) {
                throw e;
            }
        });
    }

    private int nextRound() throws InterruptedException {
        Integer round = rounds.poll(10, TimeUnit.SECONDS);
        assertNotNull(round, "no round within 10 s");
        return round;
    }

    private void nextPeriod() throws InterruptedException {
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)), "the loop waits for its period");
        clock.step(PERIOD);
    }

    @Test
    void aRoundThatThrowsAnErrorIsLoggedAndTheNextPeriodRunsAgain() throws Exception {
        startRecording(round -> round <= 2 ? new OutOfMemoryError("injected in round " + round) : null);
        assertEquals(1, nextRound());
        nextPeriod();
        assertEquals(2, nextRound(), "the thread survived the first error");
        nextPeriod();
        assertEquals(3, nextRound());
    }

    @Test
    void aRoundThatThrowsARuntimeExceptionIsRetriedAfterAPeriodNotAtOnce() throws Exception {
        startRecording(round -> new IllegalStateException("always"));
        assertEquals(1, nextRound());
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)), "a failed round waits for the period");
        assertEquals(0, rounds.size());
        clock.step(PERIOD);
        assertEquals(2, nextRound());
    }

    @Test
    void anInterruptThatIsNotCloseDoesNotEndTheLoop() throws Exception {
        startRecording(round -> round == 1 ? new InterruptedException("a stray interrupt, not close()") : null);
        assertEquals(1, nextRound());
        nextPeriod();
        assertEquals(2, nextRound(), "the loop went on");
    }

    @Test
    void aTriggerRunsARoundBeforeThePeriodEvenAfterAFailedRound() throws Exception {
        startRecording(round -> round == 1 ? new StackOverflowError("injected") : null);
        assertEquals(1, nextRound());
        assertTrue(clock.awaitWaiters(1, Duration.ofSeconds(10)));
        loop.trigger();
        assertEquals(2, nextRound());
    }

    @Test
    void closeEndsALoopBlockedInItsRound() throws Exception {
        start(() -> {
            rounds.add(1);
            new java.util.concurrent.CountDownLatch(1).await(); // blocks until interrupted
        });
        assertEquals(1, nextRound());
        loop.close();
        loop = null;
    }
}
