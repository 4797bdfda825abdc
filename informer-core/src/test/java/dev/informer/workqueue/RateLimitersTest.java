package dev.informer.workqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** client-go's default_rate_limiters_test.go behaviours, the token bucket on a fake clock, and bad input. */
class RateLimitersTest {

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    /**
     * Fails "one" five times and "two" twice, asserting each delay ({@code delays} are the first five; "two" starts
     * over at the first) and each item's count, then forgets "one" and asserts that it starts over too.
     */
    private static void assertPerItemDelaysUntilForgotten(RateLimiter<String> limiter, Duration... delays) {
        for (int i = 0; i < 5; i++) {
            assertEquals(delays[i], limiter.when("one"), "failure " + (i + 1) + " of one");
        }
        assertEquals(5, limiter.numRequeues("one"));

        assertEquals(delays[0], limiter.when("two"));
        assertEquals(delays[1], limiter.when("two"));
        assertEquals(2, limiter.numRequeues("two"));

        limiter.forget("one");
        assertEquals(0, limiter.numRequeues("one"));
        assertEquals(delays[0], limiter.when("one"));
    }

    @Test
    void exponentialFailureDoublesPerItemUntilForgotten() {
        RateLimiter<String> limiter = RateLimiters.itemExponentialFailure(ms(1), Duration.ofSeconds(1));
        assertPerItemDelaysUntilForgotten(limiter, ms(1), ms(2), ms(4), ms(8), ms(16));
        assertEquals(2, limiter.numRequeues("two"), "forgetting one item keeps the others");
    }

    @Test
    void exponentialFailureIsCappedAndNeverOverflows() {
        RateLimiter<String> limiter = RateLimiters.itemExponentialFailure(ms(1), Duration.ofSeconds(1000));
        for (int i = 0; i < 5; i++) {
            limiter.when("one");
        }
        assertEquals(ms(32), limiter.when("one"));
        for (int i = 0; i < 1000; i++) {
            limiter.when("overflow1");
        }
        assertEquals(Duration.ofSeconds(1000), limiter.when("overflow1"));

        RateLimiter<String> minutes =
                RateLimiters.itemExponentialFailure(Duration.ofMinutes(1), Duration.ofHours(1000));
        minutes.when("two");
        minutes.when("two");
        assertEquals(Duration.ofMinutes(4), minutes.when("two"));
        for (int i = 0; i < 1000; i++) {
            minutes.when("overflow2");
        }
        assertEquals(Duration.ofHours(1000), minutes.when("overflow2"));
    }

    @Test
    void fastSlowIsFastForTheFirstAttemptsThenSlow() {
        RateLimiter<String> limiter = RateLimiters.itemFastSlow(ms(5), Duration.ofSeconds(10), 3);
        assertPerItemDelaysUntilForgotten(limiter, ms(5), ms(5), ms(5), Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    @Test
    void maxOfReturnsTheWorstCaseOfAllLimiters() {
        RateLimiter<String> limiter = RateLimiters.maxOf(
                RateLimiters.itemFastSlow(ms(5), Duration.ofSeconds(3), 3),
                RateLimiters.itemExponentialFailure(ms(1), Duration.ofSeconds(1)));
        assertPerItemDelaysUntilForgotten(limiter, ms(5), ms(5), ms(5), Duration.ofSeconds(3), Duration.ofSeconds(3));
    }

    /** Returns {@code base} for the first {@code threshold} calls, then {@code max}; tracks nothing per item. */
    private static final class StepRateLimiter implements RateLimiter<Object> {
        private final Duration base;
        private final Duration max;
        private final int threshold;
        private int count;

        StepRateLimiter(Duration base, Duration max, int threshold) {
            this.base = base;
            this.max = max;
            this.threshold = threshold;
        }

        @Override
        public synchronized Duration when(Object item) {
            count++;
            return count <= threshold ? base : max;
        }

        @Override
        public void forget(Object item) {}

        @Override
        public int numRequeues(Object item) {
            return 0;
        }
    }

    @Test
    void withMaxWaitCapsTheDelegatesDelay() {
        RateLimiter<Integer> limiter = RateLimiters.withMaxWait(
                new StepRateLimiter(ms(5), Duration.ofSeconds(1000), 100), Duration.ofSeconds(500));
        for (int i = 0; i < 100; i++) {
            assertEquals(ms(5), limiter.when(i));
        }
        for (int i = 100; i < 200; i++) {
            assertEquals(Duration.ofSeconds(500), limiter.when(i));
        }
    }

    @Test
    void bucketAllowsABurstThenSpacesCallsAtTheRate() {
        FakeClock clock = new FakeClock();
        RateLimiter<String> limiter = RateLimiters.bucket(10, 3, clock);
        assertEquals(Duration.ZERO, limiter.when("a"));
        assertEquals(Duration.ZERO, limiter.when("b"));
        assertEquals(Duration.ZERO, limiter.when("c"));
        assertEquals(ms(100), limiter.when("d"), "the first reservation beyond the burst");
        assertEquals(ms(200), limiter.when("e"), "reservations queue up behind each other");

        clock.step(ms(300)); // pays back the two reservations and refills one token
        assertEquals(Duration.ZERO, limiter.when("f"));
        assertEquals(ms(100), limiter.when("g"));

        clock.step(Duration.ofHours(1)); // refills no further than the burst
        for (int i = 0; i < 3; i++) {
            assertEquals(Duration.ZERO, limiter.when("x" + i));
        }
        assertEquals(ms(100), limiter.when("y"));
        assertEquals(0, limiter.numRequeues("y"), "an overall limiter tracks no items");
    }

    @Test
    void unlimitedBucketNeverDelays() {
        RateLimiter<String> limiter = RateLimiters.bucket(Double.POSITIVE_INFINITY, 1, new FakeClock());
        for (int i = 0; i < 1000; i++) {
            assertEquals(Duration.ZERO, limiter.when("x"));
        }
    }

    @Test
    void defaultControllerLimiterIsPerItemExponentialAndAnOverallBucket() {
        FakeClock clock = new FakeClock();
        RateLimiter<String> limiter = RateLimiters.defaultControllerRateLimiter(clock);
        assertEquals(ms(5), limiter.when("one"));
        assertEquals(ms(10), limiter.when("one"));
        assertEquals(ms(20), limiter.when("one"));
        assertEquals(3, limiter.numRequeues("one"));
        // 97 more distinct items use up the burst of 100.
        for (int i = 0; i < 97; i++) {
            assertEquals(ms(5), limiter.when("item-" + i));
        }
        assertEquals(ms(100), limiter.when("fresh"), "past the burst, the 10 qps bucket dominates");
        limiter.forget("one");
        assertEquals(0, limiter.numRequeues("one"));
        assertEquals(1000, Duration.ofSeconds(1000).getSeconds());
        RateLimiter<String> capped = RateLimiters.defaultControllerRateLimiter(clock);
        Duration last = Duration.ZERO;
        for (int i = 0; i < 40; i++) {
            last = capped.when("capped");
        }
        assertEquals(Duration.ofSeconds(1000), last, "per-item backoff caps at 1000 s");
    }

    @Test
    void invalidArgumentsFailFastNamingTheParameter() {
        IllegalArgumentException negativeBase =
                assertThrows(IllegalArgumentException.class, () -> RateLimiters.itemExponentialFailure(ms(-1), ms(1)));
        assertTrue(negativeBase.getMessage().contains("base"), negativeBase.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.itemExponentialFailure(ms(10), ms(1)));
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.itemFastSlow(ms(1), ms(2), -1));
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.itemFastSlow(ms(-1), ms(2), 1));
        IllegalArgumentException zeroQps =
                assertThrows(IllegalArgumentException.class, () -> RateLimiters.bucket(0, 10, new FakeClock()));
        assertTrue(zeroQps.getMessage().contains("qps"), zeroQps.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.bucket(Double.NaN, 10, new FakeClock()));
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.bucket(10, 0, new FakeClock()));
        assertThrows(IllegalArgumentException.class, () -> RateLimiters.maxOf(List.<RateLimiter<String>>of()));
        assertThrows(
                IllegalArgumentException.class,
                () -> RateLimiters.withMaxWait(RateLimiters.defaultItemBasedRateLimiter(), ms(-5)));
        assertThrows(NullPointerException.class, () -> RateLimiters.withMaxWait(null, ms(5)));
    }
}
