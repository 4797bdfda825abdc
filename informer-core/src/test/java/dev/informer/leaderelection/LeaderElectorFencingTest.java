package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The local fence (not in client-go): a leader whose last successful renewal is older than the renew
 * deadline on its monotonic clock is no longer leader, before any other candidate can take the lease
 * (lease 15 s, renew deadline 10 s, retry 2 s, on a clock the test steps).
 */
class LeaderElectorFencingTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final TrackingClock clock = new TrackingClock();
    private final FakeResourceLock.Store store = new FakeResourceLock.Store(clock);
    private final RecordingCallbacks leaderCallbacks = new RecordingCallbacks();
    private final RecordingCallbacks followerCallbacks = new RecordingCallbacks();
    private final CountDownLatch unblock = new CountDownLatch(1);
    private final StartedElectors started = new StartedElectors();

    private LeaderElector.Builder builder(String identity, RecordingCallbacks callbacks) {
        return callbacks.electorWithDefaults(new FakeResourceLock(store, identity), clock, 7);
    }

    private LeaderElector start(LeaderElector.Builder builder) {
        return started.start(builder);
    }

    private LeaderElector startLeader(LeaderElector.Builder builder) throws InterruptedException {
        return started.startLeading(builder, leaderCallbacks, clock);
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        unblock.countDown();
        started.stopAll();
    }

    /** Makes the leader's {@code n}-th update hang until {@link #unblock} (a server that stopped answering). */
    private CountDownLatch hangUpdate(String identity, int n) {
        CountDownLatch entered = new CountDownLatch(1);
        AtomicInteger updates = new AtomicInteger();
        store.intercept((who, verb) -> {
            if (who.equals(identity) && verb.equals("update") && updates.incrementAndGet() == n) {
                entered.countDown();
                try {
                    unblock.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return null;
        });
        return entered;
    }

    @Test
    void aLeaderWhoseRenewalHangsStopsLeadingAtTheRenewDeadlineBeforeAnyoneCanTakeTheLease() throws Exception {
        CountDownLatch hung = hangUpdate("leader", 2);
        LeaderElector leader = startLeader(builder("leader", leaderCallbacks));
        LeaderElector follower = start(builder("follower", followerCallbacks));
        clock.requireIdle(2, "follower waiting to retry");

        // t=2: the renewal's update hangs; only the follower keeps waiting on the clock.
        clock.step(Duration.ofSeconds(2));
        assertTrue(hung.await(WAIT.toSeconds(), TimeUnit.SECONDS), "renewal sent");
        double leaderUntil = -1;
        while (!follower.isLeader()) {
            clock.requireIdle(1, "follower waiting");
            boolean leads = leader.isLeader();
            assertFalse(leads && follower.isLeader(), "two leaders at t=" + clock.seconds());
            if (leads) {
                leaderUntil = clock.seconds();
            }
            assertTrue(clock.seconds() < 30, "the follower never took over");
            clock.step(Duration.ofMillis(500));
        }
        assertEquals(9.5, leaderUntil, "the leader's isLeader() turned false at the renew deadline (t=10)");
        assertTrue(clock.seconds() >= 15, "the lease was taken only after its duration, at t=" + clock.seconds());

        // isLeader() noticed it while the run thread was stuck: onStoppedLeading fired at once, the term ended.
        assertTrue(leaderCallbacks.stopped.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertTrue(leaderCallbacks.context.isCancelled());
        assertTrue(leaderCallbacks.startedReturned.await(WAIT.toSeconds(), TimeUnit.SECONDS));

        // The hung renewal now fails on the follower's newer version; the term stays over.
        unblock.countDown();
        assertTrue(leader.awaitTermination(WAIT));
        assertFalse(leader.isLeader());
        assertEquals(1, leaderCallbacks.stoppedCount.get(), "onStoppedLeading fired exactly once");
        assertEquals("follower", store.current().orElseThrow().holderIdentity());
    }

    @Test
    void isLeaderTurnsFalseAtTheRenewDeadlineAndOnStoppedLeadingFiresOnceThoughTheRenewalLandsLate() throws Exception {
        CountDownLatch hung = hangUpdate("leader", 2);
        LeaderElector leader = startLeader(builder("leader", leaderCallbacks));

        clock.step(Duration.ofSeconds(2));
        assertTrue(hung.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        clock.step(Duration.ofMillis(7_999));
        assertTrue(leader.isLeader(), "1 ms before the renew deadline");
        assertFalse(leaderCallbacks.context.isCancelled());
        assertFalse(leaderCallbacks.hasStopped());

        clock.step(Duration.ofMillis(1));
        assertFalse(leader.isLeader(), "t=10: the last successful renewal (t=0) is as old as the renew deadline");
        assertTrue(leaderCallbacks.context.isCancelled());
        assertTrue(leaderCallbacks.stopped.await(WAIT.toSeconds(), TimeUnit.SECONDS), "fired at once");

        // The renewal succeeds now (nobody else wrote), but too late: the term does not resume.
        unblock.countDown();
        assertTrue(leader.awaitTermination(WAIT));
        assertFalse(leader.isLeader());
        assertEquals(1, leaderCallbacks.stoppedCount.get());
        assertEquals(
                List.of("get", "create", "update", "update"), store.verbs("leader"), "no write after the deadline");
    }

    @Test
    void aLeaderPausedPastItsLeaseWritesNothingAfterItResumes() throws Exception {
        LeaderElector leader = startLeader(builder("leader", leaderCallbacks));
        List<String> before = store.verbs("leader");

        // The whole process freezes for 20 s (SIGSTOP, a GC pause): time jumps while nothing ran.
        clock.step(Duration.ofSeconds(20));
        assertFalse(leader.isLeader(), "not leader the moment it resumes");
        assertTrue(leader.awaitTermination(WAIT), "the term ended");
        assertEquals(1, leaderCallbacks.stoppedCount.get());
        assertTrue(leaderCallbacks.context.isCancelled());
        assertEquals(before, store.verbs("leader"), "no renewal attempt, no write after resuming");
    }

    @Test
    void aResumedLeaderDoesNotReleaseTheLeaseItsSuccessorHolds() throws Exception {
        LeaderElector leader = startLeader(builder("leader", leaderCallbacks).releaseOnCancel(true));
        // During the pause a successor takes the lease (it waited the lease duration on its own clock).
        store.put(new LeaderElectionRecord("successor", 15, clock.now(), clock.now(), 1));
        List<String> before = store.verbs("leader");
        clock.step(Duration.ofSeconds(20));

        assertFalse(leader.isLeader());
        assertTrue(leader.awaitTermination(WAIT));
        List<String> after = store.verbs("leader")
                .subList(before.size(), store.verbs("leader").size());
        assertEquals(List.of("get"), after, "it read the lease to release it, saw the successor, wrote nothing");
        assertEquals("successor", store.current().orElseThrow().holderIdentity());
        assertEquals(1, leaderCallbacks.stoppedCount.get());
    }

    @Test
    void aLeaderThatKeepsRenewingKeepsLeading() throws Exception {
        LeaderElector leader = startLeader(builder("leader", leaderCallbacks));
        for (int i = 0; i < 30; i++) {
            clock.step(Duration.ofSeconds(1));
            clock.requireIdle(1, "leader renewed");
            assertTrue(leader.isLeader(), "at t=" + clock.seconds());
        }
        assertFalse(leaderCallbacks.context.isCancelled());
        assertFalse(leaderCallbacks.hasStopped());
    }
}
