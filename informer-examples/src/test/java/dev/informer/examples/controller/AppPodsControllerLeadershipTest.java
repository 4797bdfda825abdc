package dev.informer.examples.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.examples.Await;
import dev.informer.examples.EmbeddedServerTest;
import dev.informer.examples.demo.SamplePods;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.leaderelection.ResourceLock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The example controller with leader election: its workers ask the elector before every reconcile
 * and the reconciler asks again before every write, so a process that lost leadership (here: its
 * election clock jumped past the renew deadline, as after a long pause) neither reconciles nor writes.
 */
class AppPodsControllerLeadershipTest extends EmbeddedServerTest {

    private static final Duration SYNC = Duration.ofSeconds(20);

    private AppPodsController controller;
    private LeaderElector elector;
    private final FakeClock electionClock = new FakeClock();
    private final CountDownLatch stoppedLeading = new CountDownLatch(1);

    private final RecordingReconcileListener recorder = new RecordingReconcileListener();

    AppPodsControllerLeadershipTest() {
        super(3);
    }

    @AfterEach
    void stopWhatTheTestStarted() throws InterruptedException {
        if (controller != null) {
            controller.close();
        }
        if (elector != null) {
            elector.close();
            assertTrue(elector.awaitTermination(SYNC));
        }
    }

    private long configMapWrites() {
        return server.requestCount("create", "configmaps")
                + server.requestCount("update", "configmaps")
                + server.requestCount("delete", "configmaps")
                + server.requestCount("patch", "configmaps");
    }

    private void createPod(String namespace, String name, String app) {
        createPod(namespace, name, app, true);
    }

    private void createPod(String namespace, String name, String app, boolean ready) {
        SamplePods.create(server, SamplePods.pod(namespace, name, app, null), ready);
    }

    private ReconcileResult.@Nullable Action lastAction() {
        List<ReconcileResult> results = recorder.reconciled;
        return results.isEmpty() ? null : results.get(results.size() - 1).action();
    }

    @Test
    void aControllerThatLostLeadershipNeitherReconcilesNorWrites() throws Exception {
        elector = LeaderElector.builder()
                .lock(ResourceLock.lease(client(), "default", "app-pods", "candidate-1"))
                .leaseDuration(Duration.ofSeconds(15))
                .renewDeadline(Duration.ofSeconds(10))
                .retryPeriod(Duration.ofSeconds(2))
                .clock(electionClock)
                .onStartedLeading(context -> {})
                .onStoppedLeading(stoppedLeading::countDown)
                .build();
        elector.start();
        Await.until("leading", elector::isLeader);
        controller = AppPodsController.builder(client())
                .workers(2)
                .listener(recorder)
                .leadership(elector::isLeader)
                .build();
        controller.start(SYNC);
        // Not ready, so the pod sends one event and the ConfigMap one: the pod's reconcile creates the
        // ConfigMap, whose own event brings the last reconcile (UNCHANGED). After that nothing is due, so
        // the count taken below cannot race with a reconcile still on its way.
        createPod("shop", "web-1", "web", false);
        Await.until(
                "shop/web-pods created and its own event reconciled while leading",
                () -> server.get("configmaps", "shop", "web-pods").isPresent()
                        && controller.stats().configMapEvents() >= 1
                        && lastAction() == ReconcileResult.Action.UNCHANGED
                        && controller.isIdle());

        // The election clock jumps past the renew deadline while the elector waits: as after a pause.
        long writesBefore = configMapWrites();
        long leaseWritesBefore = server.requestCount("update", "leases");
        int reconcilesBefore = recorder.reconciled.size();
        // A 409 AlreadyExists while leading (the ConfigMap informer a moment behind the worker) is an
        // ordinary retried failure; what matters is that none comes after the loss.
        int failuresBefore = recorder.failures.size();
        electionClock.step(Duration.ofSeconds(11));
        assertFalse(elector.isLeader());
        assertTrue(stoppedLeading.await(SYNC.toSeconds(), TimeUnit.SECONDS), "onStoppedLeading fired");

        createPod("shop", "web-2", "web");
        createPod("blog", "api-1", "api");
        server.delete("pods", "shop", "web-1");
        Await.until(
                "both keys dropped unreconciled",
                () -> controller.cachedPods() == 2 && controller.notLeadingSkips() >= 2 && controller.isIdle());

        assertEquals(
                reconcilesBefore,
                recorder.reconciled.size(),
                "no reconcile after losing leadership: " + recorder.reconciled);
        assertEquals(writesBefore, configMapWrites(), "no ConfigMap write reached the server");
        assertEquals(leaseWritesBefore, server.requestCount("update", "leases"), "no lease write either");
        assertTrue(server.get("configmaps", "blog", "api-pods").isEmpty());
        assertEquals(
                List.of(),
                recorder.failures.subList(failuresBefore, recorder.failures.size()),
                "not counted as failures");
    }

    @Test
    void theReconcilerAsksAgainRightBeforeItWrites() throws Exception {
        // Leading when the worker asks, no longer when the write is due (lost in between).
        AtomicInteger asks = new AtomicInteger();
        controller = AppPodsController.builder(client())
                .workers(1)
                .listener(recorder)
                .leadership(() -> asks.incrementAndGet() % 2 == 1)
                .build();
        controller.start(SYNC);
        createPod("shop", "web-1", "web");
        Await.until("the key was dropped at the write", () -> controller.notLeadingSkips() >= 1 && controller.isIdle());

        assertEquals(0, configMapWrites());
        assertEquals(List.of(), recorder.reconciled);
        assertEquals(List.of(), recorder.failures);
        assertTrue(asks.get() >= 2, "asked before the reconcile and before the write: " + asks.get());
    }
}
