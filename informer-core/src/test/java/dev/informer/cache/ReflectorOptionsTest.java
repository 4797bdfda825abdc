package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

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
        ReflectorOptions d = ReflectorOptions.defaults();
        assertEquals(
                "pageSize must not be negative: -1",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new ReflectorOptions(
                                        d.backoff(),
                                        d.minWatchTimeout(),
                                        -1,
                                        true,
                                        false,
                                        Duration.ZERO,
                                        d.metrics(),
                                        d.random()))
                        .getMessage());
        assertEquals(
                "minWatchTimeout must be at least 5m (as client-go): 4m59s",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new ReflectorOptions(
                                        d.backoff(),
                                        Duration.ofSeconds(299),
                                        0,
                                        true,
                                        false,
                                        Duration.ZERO,
                                        d.metrics(),
                                        d.random()))
                        .getMessage());
        assertEquals(
                "maxInternalErrorRetryDuration must not be negative: PT-1S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new ReflectorOptions(
                                        d.backoff(),
                                        d.minWatchTimeout(),
                                        0,
                                        true,
                                        false,
                                        Duration.ofSeconds(-1),
                                        d.metrics(),
                                        d.random()))
                        .getMessage());
        assertEquals(
                "random",
                assertThrows(
                                NullPointerException.class,
                                () -> new ReflectorOptions(
                                        d.backoff(),
                                        d.minWatchTimeout(),
                                        0,
                                        true,
                                        false,
                                        Duration.ZERO,
                                        d.metrics(),
                                        null))
                        .getMessage());
    }

    @Test
    void equalOptionsAreEqualValues() {
        Random random = new Random(1);
        ReflectorOptions one =
                ReflectorOptions.builder().pageSize(7).random(random).build();
        ReflectorOptions two = one.toBuilder().build();

        assertEquals(one, two);
        assertEquals(one.hashCode(), two.hashCode());
    }
}
