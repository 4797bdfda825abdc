package dev.informer.controller;

import static dev.informer.controller.Fixture.NS;
import static dev.informer.controller.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.leaderelection.ResourceLock;
import dev.informer.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The manager against the embedded API server: cache sync failure, readiness, graceful drain and the
 * drain deadline, and leader-gated controllers (the electors on a fake clock the test steps).
 */
class ManagerTest {

    private static final String LEASE = "managed-controller";

    private final Fixture fx = new Fixture();
    private final FakeClock electionClock = new FakeClock();
    private final List<Manager> managers = new ArrayList<>();

    @AfterEach
    void stop() {
        managers.forEach(Manager::close);
        fx.close();
    }

    private Manager.Builder builder() {
        return Manager.builder(fx.client).syncTimeout(Duration.ofSeconds(20));
    }

    private Manager track(Manager manager) {
        managers.add(manager);
        return manager;
    }

    private LeaderElector.Builder election(String identity) {
        return LeaderElector.builder()
                .lock(ResourceLock.lease(fx.client, NS, LEASE, identity))
                .releaseOnCancel(true)
                .name(LEASE)
                .clock(electionClock)
                .random(new Random(identity.hashCode()));
    }

    /** A controller of {@code manager} reconciling ConfigMaps with {@code reconciler}. */
    private static Controller configMapController(Manager manager, Reconciler<Request> reconciler) {
        return manager.controllerBuilder().forResource(ResourceType.CONFIGMAPS).build(reconciler);
    }

    @Test
    void startFailsClearlyNamingTheInformersWhoseCachesDidNotSync() {
        Manager manager = track(builder().syncTimeout(Duration.ofMillis(300)).build());
        manager.controllerBuilder()
                .forResource(ResourceType.generic("example.dev", "v1", "widgets", "Widget", true))
                .build(new RecordingReconciler());

        CacheSyncTimeoutException e = assertThrows(CacheSyncTimeoutException.class, manager::start);

        assertEquals(List.of("widgets"), e.unsynced());
        assertTrue(e.getMessage().startsWith("caches did not sync within PT0.3S: widgets"), e.getMessage());
        assertEquals(Optional.of("manager is stopped"), manager.readiness().check());
    }

    @Test
    void readinessFollowsTheLifecycle() throws Exception {
        Manager manager = track(builder().build());
        configMapController(manager, new RecordingReconciler());
        assertEquals(Optional.of("manager is not started"), manager.readiness().check());

        manager.start();
        assertEquals(Optional.empty(), manager.readiness().check());
        assertEquals(Optional.empty(), manager.liveness().check());
        assertTrue(manager.isLeading(), "without leader election the manager always reconciles");

        manager.close();
        assertTrue(manager.readiness().check().isPresent());
        assertFalse(manager.liveness().check().isEmpty());
    }

    @Test
    void shutdownLetsTheReconcileUnderWayFinishWithinTheDeadline() throws Exception {
        CountDownLatch inReconcile = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean finishedNormally = new AtomicBoolean();
        Manager manager = track(builder().build());
        Controller c = configMapController(manager, new RecordingReconciler((k, cancellation) -> {
            inReconcile.countDown();
            release.await();
            finishedNormally.set(!cancellation.isCancelled());
            return Result.done();
        }));
        manager.start();
        c.enqueue(request("busy"));
        inReconcile.await();

        AtomicReference<Boolean> drained = new AtomicReference<>();
        Thread stopper = new Thread(() -> drained.set(manager.shutdown(Duration.ofSeconds(30))), "stopper");
        stopper.start();
        Await.parked(stopper);
        assertTrue(stopper.isAlive(), "shutdown waits for the reconcile under way");

        release.countDown();
        Await.terminated(stopper);
        assertEquals(Boolean.TRUE, drained.get());
        assertTrue(finishedNormally.get(), "the reconcile finished uncancelled");
    }

    @Test
    void aReconcileStillRunningAtTheDeadlineIsCancelledAndInterrupted() throws Exception {
        CountDownLatch inReconcile = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean cancelled = new AtomicBoolean();
        Manager manager = track(builder().build());
        Controller c = configMapController(manager, new RecordingReconciler((k, cancellation) -> {
            inReconcile.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.set(true);
                cancelled.set(cancellation.isCancelled());
                throw e;
            }
            return Result.done();
        }));
        manager.start();
        c.enqueue(request("stuck"));
        inReconcile.await();

        assertFalse(manager.shutdown(Duration.ofMillis(200)), "not drained in time");
        Await.until("the reconcile was interrupted", interrupted::get);
        assertTrue(cancelled.get());
    }

    @Test
    void controllersRunOnlyWhileLeadingAndAStandbyKeepsItsCacheWarm() throws Exception {
        RecordingReconciler onA = new RecordingReconciler();
        RecordingReconciler onB = new RecordingReconciler();
        Manager a = track(builder().leaderElection(election("a")).build());
        Controller controllerA = configMapController(a, onA);
        Manager b = track(builder().leaderElection(election("b")).build());
        Controller controllerB = configMapController(b, onB);
        a.start();
        Await.until("a leads", a::isLeading);
        b.start();

        fx.createConfigMap("x");
        Await.until("a reconciled x", () -> onA.count(request("x")) == 1);
        Await.until("b queued x in its warm cache's controller", () -> controllerB.queueLength() == 1);
        assertFalse(b.isLeading());
        assertEquals(0, onB.calls.size(), "the standby reconciles nothing");
        assertEquals(Optional.empty(), b.readiness().check(), "a warm standby is ready");
        assertEquals(1, controllerA.maxConcurrentReconciles());

        a.close(); // releases the lease
        awaitTakeover("b", b);
        Await.until("b reconciled the key its cache had queued", () -> onB.count(request("x")) == 1);
    }

    @Test
    void losingTheLeadershipStopsTheControllersAndFailsLiveness() throws Exception {
        RecordingReconciler r = new RecordingReconciler();
        Manager manager = track(builder().leaderElection(election("solo")).build());
        Controller c = configMapController(manager, r);
        manager.start();
        Await.until("leading", manager::isLeading);
        c.enqueue(request("before"));
        Await.until("reconciled while leading", () -> r.count(request("before")) == 1);

        manager.leaderElector().orElseThrow().close();

        Await.until("liveness fails", () -> !manager.liveness().check().isEmpty());
        assertEquals(Optional.of("leader election lost"), manager.liveness().check());
        assertFalse(manager.isLeading());
        c.enqueue(request("after"));
        fx.createConfigMap("after-event");
        Await.until("the workers ended", () -> c.activeWorkers() == 0 && c.queueLength() == 0);
        assertEquals(0, r.count(request("after")), "nothing is reconciled after the term ended");
    }

    private long configMapReads() {
        return fx.server.requestCount("list", "configmaps") + fx.server.requestCount("watch", "configmaps");
    }

    @Test
    void aStandbyThatStartsItsCachesOnlyOnWinningIsReadyWhileItWaits() throws Exception {
        RecordingReconciler r = new RecordingReconciler();
        Manager holder = track(builder().leaderElection(election("holder")).build());
        configMapController(holder, new RecordingReconciler());
        holder.start();
        Await.until("holder leads", holder::isLeading);

        Manager cold = track(builder()
                .leaderElection(election("cold"))
                .warmCachesBeforeLeading(false)
                .build());
        configMapController(cold, r);
        cold.start();
        assertEquals(Optional.empty(), cold.readiness().check());
        assertFalse(
                cold.informerFactory().informerFor(ResourceType.CONFIGMAPS).hasStarted(), "no cache before winning");
        long callsBefore = configMapReads();

        holder.close();
        awaitTakeover("cold", cold);
        fx.createConfigMap("y");
        Await.until("cold reconciled y", () -> r.count(request("y")) == 1);
        assertTrue(configMapReads() > callsBefore, "cold listed and watched only after winning");
    }

    /**
     * Steps the election clock until {@code manager}'s elector takes the lease the previous holder
     * released, then waits for its controllers to run (the clock stands still: the term lasts).
     */
    private void awaitTakeover(String name, Manager manager) {
        Await.until(
                name + " leads after the holder released the lease",
                () -> {
                    stepElectionClockAndSettle();
                    return manager.leaderElector().orElseThrow().isLeader();
                },
                Await.LONG_TIMEOUT);
        Await.until(name + "'s controllers run", manager::isLeading);
    }

    /**
     * Steps the election clock by a second, then waits (bounded) until the elector has seen the new time
     * and waits on the clock again: a busy machine must not let the clock run ahead of a starved elector
     * thread past its renew deadline.
     */
    private void stepElectionClockAndSettle() {
        electionClock.step(Duration.ofSeconds(1));
        try {
            electionClock.awaitWaitersSince(1, electionClock.nanoTime(), Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while the elector caught up with the clock", e);
        }
    }

    @Test
    void builderSettersRefuseNullNamingTheSetting() {
        Manager.Builder b = Manager.builder(fx.client);

        assertEquals(
                "leaderElection",
                assertThrows(NullPointerException.class, () -> b.leaderElection(null))
                        .getMessage());
        assertEquals(
                "informers",
                assertThrows(NullPointerException.class, () -> b.informers(null))
                        .getMessage());
        NullPointerException metrics = assertThrows(NullPointerException.class, () -> b.controllerMetrics(null));
        assertEquals("controllerMetrics", metrics.getMessage());
    }

    @Test
    void aBuiltManagerKeepsItsSettingsWhenTheBuilderChangesLater() {
        FakeClock first = new FakeClock();
        Manager.Builder b = builder().clock(first).gracefulShutdownTimeout(Duration.ofSeconds(3));
        Manager manager = track(b.build());

        b.clock(new FakeClock()).gracefulShutdownTimeout(Duration.ofSeconds(4));

        assertEquals(first, manager.settings().clock());
        assertEquals(Duration.ofSeconds(3), manager.settings().gracefulShutdownTimeout());
        assertEquals(Duration.ofSeconds(4), track(b.build()).settings().gracefulShutdownTimeout());
    }
}
