package dev.informer.controller;

import static dev.informer.controller.Fixture.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.ResourceType;
import dev.informer.clock.testing.FakeClock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.testing.Await;
import dev.informer.workqueue.GaugeMetric;
import dev.informer.workqueue.MetricsProvider;
import dev.informer.workqueue.RateLimiters;
import dev.informer.workqueue.WorkQueue;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What happens to a key after its reconcile, on a fake clock: requeueAfter, rate-limited requeues
 * and errors, the reconcile timeout, metrics per outcome, and no key reconciled twice at once under
 * load. Keys are enqueued straight into the controller; with one worker a "marker" key reconciled
 * after a clock step proves that a delayed key was not due yet.
 */
class ReconcileLoopTest {

    private static final String NAME = "loop";

    private final Fixture fx = new Fixture();
    private final FakeClock clock = new FakeClock();
    private final RecordingControllerMetrics metrics = new RecordingControllerMetrics();
    private Manager manager;
    private int markers;

    @AfterEach
    void stop() {
        if (manager != null) {
            manager.close();
        }
        fx.close();
    }

    private Controller start(RecordingReconciler reconciler, ControllerBuilderConfig config) throws Exception {
        manager = Manager.builder(fx.client)
                .clock(clock)
                .controllerMetrics(metrics)
                .build();
        Controller.Builder builder = manager.controllerBuilder()
                .name(NAME)
                .forResource(ResourceType.CONFIGMAPS)
                .rateLimiter(RateLimiters.itemExponentialFailure(Duration.ofSeconds(1), Duration.ofSeconds(100)));
        config.apply(builder);
        Controller controller = builder.build(reconciler);
        manager.start();
        return controller;
    }

    /** Changes the controller builder in a test. */
    private interface ControllerBuilderConfig {
        void apply(Controller.Builder builder);
    }

    private void awaitOutcomes(ReconcileOutcome outcome, long count) {
        Await.until(
                outcome.label() + " x" + count + " (metrics " + metrics.values + ")",
                () -> metrics.total(NAME, outcome) >= count);
    }

    /** Reconciles a fresh marker key (one worker: every key due before it has been reconciled). */
    private void drainWithMarker(Controller controller, RecordingReconciler reconciler) {
        Request marker = request("marker-" + (++markers));
        controller.enqueue(marker);
        Await.until(marker + " reconciled", () -> reconciler.count(marker) == 1);
    }

    @Test
    void requeueAfterReconcilesAgainOnlyOnceTheDelayPassed() throws Exception {
        Request key = request("poll");
        RecordingReconciler r = new RecordingReconciler(
                (k, c) -> k.equals(key) ? Result.requeueAfter(Duration.ofSeconds(30)) : Result.done());
        Controller c = start(r, b -> {});
        c.enqueue(key);
        awaitOutcomes(ReconcileOutcome.REQUEUE_AFTER, 1);

        clock.step(Duration.ofSeconds(29));
        drainWithMarker(c, r);
        assertEquals(1, r.count(key), "not due before 30 s");

        clock.step(Duration.ofSeconds(1));
        Await.until("reconciled again after 30 s", () -> r.count(key) == 2);
    }

    @Test
    void errorsAndRequeuesBackOffPerKeyAndSuccessForgetsTheBackoff() throws Exception {
        Request key = request("flaky");
        AtomicInteger attempt = new AtomicInteger();
        RecordingReconciler r = new RecordingReconciler((k, c) -> {
            if (!k.equals(key)) {
                return Result.done();
            }
            return switch (attempt.incrementAndGet()) {
                case 1 -> throw new IllegalStateException("the backend is down");
                case 2 -> Result.requeue();
                default -> Result.done();
            };
        });
        Controller c = start(r, b -> {});
        c.enqueue(key);
        awaitOutcomes(ReconcileOutcome.ERROR, 1);

        clock.step(Duration.ofSeconds(1)); // first backoff: 1 s
        awaitOutcomes(ReconcileOutcome.REQUEUE, 1);

        clock.step(Duration.ofSeconds(1)); // second backoff: 2 s, not due yet
        drainWithMarker(c, r);
        assertEquals(2, r.count(key), "the second backoff is twice the first");

        clock.step(Duration.ofSeconds(1));
        Await.until("third attempt", () -> r.count(key) == 3);
        awaitOutcomes(ReconcileOutcome.SUCCESS, 2); // the marker and the key

        // The success forgot the backoff: a new failure starts again at 1 s.
        attempt.set(0);
        c.enqueue(key);
        awaitOutcomes(ReconcileOutcome.ERROR, 2);
        clock.step(Duration.ofSeconds(1));
        awaitOutcomes(ReconcileOutcome.REQUEUE, 2);

        assertEquals(2, metrics.get("reconcile_errors_total{" + NAME + "}"));
        assertEquals(0, metrics.get("active_workers{" + NAME + "}"));
        assertEquals(1, metrics.get("max_concurrent_reconciles{" + NAME + "}"));
        assertEquals(r.calls.size(), metrics.get("reconcile_time_seconds_count{" + NAME + "}"));
    }

    @Test
    void aReconcilePastTheTimeoutIsCancelledInterruptedAndRequeuedWithoutKillingItsWorker() throws Exception {
        Request key = request("slow");
        AtomicBoolean sawCancellation = new AtomicBoolean();
        AtomicInteger attempt = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        RecordingReconciler r = new RecordingReconciler((k, cancellation) -> {
            threads.add(Thread.currentThread());
            if (attempt.incrementAndGet() == 1) {
                try {
                    new CountDownLatch(1).await(); // hangs until interrupted
                } finally {
                    sawCancellation.set(cancellation.isCancelled());
                }
            }
            return Result.done();
        });
        Controller c = start(r, b -> b.reconcileTimeout(Duration.ofSeconds(10)));
        c.enqueue(key);
        Await.until("first attempt started", () -> r.count(key) == 1);

        clock.step(Duration.ofSeconds(9));
        assertEquals(0, metrics.total(NAME, ReconcileOutcome.ERROR), "not timed out before 10 s");
        clock.step(Duration.ofSeconds(1));
        awaitOutcomes(ReconcileOutcome.ERROR, 1);
        assertTrue(sawCancellation.get(), "the reconcile's cancellation was cancelled");

        clock.step(Duration.ofSeconds(1)); // the error's backoff
        awaitOutcomes(ReconcileOutcome.SUCCESS, 1);
        assertEquals(2, r.count(key));
        assertEquals(1, threads.size(), "the same worker went on: " + threads);
        assertFalse(threads.iterator().next().isInterrupted(), "the worker's interrupt was cleared");
        assertEquals(java.util.Optional.empty(), manager.liveness().check());
    }

    @Test
    void noKeyIsReconciledByTwoWorkersAtOnceUnderLoad() throws Exception {
        int keys = 40;
        int rounds = 25;
        Set<Request> inFlight = ConcurrentHashMap.newKeySet();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger concurrent = new AtomicInteger();
        AtomicInteger maxConcurrent = new AtomicInteger();
        java.util.Map<Request, AtomicInteger> counts = new ConcurrentHashMap<>();
        RecordingReconciler r = new RecordingReconciler((k, c) -> {
            int n = counts.computeIfAbsent(k, x -> new AtomicInteger()).incrementAndGet();
            if (!inFlight.add(k)) {
                overlaps.incrementAndGet();
            }
            maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
            try {
                for (int i = 0; i < 50; i++) {
                    Thread.yield();
                }
            } finally {
                concurrent.decrementAndGet();
                inFlight.remove(k);
            }
            return n < rounds ? Result.requeueAfter(Duration.ZERO) : Result.done();
        });
        Controller c = start(r, b -> b.maxConcurrentReconciles(8));
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < keys; i++) {
                c.enqueue(request("k" + i)); // adds while the same keys are being reconciled
            }
        }
        Await.until(
                () -> "every key reconciled " + rounds + " times (" + r.counts + ")",
                () -> {
                    for (int i = 0; i < keys; i++) {
                        if (r.count(request("k" + i)) < rounds) {
                            return false;
                        }
                    }
                    return true;
                },
                Duration.ofSeconds(60));
        assertEquals(0, overlaps.get(), "a key was reconciled by two workers at once");
        assertTrue(maxConcurrent.get() > 1, "workers ran in parallel: max " + maxConcurrent.get());
    }

    @Test
    void aKeyIsDroppedUnreconciledWhileTheFenceSaysThisProcessDoesNotLead() throws Exception {
        AtomicBoolean leading = new AtomicBoolean(true);
        RecordingReconciler r = new RecordingReconciler();
        DefaultController c = new DefaultController(
                "fenced",
                r,
                WorkQueue.<Request>builder().name("fenced").buildRateLimiting(),
                1,
                null,
                clock,
                ThreadFactories.platformDaemon("fenced"),
                ControllerMetrics.noop());
        AtomicInteger refusals = new AtomicInteger();
        c.start(() -> {
            boolean lead = leading.get();
            if (!lead) {
                refusals.incrementAndGet();
            }
            return lead;
        });
        try {
            c.enqueue(request("while-leading"));
            Await.until("reconciled while leading", () -> r.count(request("while-leading")) == 1);

            leading.set(false); // e.g. the renew deadline passed while the process was paused
            c.enqueue(request("after-the-term"));
            // the worker asked the fence about the key and was told no (queue length alone races the
            // worker between taking the key and asking the fence)
            Await.until("the fence said no", () -> refusals.get() == 1);
            leading.set(true);
            c.enqueue(request("marker"));
            Await.until("marker reconciled", () -> r.count(request("marker")) == 1);
            assertEquals(0, r.count(request("after-the-term")), "fenced off: " + r.calls);
        } finally {
            c.stopTakingWork(false);
        }
    }

    @Test
    void workQueueMetricsAreNamedAfterTheController() throws Exception {
        Set<String> depthNames = ConcurrentHashMap.newKeySet();
        AtomicInteger depth = new AtomicInteger();
        MetricsProvider provider = new MetricsProvider() {
            @Override
            public GaugeMetric newDepthMetric(String name) {
                depthNames.add(name);
                return new GaugeMetric() {
                    @Override
                    public void inc() {
                        depth.incrementAndGet();
                    }

                    @Override
                    public void dec() {
                        depth.decrementAndGet();
                    }
                };
            }
        };
        manager = Manager.builder(fx.client)
                .clock(clock)
                .workQueueMetrics(provider)
                .build();
        RecordingReconciler r = new RecordingReconciler();
        Controller c = manager.controllerBuilder()
                .name("named")
                .forResource(ResourceType.CONFIGMAPS)
                .build(r);
        manager.start();
        c.enqueue(request("k"));
        Await.until("reconciled", () -> r.count(request("k")) == 1);
        assertEquals(Set.of("named"), depthNames);
        assertEquals(0, depth.get(), "the queue is empty again");
    }

    @Test
    void aWorkerEndedByAnErrorFailsLivenessNamingIt() throws Exception {
        RecordingReconciler r = new RecordingReconciler((k, c) -> {
            throw new AssertionError("a bug in the reconciler");
        });
        Controller c = start(r, b -> {});
        assertTrue(manager.liveness().check().isEmpty());
        c.enqueue(request("boom"));
        Await.until("liveness fails", () -> manager.liveness().check().isPresent());
        String reason = manager.liveness().check().orElseThrow();
        assertTrue(reason.contains("controller " + NAME + ": worker"), reason);
    }
}
