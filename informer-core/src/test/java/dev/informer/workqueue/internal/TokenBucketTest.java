package dev.informer.workqueue.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shared token bucket's arithmetic, on plain nanosecond readings. */
class TokenBucketTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void startsFullAndTryTakeRefusesOnceEmptyWithoutGoingNegative() {
        TokenBucket bucket = TokenBucket.perSecond(1, 2, 0);
        assertTrue(bucket.tryTake(0));
        assertTrue(bucket.tryTake(0));
        assertFalse(bucket.tryTake(0));
        assertFalse(bucket.tryTake(0));
        // Refused takes did not reserve anything: one second later exactly one token is back.
        assertTrue(bucket.tryTake(SECOND));
        assertFalse(bucket.tryTake(SECOND));
    }

    @Test
    void reserveGoesNegativeAndSaysHowLongUntilTheReservedTokenExists() {
        TokenBucket bucket = TokenBucket.perSecond(10, 1, 0);
        assertEquals(0, bucket.reserve(0));
        assertEquals(SECOND / 10, bucket.reserve(0));
        assertEquals(2 * SECOND / 10, bucket.reserve(0));
        assertEquals(0, bucket.lastRefillNanos());
    }

    @Test
    void refillsNeverAboveTheBurst() {
        TokenBucket bucket = TokenBucket.perSecond(100, 3, 0);
        for (int i = 0; i < 3; i++) {
            assertTrue(bucket.tryTake(0));
        }
        assertTrue(bucket.tryTake(3600 * SECOND));
        assertTrue(bucket.tryTake(3600 * SECOND));
        assertTrue(bucket.tryTake(3600 * SECOND));
        assertFalse(bucket.tryTake(3600 * SECOND));
        assertEquals(3600 * SECOND, bucket.lastRefillNanos());
    }

    @Test
    void onePerIntervalRefillsAWholeTokenExactlyAtTheInterval() {
        long fiveMinutes = 300 * SECOND;
        TokenBucket bucket = TokenBucket.onePer(fiveMinutes, 1, 0);
        assertTrue(bucket.tryTake(0));
        assertFalse(bucket.tryTake(fiveMinutes - 1));
        assertTrue(bucket.tryTake(fiveMinutes));
    }

    @Test
    void giveBackReturnsACancelledReservationButNeverAboveTheBurst() {
        TokenBucket bucket = TokenBucket.perSecond(1, 1, 0);
        assertEquals(0, bucket.reserve(0));
        assertEquals(SECOND, bucket.reserve(0));
        bucket.giveBack(0);
        assertTrue(bucket.tryTake(SECOND), "the given-back reservation and one second's refill make a token");
        bucket.giveBack(SECOND);
        bucket.giveBack(SECOND);
        assertTrue(bucket.tryTake(SECOND));
        assertFalse(bucket.tryTake(SECOND), "capped at the burst of 1");
    }

    @Test
    void aReadingThatDoesNotAdvanceAddsNothing() {
        TokenBucket bucket = TokenBucket.perSecond(1, 1, 5 * SECOND);
        assertTrue(bucket.tryTake(5 * SECOND));
        assertFalse(bucket.tryTake(4 * SECOND));
        assertEquals(5 * SECOND, bucket.lastRefillNanos());
    }
}
