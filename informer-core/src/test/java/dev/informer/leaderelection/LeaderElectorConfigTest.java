package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testsupport.Setters;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Configuration checks of {@link LeaderElector.Builder#build()}, as client-go's {@code NewLeaderElector}. */
class LeaderElectorConfigTest {

    private final FakeResourceLock.Store store = new FakeResourceLock.Store(new FakeClock());

    private LeaderElector.Builder valid() {
        return LeaderElector.builder()
                .lock(new FakeResourceLock(store, "baz"))
                .leaseDuration(Duration.ofSeconds(15))
                .renewDeadline(Duration.ofSeconds(2))
                .retryPeriod(Duration.ofSeconds(1))
                .releaseOnCancel(true)
                .onStartedLeading(ctx -> {})
                .onStoppedLeading(() -> {})
                .onNewLeader(id -> {});
    }

    private static void assertRejected(Class<? extends RuntimeException> type, String rule, LeaderElector.Builder b) {
        RuntimeException e = assertThrows(type, b::build);
        assertTrue(e.getMessage().contains(rule), "message '" + e.getMessage() + "' should name: " + rule);
    }

    @Test
    void aValidConfigurationBuilds() {
        LeaderElector elector = valid().name("controller").build();
        assertEquals("baz", elector.identity());
        assertEquals("controller", elector.name());
        assertEquals("", elector.getLeader());
    }

    @Test
    void defaultsAreClientGosAndValid() {
        LeaderElector elector = LeaderElector.builder()
                .lock(new FakeResourceLock(store, "baz"))
                .onStartedLeading(ctx -> {})
                .onStoppedLeading(() -> {})
                .build();
        assertEquals(Duration.ofSeconds(15), LeaderElector.DEFAULT_LEASE_DURATION);
        assertEquals(Duration.ofSeconds(10), LeaderElector.DEFAULT_RENEW_DEADLINE);
        assertEquals(Duration.ofSeconds(2), LeaderElector.DEFAULT_RETRY_PERIOD);
        assertEquals("", elector.name());
    }

    @Test
    void leaseDurationMustExceedRenewDeadline() {
        assertRejected(
                IllegalArgumentException.class,
                "leaseDuration must be greater than renewDeadline",
                valid().leaseDuration(Duration.ofSeconds(2)));
    }

    @Test
    void renewDeadlineMustExceedRetryPeriodTimesJitterFactor() {
        // 1.2 x 2 s = 2.4 s is not enough: the deadline must be strictly greater.
        assertRejected(
                IllegalArgumentException.class,
                "renewDeadline must be greater than retryPeriod*JitterFactor",
                valid().renewDeadline(Duration.ofMillis(2400)).retryPeriod(Duration.ofSeconds(2)));
        valid().renewDeadline(Duration.ofMillis(2401))
                .retryPeriod(Duration.ofSeconds(2))
                .build();
    }

    @Test
    void durationsMustBePositive() {
        assertRejected(
                IllegalArgumentException.class,
                "leaseDuration must be greater than zero",
                valid().leaseDuration(Duration.ofSeconds(-1))
                        .renewDeadline(Duration.ofSeconds(-2))
                        .retryPeriod(Duration.ofSeconds(-3)));
        assertRejected(
                IllegalArgumentException.class,
                "renewDeadline must be greater than zero",
                valid().renewDeadline(Duration.ZERO).retryPeriod(Duration.ofSeconds(-1)));
        assertRejected(
                IllegalArgumentException.class,
                "retryPeriod must be greater than zero",
                valid().retryPeriod(Duration.ZERO));
    }

    @Test
    void leaseDurationMustBeAWholeSecondAtLeast() {
        assertRejected(
                IllegalArgumentException.class,
                "leaseDuration must be at least 1s",
                valid().leaseDuration(Duration.ofMillis(900))
                        .renewDeadline(Duration.ofMillis(500))
                        .retryPeriod(Duration.ofMillis(100)));
    }

    @Test
    void callbacksAndLockAreRequired() {
        assertRejected(
                IllegalStateException.class,
                "OnStartedLeading callback must not be null",
                LeaderElector.builder().lock(new FakeResourceLock(store, "baz")).onStoppedLeading(() -> {}));
        assertRejected(
                IllegalStateException.class,
                "OnStoppedLeading callback must not be null",
                LeaderElector.builder().lock(new FakeResourceLock(store, "baz")).onStartedLeading(ctx -> {}));
        assertRejected(
                IllegalStateException.class,
                "Lock must not be null",
                LeaderElector.builder().onStartedLeading(ctx -> {}).onStoppedLeading(() -> {}));
    }

    @Test
    void lockIdentityMustNotBeEmpty() {
        assertRejected(
                IllegalArgumentException.class,
                "Lock identity is empty",
                valid().lock(new FakeResourceLock(store, "")));
    }

    @Test
    void nullSettingsAreRejectedNamingTheSetting() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> valid().leaseDuration(null));
        assertEquals("leaseDuration", e.getMessage());
        assertThrows(NullPointerException.class, () -> valid().clock(null));
        assertThrows(NullPointerException.class, () -> valid().onNewLeader(null));
    }

    @Test
    void healthCheckRejectsNegativeTolerance() {
        assertThrows(IllegalArgumentException.class, () -> new LeaderElectionHealthCheck(Duration.ofSeconds(-1)));
    }

    @Test
    void everySettingRefusesNullAtTheSetterNamingIt() {
        Setters.assertEachRefusesNull(
                LeaderElector.builder(),
                "lock",
                "leaseDuration",
                "renewDeadline",
                "retryPeriod",
                "onStartedLeading",
                "onStoppedLeading",
                "onNewLeader",
                "name",
                "clock",
                "threadFactory",
                "random",
                "healthCheck");
    }

    @Test
    void oneBuilderBuildsElectorsWithTheSettingsSetSoFar() {
        LeaderElectionHealthCheck health = new LeaderElectionHealthCheck(Duration.ZERO);
        LeaderElector.Builder b = valid().name("first").healthCheck(health);
        LeaderElector first = b.build();
        LeaderElector second = b.name("second").build();

        assertEquals("first", first.name());
        assertEquals("second", second.name());
        assertTrue(health.check().isEmpty(), "an elector that never led is healthy");
        assertEquals("baz", second.identity());
    }
}
