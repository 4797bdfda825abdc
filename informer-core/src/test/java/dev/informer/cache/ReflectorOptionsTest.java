package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class ReflectorOptionsTest {

    @Test
    void builderRejectsBadSettingsNamingThem() {
        ReflectorOptions.Builder builder = ReflectorOptions.builder();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder.pageSize(-1))
                .getMessage()
                .contains("pageSize"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder.minWatchTimeout(Duration.ZERO))
                .getMessage()
                .contains("minWatchTimeout"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> builder.minWatchTimeout(Duration.ofSeconds(299)))
                .getMessage()
                .contains("at least 5m (as client-go): 4m59s"));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> builder.maxInternalErrorRetryDuration(Duration.ofSeconds(-1)))
                .getMessage()
                .contains("maxInternalErrorRetryDuration"));
        assertTrue(assertThrows(NullPointerException.class, () -> builder.backoff(null))
                .getMessage()
                .contains("backoff"));
        assertTrue(assertThrows(NullPointerException.class, () -> builder.metrics(null))
                .getMessage()
                .contains("metrics"));
        assertTrue(assertThrows(NullPointerException.class, () -> builder.random(null))
                .getMessage()
                .contains("random"));
    }

    @Test
    void defaultsAreClientGosAndTheBoundariesAreAccepted() {
        ReflectorOptions defaults = ReflectorOptions.defaults();
        assertEquals(BackoffPolicy.reflectorDefault(), defaults.backoff());
        assertEquals(Duration.ofMinutes(5), defaults.minWatchTimeout());
        assertEquals(0, defaults.pageSize());
        assertTrue(defaults.useWatchList());
        assertEquals(Duration.ZERO, defaults.maxInternalErrorRetryDuration());
        assertSame(ReflectorMetricsProvider.noop(), defaults.metrics());

        ReflectorOptions edges = ReflectorOptions.builder()
                .minWatchTimeout(Duration.ofMinutes(5))
                .pageSize(0)
                .maxInternalErrorRetryDuration(Duration.ZERO)
                .build();
        assertEquals(Duration.ofMinutes(5), edges.minWatchTimeout());
    }

    @Test
    void toBuilderCopiesEveryOptionAndLeavesTheOriginalUnchanged() {
        Random random = new Random(7);
        ReflectorOptions original = ReflectorOptions.builder()
                .backoff(BackoffPolicy.constant(Duration.ofSeconds(3)))
                .minWatchTimeout(Duration.ofMinutes(7))
                .pageSize(42)
                .useWatchList(false)
                .watchListConsistencyCheck(true)
                .maxInternalErrorRetryDuration(Duration.ofSeconds(30))
                .random(random)
                .build();
        ReflectorOptions changed = original.toBuilder().pageSize(1).build();

        assertNotSame(original, changed);
        assertEquals(42, original.pageSize());
        assertEquals(1, changed.pageSize());
        assertEquals(BackoffPolicy.constant(Duration.ofSeconds(3)), changed.backoff());
        assertEquals(Duration.ofMinutes(7), changed.minWatchTimeout());
        assertEquals(false, changed.useWatchList());
        assertEquals(true, changed.watchListConsistencyCheck());
        assertEquals(Duration.ofSeconds(30), changed.maxInternalErrorRetryDuration());
        assertSame(random, changed.random());
    }

    @Test
    void canonicalConstructorRefusesWhatTheBuilderRefusesWithTheSameMessages() {
        Duration five = Duration.ofMinutes(5);
        Random random = new Random(3);
        assertEquals(
                "pageSize must not be negative: -1",
                message(IllegalArgumentException.class, () -> options(five, -1, Duration.ZERO, random)));
        assertEquals(
                "minWatchTimeout must be at least 5m (as client-go): 4m59s",
                message(IllegalArgumentException.class, () -> options(five.minusSeconds(1), 0, Duration.ZERO, random)));
        assertEquals(
                "maxInternalErrorRetryDuration must not be negative: PT-1S",
                message(IllegalArgumentException.class, () -> options(five, 0, Duration.ofSeconds(-1), random)));
        assertEquals("random", message(NullPointerException.class, () -> options(five, 0, Duration.ZERO, null)));
        assertEquals(
                options(five, 7, Duration.ZERO, random),
                ReflectorOptions.builder()
                        .pageSize(7)
                        .random(random)
                        .watchListConsistencyCheck(false)
                        .build());
    }

    // The defaults but for the values given (and no consistency check), made by the canonical constructor.
    private static ReflectorOptions options(
            Duration minWatchTimeout, long pageSize, Duration maxInternalErrorRetryDuration, Random random) {
        ReflectorOptions defaults = ReflectorOptions.defaults();
        return new ReflectorOptions(
                defaults.backoff(),
                minWatchTimeout,
                pageSize,
                true,
                false,
                maxInternalErrorRetryDuration,
                defaults.metrics(),
                random);
    }

    private static String message(Class<? extends RuntimeException> type, Executable call) {
        return assertThrows(type, call).getMessage();
    }
}
