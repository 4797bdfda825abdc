package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ExponentialBackoffTest {

    private static final BackoffPolicy NO_JITTER =
            new BackoffPolicy(Duration.ofMillis(800), 2.0, Duration.ofSeconds(30), 0.0, Duration.ofMinutes(2));

    @Test
    void delaysDoubleFromInitialUpToTheCap() {
        ExponentialBackoff backoff = new ExponentialBackoff(NO_JITTER, new FakeClock(), new Random(1));
        long[] expectedMillis = {800, 1600, 3200, 6400, 12800, 25600, 30000, 30000};
        for (long expected : expectedMillis) {
            assertEquals(Duration.ofMillis(expected), backoff.next());
        }
    }

    @Test
    void delayResetsAfterAHealthyPeriodLongerThanResetAfter() {
        FakeClock clock = new FakeClock();
        ExponentialBackoff backoff = new ExponentialBackoff(NO_JITTER, clock, new Random(1));
        backoff.next();
        backoff.next();
        assertEquals(Duration.ofMillis(3200), backoff.next());
        clock.step(Duration.ofMinutes(2).plusMillis(1));
        assertEquals(Duration.ofMillis(800), backoff.next());
    }

    @Test
    void delayDoesNotResetWithinResetAfter() {
        FakeClock clock = new FakeClock();
        ExponentialBackoff backoff = new ExponentialBackoff(NO_JITTER, clock, new Random(1));
        backoff.next();
        clock.step(Duration.ofMinutes(2));
        assertEquals(Duration.ofMillis(1600), backoff.next());
    }

    @Test
    void jitterStretchesEachDelayByLessThanItsFraction() {
        BackoffPolicy policy = BackoffPolicy.reflectorDefault();
        ExponentialBackoff backoff = new ExponentialBackoff(policy, new FakeClock(), new Random(42));
        long base = 800;
        for (int i = 0; i < 10; i++) {
            long millis = backoff.next().toMillis();
            assertTrue(
                    millis >= base && millis < 2 * base,
                    "delay " + millis + " outside [" + base + ", " + 2 * base + ")");
            base = Math.min(base * 2, 30_000);
        }
    }

    @Test
    void policyRejectsOutOfRangeValuesNamingTheField() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new BackoffPolicy(Duration.ZERO, 2.0, Duration.ofSeconds(1), 0, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("initial"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> new BackoffPolicy(Duration.ofSeconds(1), 0.5, Duration.ofSeconds(1), 0, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("factor"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> new BackoffPolicy(Duration.ofSeconds(2), 2, Duration.ofSeconds(1), 0, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("cap"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class,
                () -> new BackoffPolicy(Duration.ofSeconds(1), 2, Duration.ofSeconds(1), -1, Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("jitter"), e.getMessage());
    }
}
