package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.informer.api.Lease;
import dev.informer.api.ObjectMeta;
import dev.informer.api.ResourceType;
import dev.informer.client.KubernetesClient;
import dev.informer.client.ResourceClient;
import dev.informer.testing.Await;
import dev.informer.testing.EmbeddedApiServer;
import dev.informer.testsupport.ServerAndClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Candidates competing for a real Lease on the embedded API server (optimistic concurrency through
 * resourceVersion), on one fake clock the test steps: election, takeover after a leader stops
 * renewing, takeover after a release, and a lease written by someone else.
 */
class LeaderElectionApiServerTest {

    private static final String NAMESPACE = "default";
    private static final String LEASE = "example-controller";
    private static final Duration TICK = Duration.ofSeconds(1);
    private static final Duration LEASE_DURATION = LeaderElector.DEFAULT_LEASE_DURATION;
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final TrackingClock clock = new TrackingClock();
    private final List<Candidate> candidates = new ArrayList<>();

    @AutoClose
    private final ServerAndClient api = ServerAndClient.start();

    private final EmbeddedApiServer server = api.server();
    private final KubernetesClient client = api.client();
    private ResourceClient<Lease> leases;

    /** One process competing: its elector and what its callbacks saw. */
    private record Candidate(String id, LeaderElector elector, RecordingCallbacks callbacks) {
        boolean running() {
            try {
                return !elector.awaitTermination(Duration.ZERO);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    @BeforeEach
    void startServer() {
        leases = client.resource(ResourceType.LEASES).inNamespace(NAMESPACE);
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        for (Candidate c : candidates) {
            c.elector().close();
            assertTrue(c.elector().awaitTermination(WAIT), c.id() + " ended");
        }
    }

    private Candidate start(String id, boolean releaseOnCancel) {
        RecordingCallbacks callbacks = new RecordingCallbacks();
        LeaderElector elector = callbacks
                .applyTo(LeaderElector.builder())
                .lock(ResourceLock.lease(client, NAMESPACE, LEASE, id))
                .releaseOnCancel(releaseOnCancel)
                .name(LEASE)
                .clock(clock)
                .random(new Random(id.hashCode()))
                .build();
        Candidate candidate = new Candidate(id, elector, callbacks);
        candidates.add(candidate);
        elector.start();
        return candidate;
    }

    private List<Candidate> startAll(boolean releaseOnCancel, String... ids) throws InterruptedException {
        List<Candidate> started = new ArrayList<>();
        for (String id : ids) {
            started.add(start(id, releaseOnCancel));
        }
        settle();
        return started;
    }

    private List<Candidate> running() {
        return candidates.stream().filter(Candidate::running).toList();
    }

    /** Waits until every running elector waits for a future moment of the clock. */
    private void settle() throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!clock.awaitIdle(running().size(), Duration.ofMillis(20))) {
            if (System.nanoTime() - deadline > 0) {
                fail("electors did not settle at t=" + clock.seconds() + "s");
            }
        }
    }

    private void tick() throws InterruptedException {
        clock.step(TICK);
        settle();
    }

    /** Starts alpha and beta, asserts that one of them leads, and returns it after {@code ticks} more ticks. */
    private Candidate leaderOfTwoAfterTicks(boolean releaseOnCancel, int ticks) throws InterruptedException {
        startAll(releaseOnCancel, "alpha", "beta");
        Candidate leader = assertOneLeader();
        for (int i = 0; i < ticks; i++) {
            tick();
        }
        return leader;
    }

    private Lease lease() {
        return leases.get(LEASE);
    }

    private LeaderElectionRecord record() {
        return LeaderElectionRecord.fromLeaseSpec(lease().spec());
    }

    /** Exactly one running candidate believes it leads, it holds the Lease, and its term has started. */
    private Candidate assertOneLeader() throws InterruptedException {
        List<Candidate> leaders =
                running().stream().filter(c -> c.elector().isLeader()).toList();
        assertEquals(1, leaders.size(), "leaders at t=" + clock.seconds() + "s: " + leaders);
        Candidate leader = leaders.get(0);
        assertEquals(leader.id(), record().holderIdentity());
        assertTrue(leader.callbacks().started.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        for (Candidate c : running()) {
            if (c != leader) {
                assertEquals(0, c.callbacks().startedCount.get(), c.id() + " never started leading");
            }
        }
        return leader;
    }

    private void stop(Candidate candidate) throws InterruptedException {
        candidate.elector().close();
        assertTrue(candidate.elector().awaitTermination(WAIT));
        assertEquals(1, candidate.callbacks().stoppedCount.get());
        settle();
    }

    /** Ticks until a running candidate leads, checking that the lease stays as {@code heldBy} until then. */
    private Candidate tickUntilTakeover(String heldBy, double maxSeconds) throws InterruptedException {
        double until = clock.seconds() + maxSeconds;
        while (clock.seconds() < until) {
            tick();
            List<Candidate> leaders =
                    running().stream().filter(c -> c.elector().isLeader()).toList();
            assertTrue(leaders.size() <= 1, "two leaders at t=" + clock.seconds() + "s: " + leaders);
            if (!leaders.isEmpty()) {
                return leaders.get(0);
            }
            assertEquals(heldBy, record().holderIdentity(), "nobody else wrote the lease yet");
        }
        return fail("no takeover within " + maxSeconds + " s");
    }

    @Test
    void twoCandidatesElectExactlyOneLeaderWhoKeepsTheLease() throws InterruptedException {
        startAll(false, "alpha", "beta");
        Candidate leader = assertOneLeader();
        LeaderElectionRecord first = record();
        assertEquals(0, first.leaderTransitions());
        assertEquals(15, first.leaseDurationSeconds());

        for (int i = 0; i < 60; i++) {
            tick();
            assertEquals(leader, assertOneLeader(), "the leader stays the leader at t=" + clock.seconds() + "s");
        }
        LeaderElectionRecord later = record();
        assertEquals(first.acquireTime(), later.acquireTime());
        assertTrue(
                Duration.between(later.renewTime(), clock.now()).compareTo(Duration.ofSeconds(2)) <= 0,
                "renewed every 2 s: " + later.renewTime() + " at " + clock.now());
        assertEquals(0, later.leaderTransitions());
        for (Candidate c : candidates) {
            List<String> expected = List.of(leader.id());
            Await.until(
                    c.id() + " reported the leader",
                    () -> c.callbacks().newLeaders.equals(expected),
                    Await.LONG_TIMEOUT);
        }
    }

    @Test
    void aLeaderThatStopsRenewingIsReplacedOnlyAfterTheLeaseDuration() throws InterruptedException {
        Candidate old = leaderOfTwoAfterTicks(false, 7);

        stop(old);
        LeaderElectionRecord abandoned = record();
        assertEquals(old.id(), abandoned.holderIdentity(), "no release: the lease stays held");

        Candidate successor = tickUntilTakeover(old.id(), 40);
        LeaderElectionRecord taken = record();
        Duration waited = Duration.between(abandoned.renewTime(), taken.acquireTime());
        assertTrue(waited.compareTo(LEASE_DURATION) >= 0, "taken over after " + waited + ", before the lease duration");
        assertTrue(waited.compareTo(LEASE_DURATION.plusSeconds(10)) <= 0, "taken over late: " + waited);
        assertEquals(successor.id(), taken.holderIdentity());
        assertEquals(1, taken.leaderTransitions());
        assertEquals(successor, assertOneLeader());
        Await.until(
                "the successor reported both leaders",
                () -> successor.callbacks().newLeaders.equals(List.of(old.id(), successor.id())),
                Await.LONG_TIMEOUT);
    }

    @Test
    void aReleasedLeaseIsTakenAtTheNextRetry() throws InterruptedException {
        Candidate old = leaderOfTwoAfterTicks(true, 5);
        Instant stoppedAt = clock.now();

        stop(old);
        LeaderElectionRecord released = record();
        assertEquals("", released.holderIdentity());
        assertEquals(1, released.leaseDurationSeconds());
        assertEquals(0, released.leaderTransitions());

        Candidate successor = tickUntilTakeover("", 10);
        LeaderElectionRecord taken = record();
        Duration waited = Duration.between(stoppedAt, taken.acquireTime());
        // One jittered retry period at most: 2 s * (1 + 1.2), rounded up to the tick.
        assertTrue(waited.compareTo(Duration.ofMillis(4400).plus(TICK)) <= 0, "took " + waited);
        assertEquals(successor.id(), taken.holderIdentity());
        assertEquals(1, taken.leaderTransitions());
        assertTrue(old.callbacks().sawCancellation);
    }

    @Test
    void threeCandidatesElectOneAndExactlyOneOfTheOthersTakesOver() throws InterruptedException {
        startAll(false, "alpha", "beta", "gamma");
        Candidate old = assertOneLeader();
        for (int i = 0; i < 10; i++) {
            tick();
            assertEquals(old, assertOneLeader());
        }
        LeaderElectionRecord lastRenewal = record();

        stop(old);
        Candidate successor = tickUntilTakeover(old.id(), 40);
        assertTrue(Duration.between(lastRenewal.renewTime(), record().acquireTime())
                        .compareTo(LEASE_DURATION)
                >= 0);
        for (int i = 0; i < 20; i++) {
            tick();
            assertEquals(successor, assertOneLeader(), "one leader among the two left at t=" + clock.seconds());
        }
        assertEquals(1, record().leaderTransitions());
        Candidate bystander =
                running().stream().filter(c -> c != successor).findFirst().orElseThrow();
        Await.until(
                "the bystander reported both leaders",
                () -> bystander.callbacks().newLeaders.equals(List.of(old.id(), successor.id())),
                Await.LONG_TIMEOUT);
    }

    @Test
    void aLeaseUpdatedBySomeoneElseMakesTheLeaderLoseTheRound() throws InterruptedException {
        startAll(false, "alpha");
        Candidate leader = assertOneLeader();
        tick();

        // Someone else takes the lease through the API.
        Lease current = lease();
        LeaderElectionRecord intruder = new LeaderElectionRecord(
                "intruder",
                15,
                clock.now(),
                clock.now(),
                LeaderElectionRecord.fromLeaseSpec(current.spec()).leaderTransitions() + 1);
        Lease written =
                leases.update(current.toBuilder().spec(intruder.toLeaseSpec()).build());
        String intruderVersion = written.metadata().resourceVersion();
        long updatesBefore = server.requestCount("update", "leases");

        tick();
        tick();
        assertTrue(server.requestCount("update", "leases") > updatesBefore, "the leader tried to renew");
        assertEquals(intruderVersion, lease().metadata().resourceVersion(), "its stale update was rejected");
        assertFalse(leader.elector().isLeader(), "it lost the round");
        assertEquals("intruder", leader.elector().getLeader());

        // It keeps trying until the renew deadline, then stops leading; the intruder's lease is untouched.
        for (int i = 0; i < 12 && leader.running(); i++) {
            tick();
        }
        assertFalse(leader.running(), "gave up within the renew deadline");
        assertTrue(leader.callbacks().context.isCancelled());
        assertEquals(1, leader.callbacks().stoppedCount.get());
        assertEquals(intruderVersion, lease().metadata().resourceVersion());
        Await.until(
                "reported the intruder",
                () -> leader.callbacks().newLeaders.equals(List.of("alpha", "intruder")),
                Await.LONG_TIMEOUT);
    }

    @Test
    void aNewCandidateWaitsAFullLeaseDurationForAnUnknownHolder() throws InterruptedException {
        Instant longAgo = Instant.parse("2020-01-01T00:00:00Z");
        leases.create(Lease.builder()
                .metadata(ObjectMeta.builder().name(LEASE).namespace(NAMESPACE).build())
                .spec(new LeaderElectionRecord("ghost", 15, longAgo, longAgo, 3).toLeaseSpec())
                .build());
        Instant startedAt = clock.now();
        Candidate alpha = startAll(false, "alpha").get(0);
        assertFalse(alpha.elector().isLeader());
        assertEquals("ghost", alpha.elector().getLeader());

        Candidate leader = tickUntilTakeover("ghost", 25);
        assertEquals(alpha, leader);
        LeaderElectionRecord taken = record();
        assertTrue(
                Duration.between(startedAt, taken.acquireTime()).compareTo(LEASE_DURATION) >= 0,
                "waited " + Duration.between(startedAt, taken.acquireTime()));
        assertEquals(4, taken.leaderTransitions());
    }
}
