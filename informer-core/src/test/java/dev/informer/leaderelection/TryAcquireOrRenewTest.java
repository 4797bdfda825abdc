package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.LeaseSpec;
import dev.informer.clock.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * One acquire-or-renew attempt and one release through a {@link LeaseLock} on a fake lease client,
 * ported from client-go's {@code testTryAcquireOrRenew}, {@code testReleaseLease} and {@code
 * TestReleaseMethodCallsGet}: each case checks the result, the observed holder, the number of API
 * calls, the transition count and the reported leader.
 */
class TryAcquireOrRenewTest {

    private static final long HOURS_1000 = Duration.ofHours(1000).toNanos();

    private final FakeClock clock = new FakeClock();
    private final FakeLeaseClient leases = new FakeLeaseClient();
    private final List<String> reported = new CopyOnWriteArrayList<>();
    private final DefaultLeaderElector elector = (DefaultLeaderElector) LeaderElector.builder()
            .lock(ResourceLock.lease(leases, "foo", "bar", "baz"))
            .leaseDuration(Duration.ofSeconds(10))
            .renewDeadline(Duration.ofSeconds(5))
            .retryPeriod(Duration.ofSeconds(1))
            .onStartedLeading(ctx -> {})
            .onStoppedLeading(() -> {})
            .onNewLeader(reported::add)
            .clock(clock)
            .build();

    private static LeaderElectionRecord heldBy(String holder, int seconds) {
        return new LeaderElectionRecord(holder, seconds, null, null, 0);
    }

    private void assertAttempt(boolean expectSuccess, String outHolder, List<String> actions, int transitions) {
        assertEquals(expectSuccess, elector.tryAcquireOrRenew(), "result of tryAcquireOrRenew");
        assertOutcome(outHolder, actions, transitions);
    }

    private void assertOutcome(String outHolder, List<String> actions, int transitions) {
        assertEquals(outHolder, elector.getLeader(), "observed holder");
        assertEquals(actions, leases.actions(), "API interactions");
        assertEquals(transitions, leases.storedRecord().leaderTransitions(), "leader transitions");
        elector.maybeReportTransition();
        assertEquals(outHolder, reported.get(reported.size() - 1), "reported leader");
    }

    @Test
    void acquireFromNoObjectCreatesTheLease() {
        assertAttempt(true, "baz", List.of("get", "create"), 0);
        LeaderElectionRecord stored = leases.storedRecord();
        assertEquals("baz", stored.holderIdentity());
        assertEquals(10, stored.leaseDurationSeconds());
        assertEquals(clock.now(), stored.acquireTime());
        assertEquals(clock.now(), stored.renewTime());
        assertTrue(elector.isLeader());
    }

    @Test
    void acquireFromLeaseWithoutSpecCountsATransition() {
        leases.seed((LeaseSpec) null);
        assertAttempt(true, "baz", List.of("get", "update"), 1);
    }

    @Test
    void acquireFromLeaseHeldByAnotherOnlyOnceItsDurationPassedOnOurClock() {
        leases.seed(heldBy("bing", 3));
        assertAttempt(false, "bing", List.of("get"), 0);

        clock.step(Duration.ofMillis(2999));
        assertFalse(elector.tryAcquireOrRenew(), "3 s have not passed since the record was observed");

        clock.step(Duration.ofMillis(1));
        assertAttempt(true, "baz", List.of("get", "get", "get", "update"), 1);
        assertEquals(List.of("bing", "baz"), reported);
    }

    @Test
    void acquireFromUnheldLease() {
        leases.seed(LeaderElectionRecord.EMPTY);
        assertAttempt(true, "baz", List.of("get", "update"), 1);
    }

    @Test
    void acquireFromHeldLeaseWhoseRecordWasLastObservedLongAgo() {
        leases.seed(heldBy("bing", 10));
        assertFalse(elector.tryAcquireOrRenew(), "bing's lease was observed just now");
        clock.step(Duration.ofNanos(HOURS_1000));
        assertAttempt(true, "baz", List.of("get", "get", "update"), 1);
    }

    @Test
    void acquireReleasedLeaseEvenWhenObservedJustNow() {
        leases.seed(heldBy("bing", 10));
        assertFalse(elector.tryAcquireOrRenew(), "bing's lease was observed just now");
        leases.seed(LeaderElectionRecord.EMPTY); // bing released it
        assertAttempt(true, "baz", List.of("get", "get", "update"), 1);
    }

    @Test
    void doNotAcquireUnexpiredLeaseHeldByAnother() {
        leases.seed(heldBy("bing", 10));
        assertAttempt(false, "bing", List.of("get"), 0);
        assertEquals("bing", leases.storedRecord().holderIdentity(), "the lease is untouched");
        assertFalse(elector.isLeader());
        assertEquals("bing", elector.getLeader());
    }

    @Test
    void renewReadsTheLeaseFirstWhenTheOptimisticUpdateMeetsAVersionTheLockHasNotSeen() {
        // The fast path writes over the Lease the lock last read; a newer one fails it with a conflict.
        assertAttempt(true, "baz", List.of("get", "create"), 0);
        leases.seed(heldBy("baz", 10)); // rewritten with our identity since, e.g. by our previous process
        clock.step(Duration.ofSeconds(1));
        assertAttempt(true, "baz", List.of("get", "create", "update", "get", "update"), 0);
    }

    @Test
    void renewingKeepsAcquireTimeAndTransitions() {
        Instant acquired = clock.now();
        leases.seed(new LeaderElectionRecord("baz", 10, acquired, acquired, 7));
        clock.step(Duration.ofSeconds(4));
        assertAttempt(true, "baz", List.of("get", "update"), 7);
        LeaderElectionRecord stored = leases.storedRecord();
        assertEquals(acquired, stored.acquireTime());
        assertEquals(clock.now(), stored.renewTime());
    }

    @Test
    void failedReadIsALostRound() {
        leases.intercept(verb -> verb.equals("get") ? FakeResourceLock.serverError() : null);
        assertFalse(elector.tryAcquireOrRenew());
        assertEquals(List.of("get"), leases.actions());
        assertEquals("", elector.getLeader());
    }

    @Test
    void losingTheCreateRaceIsALostRound() {
        leases.intercept(verb -> verb.equals("create") ? FakeResourceLock.alreadyExists() : null);
        assertFalse(elector.tryAcquireOrRenew());
        assertEquals(List.of("get", "create"), leases.actions());
        assertFalse(elector.isLeader());
    }

    @Test
    void conflictOnUpdateIsALostRound() {
        leases.seed(LeaderElectionRecord.EMPTY);
        leases.intercept(verb -> {
            if (verb.equals("update")) {
                leases.seed(heldBy("bing", 10)); // someone else wrote first
            }
            return null;
        });
        assertFalse(elector.tryAcquireOrRenew());
        assertEquals(List.of("get", "update"), leases.actions());
        assertFalse(elector.isLeader());
        assertEquals("bing", leases.storedRecord().holderIdentity());
    }

    @Test
    void releaseWritesNoHolderAndAOneSecondDuration() {
        leases.seed(heldBy("baz", 10));
        assertTrue(elector.tryAcquireOrRenew());
        elector.maybeReportTransition();
        clock.step(Duration.ofSeconds(1));

        assertTrue(elector.release());

        assertOutcome("", List.of("get", "update", "get", "update"), 0);
        LeaderElectionRecord stored = leases.storedRecord();
        assertEquals("", stored.holderIdentity());
        assertEquals(1, stored.leaseDurationSeconds());
        assertEquals(clock.now(), stored.acquireTime());
        assertEquals(clock.now(), stored.renewTime());
        assertEquals(List.of("baz", ""), reported);
        assertFalse(elector.isLeader());
    }

    @Test
    void releaseReadsTheLeaseFirstAndKeepsItsTransitions() {
        leases.seed(new LeaderElectionRecord("baz", 10, null, null, 4));
        assertTrue(elector.tryAcquireOrRenew());
        leases.seed(new LeaderElectionRecord("baz", 10, null, null, 4)); // a newer version the lock has not read

        assertTrue(elector.release());

        assertEquals(List.of("get", "update", "get", "update"), leases.actions());
        assertEquals(4, leases.storedRecord().leaderTransitions());
    }

    @Test
    void releaseByACandidateThatDoesNotLeadWritesNothing() {
        leases.seed(heldBy("bing", 10));
        assertTrue(elector.release());
        assertEquals(List.of("get"), leases.actions());
        assertEquals("bing", leases.storedRecord().holderIdentity());
    }

    @Test
    void releaseOfAMissingLeaseFails() {
        assertTrue(elector.tryAcquireOrRenew());
        leases.remove(); // deleted behind the leader's back
        assertFalse(elector.release());
        assertEquals(List.of("get", "create", "get"), leases.actions());
    }

    @Test
    void releaseThatConflictsFails() {
        leases.seed(heldBy("baz", 10));
        assertTrue(elector.tryAcquireOrRenew());
        leases.intercept(verb -> verb.equals("update") ? FakeResourceLock.conflict() : null);
        assertFalse(elector.release());
        assertTrue(elector.isLeader(), "a failed release leaves the observed record as it was");
    }
}
