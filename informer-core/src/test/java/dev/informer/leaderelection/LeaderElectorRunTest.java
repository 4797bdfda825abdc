package dev.informer.leaderelection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.testing.Await;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The election loop (client-go's {@code Run}: acquire, renew, release) against the in-memory lock on a
 * clock the test steps; ports {@code TestFastPathLeaderElection} and {@code TestReleaseOnCancellation}
 * and adds the timing rules (renew deadline, jitter, expiry on our own clock).
 */
class LeaderElectorRunTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private final TrackingClock clock = new TrackingClock();
    private final FakeResourceLock.Store store = new FakeResourceLock.Store(clock);
    private final FakeResourceLock lock = new FakeResourceLock(store, "baz");
    private final RecordingCallbacks callbacks = new RecordingCallbacks();
    private final StartedElectors started = new StartedElectors();

    private LeaderElector.Builder builder() {
        return callbacks.electorWithDefaults(lock, clock, 42);
    }

    private LeaderElector start(LeaderElector.Builder builder) {
        return started.start(builder);
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        started.stopAll();
    }

    /** Steps the clock by {@code tick} until {@code seconds} have passed, letting the elector react each time. */
    private void advance(double seconds, Duration tick) throws InterruptedException {
        long end = clock.nanoTime() + (long) (seconds * 1e9);
        while (clock.nanoTime() - end < 0) {
            clock.requireIdle(1, "elector waiting");
            clock.step(tick);
        }
        clock.requireIdle(1, "elector waiting");
    }

    private LeaderElector startLeading(LeaderElector.Builder builder) throws InterruptedException {
        return started.startLeading(builder, callbacks, clock);
    }

    @Test
    void closeIsIdempotentAndEndsTheElection() throws InterruptedException {
        LeaderElector elector = start(builder());
        elector.close();
        elector.close();
        assertTrue(elector.awaitTermination(WAIT), "elector ended");
        assertFalse(elector.isLeader());
        elector.close();
    }

    @Test
    void leaderRenewsOnTheFastPathWithoutReadingTheLock() throws InterruptedException {
        LeaderElector elector = startLeading(builder());
        assertEquals(List.of("get", "create", "update"), store.verbs("baz"));

        advance(2, Duration.ofSeconds(1));
        advance(2, Duration.ofSeconds(1));
        assertEquals(List.of("get", "create", "update", "update", "update"), store.verbs("baz"));
        assertTrue(elector.isLeader());
        assertEquals(List.of("baz became leader"), lock.events());
    }

    @Test
    void fastPathConflictFallsBackToTheSlowPath() throws InterruptedException {
        AtomicInteger updates = new AtomicInteger();
        store.intercept((who, verb) ->
                verb.equals("update") && updates.incrementAndGet() == 2 ? FakeResourceLock.conflict() : null);
        LeaderElector elector = startLeading(builder());

        advance(2, Duration.ofSeconds(1));
        assertEquals(List.of("get", "create", "update", "update", "get", "update"), store.verbs("baz"));
        advance(2, Duration.ofSeconds(1));
        assertEquals(List.of("get", "create", "update", "update", "get", "update", "update"), store.verbs("baz"));
        assertTrue(elector.isLeader());
    }

    @Test
    void releaseOnCancelWritesAnEmptyHolderAndAOneSecondDuration() throws InterruptedException {
        LeaderElector elector = startLeading(builder().releaseOnCancel(true));
        advance(4, Duration.ofSeconds(1));
        Instant stoppedAt = clock.now();

        elector.close();
        assertTrue(elector.awaitTermination(WAIT));

        LeaderElectionRecord released = store.current().orElseThrow();
        assertEquals(new LeaderElectionRecord("", 1, stoppedAt, stoppedAt, 0), released);
        assertEquals(List.of("baz became leader", "baz stopped leading"), lock.events());
        assertEquals(1, callbacks.stoppedCount.get());
        assertTrue(callbacks.startedReturned.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        assertTrue(callbacks.sawCancellation, "onStartedLeading saw its context cancelled");
        assertFalse(elector.isLeader());
    }

    @Test
    void withoutReleaseOnCancelTheLeaseStaysHeld() throws InterruptedException {
        LeaderElector elector = startLeading(builder());
        elector.close();
        assertTrue(elector.awaitTermination(WAIT));
        assertEquals("baz", store.current().orElseThrow().holderIdentity());
        assertEquals(List.of("get", "create", "update"), store.verbs("baz"));
        assertEquals(List.of("baz became leader", "baz stopped leading"), lock.events());
    }

    @Test
    void failingRenewalsStopLeadingWhenTheRenewDeadlineHasPassedSinceTheLastSuccessfulRenewal()
            throws InterruptedException {
        LeaderElector elector = startLeading(builder());
        // t=0: acquired and renewed; every call fails from now on.
        store.intercept((who, verb) -> FakeResourceLock.serverError());

        // Retries every 2 s; the fence is 10 s after the last successful renewal (client-go: 10 s after
        // the start of the failing round, t=12).
        advance(9, Duration.ofSeconds(1));
        assertFalse(callbacks.hasStopped(), "still leading at t=" + clock.seconds());
        assertFalse(callbacks.context.isCancelled());
        assertTrue(elector.isLeader());

        clock.step(Duration.ofSeconds(1));
        assertTrue(elector.awaitTermination(WAIT), "gave up at t=10");
        assertFalse(elector.isLeader());
        assertEquals(1, callbacks.stoppedCount.get());
        assertTrue(callbacks.context.isCancelled());
        assertTrue(callbacks.startedReturned.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        // Attempts at t=2, 4, 6 and 8, each a failed fast-path update then a failed read; none at t=10.
        long attempts = store.verbs("baz").stream().filter("get"::equals).count() - 1;
        assertEquals(4, attempts);
    }

    @Test
    void aLeaseRenewedBySomeoneElseEndsTheTermAtTheRenewDeadline() throws InterruptedException {
        LeaderElector elector = startLeading(builder());
        store.put(new LeaderElectionRecord("intruder", 15, clock.now(), clock.now(), 1));

        advance(2, Duration.ofSeconds(1));
        assertFalse(elector.isLeader(), "lost the round at t=2");
        assertEquals("intruder", elector.getLeader());
        assertEquals("intruder", store.current().orElseThrow().holderIdentity());

        advance(7, Duration.ofSeconds(1));
        assertFalse(callbacks.hasStopped());
        clock.step(Duration.ofSeconds(1)); // t=10: 10 s since the last successful renewal
        assertTrue(elector.awaitTermination(WAIT));
        assertEquals("intruder", store.current().orElseThrow().holderIdentity(), "never overwritten");
        Await.until(
                "reported the intruder",
                () -> callbacks.newLeaders.equals(List.of("baz", "intruder")),
                Await.LONG_TIMEOUT);
    }

    @Test
    void onStartedLeadingRunsOnItsOwnThreadAndDoesNotBlockRenewals() throws InterruptedException {
        AtomicReference<Thread> runThread = new AtomicReference<>();
        LeaderElector elector = builder()
                .threadFactory(r -> {
                    Thread t = new Thread(r, "test-leader-" + System.identityHashCode(r));
                    t.setDaemon(true);
                    runThread.compareAndSet(null, t);
                    return t;
                })
                .build();
        started.add(elector);
        assertTrue(callbacks.started.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        clock.requireIdle(1, "leader waiting");
        assertNotSame(runThread.get(), callbacks.startedThread);

        // onStartedLeading is still blocked in awaitCancellation, yet renewals go on.
        advance(6, Duration.ofSeconds(1));
        assertEquals(List.of("get", "create", "update", "update", "update", "update"), store.verbs("baz"));
        assertEquals(1, callbacks.startedReturned.getCount());
    }

    @Test
    void throwingCallbacksAreLoggedAndTheElectionGoesOn() throws InterruptedException {
        CountDownLatch threw = new CountDownLatch(2);
        LeaderElector elector = LeaderElector.builder()
                .lock(lock)
                .clock(clock)
                .random(new Random(1))
                .onStartedLeading(ctx -> {
                    threw.countDown();
                    throw new IllegalStateException("controller failed to start");
                })
                .onNewLeader(id -> {
                    threw.countDown();
                    throw new IllegalStateException("bad listener");
                })
                .onStoppedLeading(() -> {
                    throw new IllegalStateException("bad cleanup");
                })
                .build();
        started.add(elector);
        assertTrue(threw.await(WAIT.toSeconds(), TimeUnit.SECONDS));

        advance(4, Duration.ofSeconds(1));
        assertTrue(elector.isLeader());
        assertEquals(List.of("get", "create", "update", "update", "update"), store.verbs("baz"));
        elector.close();
        assertTrue(elector.awaitTermination(WAIT), "run() ends although onStoppedLeading threw");
    }

    @Test
    void stopBeforeRunReturnsAtOnceAndStillCallsOnStoppedLeading() {
        LeaderElector elector = builder().build();
        elector.close();
        elector.run();
        assertEquals(List.of(), store.operations());
        assertEquals(1, callbacks.stoppedCount.get());
        assertEquals(0, callbacks.startedCount.get());
    }

    @Test
    void anElectorRunsOnlyOnce() throws InterruptedException {
        LeaderElector elector = start(builder());
        IllegalStateException e = assertThrows(IllegalStateException.class, elector::run);
        assertTrue(e.getMessage().contains("runs once"), e.getMessage());
        assertThrows(IllegalStateException.class, elector::start);
        assertTrue(callbacks.started.await(WAIT.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void interruptingTheRunThreadStopsTheElectionAndKeepsTheInterrupt() throws InterruptedException {
        store.put(new LeaderElectionRecord("other", 3600, null, null, 0));
        LeaderElector elector = builder().build();
        AtomicBoolean interruptedAfterRun = new AtomicBoolean();
        Thread runner = new Thread(() -> {
            elector.run();
            interruptedAfterRun.set(Thread.currentThread().isInterrupted());
        });
        runner.start();
        clock.requireIdle(1, "follower waiting to retry");

        runner.interrupt();
        runner.join(WAIT.toMillis());
        assertFalse(runner.isAlive());
        assertTrue(interruptedAfterRun.get());
        assertTrue(elector.awaitTermination(Duration.ZERO));
        assertEquals(1, callbacks.stoppedCount.get());
    }

    @Test
    void acquisitionRetriesEveryRetryPeriodStretchedByUpToTheJitterFactor() throws InterruptedException {
        store.put(new LeaderElectionRecord("other", 3600, null, null, 0));
        start(builder());
        advance(60, Duration.ofMillis(100));

        List<Long> gets = new ArrayList<>();
        for (FakeResourceLock.Operation op : store.operations()) {
            gets.add(op.nanos());
        }
        assertTrue(gets.size() >= 60 / 4.4, "attempts: " + gets.size());
        HashSet<Long> distinctGaps = new HashSet<>();
        for (int i = 1; i < gets.size(); i++) {
            long gap = gets.get(i) - gets.get(i - 1);
            assertTrue(gap >= Duration.ofSeconds(2).toNanos(), "gap " + gap + " below the retry period");
            assertTrue(gap <= Duration.ofMillis(4400 + 100).toNanos(), "gap " + gap + " above retry*(1+1.2)");
            distinctGaps.add(gap);
        }
        assertTrue(distinctGaps.size() > 1, "the retry period is jittered: " + distinctGaps);
        assertEquals(List.of(), lock.events());
    }

    @Test
    void aLeaseHeldByAnotherIsTakenOnlyAfterItsDurationOnOurClockWhateverItsTimestamps() throws InterruptedException {
        // The holder's clock is 25 years behind: only our observation of the record counts.
        Instant ancient = Instant.parse("1999-01-01T00:00:00Z");
        store.put(new LeaderElectionRecord("other", 10, ancient, ancient, 4));
        LeaderElector elector = start(builder());
        clock.requireIdle(1, "follower observed the lease");
        long observedAt = store.operations().get(0).nanos();

        while (!elector.isLeader()) {
            // Past 10 s, the next jittered attempt (at most 4.4 s later) must take it.
            assertTrue(
                    clock.nanoTime() - observedAt
                            < Duration.ofMillis(10_000 + 4_500).toNanos(),
                    "not taken over by t=" + clock.seconds() + "s");
            clock.step(Duration.ofMillis(100));
            clock.requireIdle(1, "follower reacted");
        }
        LeaderElectionRecord taken = store.current().orElseThrow();
        assertEquals("baz", taken.holderIdentity());
        assertEquals(5, taken.leaderTransitions());
        long takenAt = store.operations().stream()
                .filter(op -> op.verb().equals("update"))
                .findFirst()
                .orElseThrow()
                .nanos();
        assertTrue(
                takenAt - observedAt >= Duration.ofSeconds(10).toNanos(),
                "taken " + (takenAt - observedAt) / 1e9 + " s after observing, before the 10 s lease passed");
        assertEquals(clock.now(), taken.acquireTime());
        assertTrue(elector.isLeader());
        Await.until(
                "reported both leaders",
                () -> callbacks.newLeaders.equals(List.of("other", "baz")),
                Await.LONG_TIMEOUT);
    }

    @Test
    void aLeaseWhoseHolderKeepsRenewingIsNeverTaken() throws InterruptedException {
        store.put(new LeaderElectionRecord("other", 10, Instant.EPOCH, clock.now(), 0));
        LeaderElector elector = start(builder());
        clock.requireIdle(1, "follower waiting");
        for (int i = 0; i < 12; i++) {
            advance(5, Duration.ofMillis(500));
            store.put(new LeaderElectionRecord("other", 10, Instant.EPOCH, clock.now(), 0));
        }
        advance(5, Duration.ofMillis(500));
        assertFalse(elector.isLeader(), "65 s of renewals every 5 s never let a 10 s lease expire");
        assertEquals(0, callbacks.startedCount.get());
        assertEquals("other", store.current().orElseThrow().holderIdentity());
    }

    @Test
    void onNewLeaderIsReportedOncePerChangeOfHolderInOrder() throws InterruptedException {
        store.put(new LeaderElectionRecord("a", 15, null, clock.now(), 0));
        start(builder());
        clock.requireIdle(1, "follower waiting");
        advance(5, Duration.ofMillis(500));
        store.put(new LeaderElectionRecord("a", 15, null, clock.now(), 0)); // a renews: same holder
        advance(5, Duration.ofMillis(500));
        store.put(new LeaderElectionRecord("b", 15, null, clock.now(), 1));
        advance(5, Duration.ofMillis(500));
        store.put(new LeaderElectionRecord("", 1, null, clock.now(), 1)); // b released
        advance(5, Duration.ofMillis(500));

        assertTrue(callbacks.started.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        Await.until("reports a, b, baz", () -> callbacks.newLeaders.size() >= 3, Await.LONG_TIMEOUT);
        assertEquals(List.of("a", "b", "baz"), callbacks.newLeaders);
        assertEquals(2, store.current().orElseThrow().leaderTransitions());
    }

    @Test
    void healthCheckFailsWhenTheLeaderHasNotRenewedForLongerThanTheLeaseDuration() throws InterruptedException {
        LeaderElectionHealthCheck health = new LeaderElectionHealthCheck(Duration.ofSeconds(5));
        assertEquals(Optional.empty(), health.check(), "healthy before an elector is attached");
        CountDownLatch renewalEntered = new CountDownLatch(1);
        CountDownLatch unblock = new CountDownLatch(1);
        AtomicInteger updates = new AtomicInteger();
        store.intercept((who, verb) -> {
            if (verb.equals("update") && updates.incrementAndGet() == 2) {
                renewalEntered.countDown();
                try {
                    unblock.await(); // a renewal stuck in the API call
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return null;
        });
        LeaderElector elector = startLeading(builder().healthCheck(health));
        assertEquals(Optional.empty(), health.check());

        clock.step(Duration.ofSeconds(2));
        assertTrue(renewalEntered.await(WAIT.toSeconds(), TimeUnit.SECONDS));
        clock.step(Duration.ofSeconds(18)); // 20 s since the last renewal: 15 s lease + 5 s tolerance
        assertEquals(Optional.empty(), health.check());
        clock.step(Duration.ofMillis(1));
        assertTrue(health.check().orElseThrow().contains("failed election to renew leadership"));
        assertEquals(Optional.empty(), elector.check(Duration.ofSeconds(6)));
        assertEquals("leaderElection", health.name());

        unblock.countDown();
        assertTrue(elector.awaitTermination(WAIT), "a renewal that returns after the deadline ends the term");
        assertEquals(1, callbacks.stoppedCount.get());
    }
}
