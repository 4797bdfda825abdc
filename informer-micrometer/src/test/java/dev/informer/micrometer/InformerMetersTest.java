package dev.informer.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.informer.api.ConfigMap;
import dev.informer.api.ResourceType;
import dev.informer.cache.HandlerOptions;
import dev.informer.cache.ReflectorOptions;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.cache.SharedIndexInformer;
import dev.informer.client.SharedInformerFactory;
import dev.informer.clock.testing.FakeClock;
import dev.informer.controller.Manager;
import dev.informer.controller.Result;
import dev.informer.leaderelection.LeaderElector;
import dev.informer.leaderelection.ResourceLock;
import dev.informer.workqueue.RateLimiters;
import dev.informer.workqueue.RateLimitingQueue;
import dev.informer.workqueue.WorkQueue;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The meters, scraped in the Prometheus text format: client-go's and controller-runtime's names. */
class InformerMetersTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final InformerMeters meters = InformerMeters.of(registry);

    @AfterEach
    void closeRegistry() {
        registry.close();
    }

    /** The value of the one scraped sample line starting with {@code series} (name and labels). */
    private double sample(String series) {
        String line = Arrays.stream(registry.scrape().split("\n"))
                .filter(l -> l.startsWith(series + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no sample " + series + " in\n" + registry.scrape()));
        return Double.parseDouble(line.substring(series.length() + 1).trim());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("timed out waiting until " + what);
            }
            LockSupport.parkNanos(1_000_000); // polls, as the core's Await helper
        }
    }

    /** A rate-limiting work queue named {@code name} on {@code clock}, its metrics on the meters under test. */
    private WorkQueue.Builder<String> meteredQueue(String name, FakeClock clock) {
        return WorkQueue.<String>builder()
                .name(name)
                .clock(clock)
                .metricsProvider(meters.workQueues())
                .rateLimiter(RateLimiters.itemExponentialFailure(Duration.ofMillis(5), Duration.ofSeconds(1)));
    }

    @Test
    void aWorkQueueExportsClientGosSevenMetrics() throws InterruptedException {
        FakeClock clock = new FakeClock();
        RateLimitingQueue<String> queue = meteredQueue("pods", clock).buildRateLimiting();
        try {
            queue.add("a");
            queue.add("b");
            queue.add("a"); // deduplicated: not an add
            clock.step(Duration.ofMillis(500));
            String item = queue.get().orElseThrow();
            clock.step(Duration.ofSeconds(2));
            queue.done(item);
            // The unfinished-work gauges are refreshed by the metrics loop on the clock; it may have
            // sampled the item in flight (2 s) before done(). Advance the clock until it samples again.
            await("unfinished work back to 0 after done()", () -> {
                clock.step(Duration.ofMillis(100));
                return registry.scrape().contains("workqueue_unfinished_work_seconds{name=\"pods\"} 0.0");
            });
            queue.addRateLimited("c");

            assertEquals(1.0, sample("workqueue_depth{name=\"pods\"}"));
            assertEquals(2.0, sample("workqueue_adds_total{name=\"pods\"}"));
            assertEquals(1.0, sample("workqueue_retries_total{name=\"pods\"}"));
            assertEquals(1.0, sample("workqueue_queue_duration_seconds_count{name=\"pods\"}"));
            assertEquals(0.5, sample("workqueue_queue_duration_seconds_sum{name=\"pods\"}"));
            assertEquals(1.0, sample("workqueue_queue_duration_seconds_bucket{name=\"pods\",le=\"1.0\"}"));
            assertEquals(0.0, sample("workqueue_queue_duration_seconds_bucket{name=\"pods\",le=\"0.1\"}"));
            assertEquals(2.0, sample("workqueue_work_duration_seconds_sum{name=\"pods\"}"));
            assertEquals(0.0, sample("workqueue_unfinished_work_seconds{name=\"pods\"}"));
            assertEquals(0.0, sample("workqueue_longest_running_processor_seconds{name=\"pods\"}"));
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void unfinishedWorkAndTheLongestRunningProcessorAreReportedInSeconds() throws InterruptedException {
        FakeClock clock = new FakeClock();
        RateLimitingQueue<String> queue = meteredQueue("slow", clock)
                .unfinishedWorkUpdatePeriod(Duration.ofMillis(500))
                .buildRateLimiting();
        try {
            queue.add("a");
            queue.get().orElseThrow();
            // Two loops wait on the clock: the delaying queue's (heartbeat) and the metrics loop. Step
            // only once both wait, or the step may come before the metrics loop's wait and be missed.
            assertTrue(clock.awaitWaiters(2, TIMEOUT), "the delaying and the metrics loops wait on the clock");
            clock.step(Duration.ofSeconds(3));

            await("unfinished work updated", () -> registry.scrape()
                    .contains("workqueue_unfinished_work_seconds{name=\"slow\"} 3.0"));
            assertEquals(3.0, sample("workqueue_longest_running_processor_seconds{name=\"slow\"}"));
        } finally {
            queue.shutDown();
        }
    }

    @Test
    void informersReflectorsAndListenersAreExportedPerNameAndResource() throws Exception {
        try (ApiServerFixture api = new ApiServerFixture()) {
            for (int i = 0; i < 3; i++) {
                api.createConfigMap("cm-" + i);
            }
            SharedInformerFactory factory = SharedInformerFactory.builder(api.client)
                    .informerMetricsProvider(meters.informers())
                    .reflectorOptions(ReflectorOptions.builder()
                            .metrics(meters.reflectors())
                            .build())
                    .build();
            try {
                SharedIndexInformer<ConfigMap> informer = factory.informerFor(ResourceType.CONFIGMAPS);
                CountDownLatch release = new CountDownLatch(1);
                CountDownLatch firstAdd = new CountDownLatch(1);
                informer.addEventHandler(
                        new ResourceEventHandler<ConfigMap>() {
                            @Override
                            public void onAdd(ConfigMap obj, boolean isInInitialList) {
                                firstAdd.countDown();
                                try {
                                    release.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                        },
                        HandlerOptions.builder().name("blocked").build());
                meters.bindListeners(informer, "v1/configmaps");
                factory.start();
                Map<SharedInformerFactory.Key, Boolean> synced = factory.waitForCacheSync(TIMEOUT);
                assertTrue(synced.values().stream().allMatch(b -> b), "synced: " + synced);
                assertTrue(firstAdd.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));

                String name = informer.name();
                String listener = "informer_listener_pending_notifications{handler=\"blocked\",listener=\"1\",name=\""
                        + name + "\",resource=\"v1/configmaps\"}";
                await("two notifications pending behind the blocked handler", () -> sample(listener) == 2.0);
                release.countDown();
                await("the handler caught up", () -> sample(listener) == 0.0);

                String scrape = registry.scrape();
                assertTrue(scrape.contains("informer_queued_items{name=\"" + name + "\",resource=\""), scrape);
                assertTrue(scrape.contains("informer_store_resource_version{name=\"" + name), scrape);
                assertTrue(scrape.contains("informer_processing_latency_seconds_count{name=\"" + name), scrape);
                assertTrue(scrape.contains("reflector_lists_total{name="), scrape);
                assertTrue(scrape.contains("reflector_items_per_list_sum{name="), scrape);
                assertTrue(scrape.contains("reflector_last_resource_version{name="), scrape);
            } finally {
                factory.shutdown();
            }
        }
    }

    @Test
    void leaderElectionMasterStatusIsOneWhileLeading() throws Exception {
        try (ApiServerFixture api = new ApiServerFixture()) {
            CountDownLatch leading = new CountDownLatch(1);
            CountDownLatch stopped = new CountDownLatch(1);
            LeaderElector elector = LeaderElector.builder()
                    .lock(ResourceLock.lease(api.client, "default", "ctrl", "me"))
                    .name("ctrl")
                    .onStartedLeading(ctx -> leading.countDown())
                    .onStoppedLeading(stopped::countDown)
                    .build();
            meters.bindLeaderElection(elector);
            assertEquals(0.0, sample("leader_election_master_status{name=\"ctrl\"}"));

            elector.start();
            assertTrue(leading.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
            assertEquals(1.0, sample("leader_election_master_status{name=\"ctrl\"}"));

            elector.close();
            assertTrue(elector.awaitTermination(TIMEOUT));
            assertEquals(0.0, sample("leader_election_master_status{name=\"ctrl\"}"));
        }
    }

    @Test
    void controllerRuntimeReconcileMetricsFromARealController() throws Exception {
        try (ApiServerFixture api = new ApiServerFixture()) {
            java.util.concurrent.CountDownLatch reconciled = new java.util.concurrent.CountDownLatch(2);
            java.util.concurrent.atomic.AtomicBoolean failOnce = new java.util.concurrent.atomic.AtomicBoolean(true);
            try (Manager manager = Manager.builder(api.client)
                    .controllerMetrics(meters.controllers())
                    .build()) {
                assertThrows(
                        AssertionError.class,
                        () -> sample(
                                "controller_runtime_reconcile_total{controller=\"webapp\",result=\"requeue_after\"}"),
                        "no series before the controller is built");
                manager.controllerBuilder()
                        .name("webapp")
                        .forResource(ResourceType.CONFIGMAPS)
                        .maxConcurrentReconciles(2)
                        .build((request, token) -> {
                            reconciled.countDown();
                            if (failOnce.getAndSet(false)) {
                                throw new IllegalStateException("first attempt fails");
                            }
                            return Result.done();
                        });
                assertEquals(
                        0.0,
                        sample("controller_runtime_reconcile_total{controller=\"webapp\",result=\"requeue_after\"}"),
                        "series exist at zero once the controller is built");
                manager.start();
                assertEquals(2.0, sample("controller_runtime_max_concurrent_reconciles{controller=\"webapp\"}"));
                api.server.create("configmaps", "default", "{\"metadata\":{\"name\":\"app\"}}");
                assertTrue(reconciled.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
                await(
                        "the retry succeeded",
                        () -> sample("controller_runtime_reconcile_total{controller=\"webapp\",result=\"success\"}")
                                == 1.0);
                assertEquals(1.0, sample("controller_runtime_reconcile_total{controller=\"webapp\",result=\"error\"}"));
                assertEquals(1.0, sample("controller_runtime_reconcile_errors_total{controller=\"webapp\"}"));
                assertEquals(2.0, sample("controller_runtime_reconcile_time_seconds_count{controller=\"webapp\"}"));
                assertEquals(0.0, sample("controller_runtime_active_workers{controller=\"webapp\"}"));
            }
        }
    }
}
