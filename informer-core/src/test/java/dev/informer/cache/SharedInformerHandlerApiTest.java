package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.api.ResourceType;
import dev.informer.cache.HandlerOptions.HandlerSettings;
import dev.informer.client.ClientConfig;
import dev.informer.client.Informers;
import dev.informer.client.KubernetesClient;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testing.Await;
import dev.informer.testsupport.LogCapture;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The handler and lifecycle API of client-go 1.33–1.37: handler options (name, logger, resync), the
 * blocking handler shutdown, sync checkers and {@link Sync#waitFor}, cancellation tokens and the watch
 * error handler with context.
 */
class SharedInformerHandlerApiTest extends FakeApiTestBase {

    private SharedIndexInformer.Builder<Pod> builder() {
        return informerBuilder("handler-api-test-");
    }

    // ------------------------------------------------------------ HandlerOptions

    @Test
    void handlerNameAndLoggerAppearInTheThrowLineAndTheMetrics() {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().build();
        ResourceEventHandlerRegistration registration = informer.addEventHandler(
                new ResourceEventHandler<Pod>() {
                    @Override
                    public void onAdd(Pod obj, boolean isInInitialList) {
                        throw new IllegalStateException("boom in handler");
                    }
                },
                HandlerOptions.builder()
                        .name("node-controller")
                        .logger("my.controller.log")
                        .build());
        try (LogCapture logs = LogCapture.start()) {
            informer.start();
            Await.until("the throw is logged", () -> !logs.linesWith("node-controller", "threw")
                    .isEmpty());
            String line = logs.linesWith("node-controller", "threw").get(0);
            assertTrue(line.contains("ERROR") && line.contains("my.controller.log"), line);
        }
        assertEquals("node-controller", registration.metrics().handlerName());
        assertEquals(
                List.of("node-controller"),
                informer.listenerMetrics().stream()
                        .map(ListenerMetrics::handlerName)
                        .toList());
        assertEquals("pods/node-controller", registration.hasSyncedChecker().name());
    }

    @Test
    void theStopWarningNamesAHandlerThatOutlivesTheGracePeriod() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"));
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        informer = builder().build();
        informer.addEventHandler(
                new ResourceEventHandler<Pod>() {
                    @Override
                    public void onAdd(Pod obj, boolean isInInitialList) {
                        inHandler.countDown();
                        try {
                            release.await(20, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt(); // the stop gave up on it
                        }
                    }
                },
                HandlerOptions.builder().name("stuck-reconciler").build());
        informer.start();
        assertTrue(inHandler.await(20, TimeUnit.SECONDS));
        try (LogCapture logs = LogCapture.start()) {
            assertFalse(informer.close(Duration.ofMillis(20)));
            assertEquals(
                    1,
                    logs.linesWith("WARN", "'stuck-reconciler'", "still running after the stop grace period")
                            .size(),
                    String.valueOf(logs.lines()));
        } finally {
            release.countDown();
        }
    }

    @Test
    void handlerWithoutANameKeepsTheOldLogLinesAndAnEmptyMetricsName() {
        informer = builder().build();
        ResourceEventHandlerRegistration registration = informer.addEventHandler(new RecordingHandler());
        assertEquals("", registration.metrics().handlerName());
        assertEquals("pods/listener 1", registration.hasSyncedChecker().name());
    }

    @Test
    void handlerOptionsResyncPeriodIsTheOneTheListenerGets() {
        informer = builder().resyncPeriod(Duration.ofMinutes(1)).build();
        var withOwn = (dev.informer.cache.internal.ProcessorListener<?>) informer.addEventHandler(
                new RecordingHandler(),
                HandlerOptions.builder().resyncPeriod(Duration.ofMinutes(5)).build());
        var withDefault = (dev.informer.cache.internal.ProcessorListener<?>) informer.addEventHandler(
                new RecordingHandler(),
                HandlerOptions.builder().name("defaults").build());
        assertEquals(Duration.ofMinutes(5), withOwn.resyncPeriod());
        assertEquals(Duration.ofMinutes(1), withDefault.resyncPeriod(), "absent: the informer's default");
    }

    @Test
    void handlerOptionsAreAnImmutableValueAndRejectBadInput() {
        HandlerOptions options = HandlerOptions.builder()
                .name("a")
                .resyncPeriod(Duration.ofSeconds(3))
                .build();
        HandlerOptions changed = options.toBuilder().name("b").build();
        assertEquals("a", options.name().orElseThrow());
        assertEquals("b", changed.name().orElseThrow());
        assertEquals(Duration.ofSeconds(3), changed.resyncPeriod().orElseThrow());
        assertEquals(
                options,
                HandlerOptions.builder()
                        .name("a")
                        .resyncPeriod(Duration.ofSeconds(3))
                        .build());
        assertTrue(HandlerOptions.DEFAULTS.name().isEmpty()
                && HandlerOptions.DEFAULTS.resyncPeriod().isEmpty());
        assertThrows(
                IllegalArgumentException.class, () -> HandlerOptions.builder().name(" "));
        assertThrows(
                IllegalArgumentException.class, () -> HandlerOptions.builder().resyncPeriod(Duration.ofSeconds(-1)));
    }

    @Test
    void handlerOptionsSettersRefuseNullNamingTheOptionAndTheSettingsRefuseWhatTheSettersRefuse() {
        HandlerOptions.Builder builder = HandlerOptions.builder();
        Class<NullPointerException> npe = NullPointerException.class;
        assertEquals(
                "resyncPeriod",
                assertThrows(npe, () -> builder.resyncPeriod(null)).getMessage());
        assertEquals("name", assertThrows(npe, () -> builder.name(null)).getMessage());
        assertEquals(
                "logger", assertThrows(npe, () -> builder.logger((Logger) null)).getMessage());
        Duration negative = Duration.ofSeconds(-1);
        assertEquals(
                "resyncPeriod must not be negative: PT-1S",
                assertThrows(IllegalArgumentException.class, () -> new HandlerSettings(negative, null, null))
                        .getMessage());
        assertEquals(
                "a handler name must not be blank",
                assertThrows(IllegalArgumentException.class, () -> new HandlerSettings(null, " ", null))
                        .getMessage());
        HandlerOptions options = HandlerOptions.builder()
                .resyncPeriod(Duration.ofSeconds(3))
                .name("a")
                .logger("x.y")
                .build();
        assertEquals("HandlerOptions[resyncPeriod=PT3S, name=a, logger=x.y]", options.toString());
        assertEquals(options, options.toBuilder().build());
    }

    // ------------------------------------------------------------ shutDownEventHandler

    @Test
    void shutDownEventHandlerReturnsOnceTheSlowHandlerFinishedAndNothingIsDeliveredAfterwards() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"));
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> seen = new CopyOnWriteArrayList<>();
        informer = builder().build();
        ResourceEventHandlerRegistration slow = informer.addEventHandler(
                new ResourceEventHandler<Pod>() {
                    @Override
                    public void onAdd(Pod obj, boolean isInInitialList) {
                        seen.add(obj.name());
                        inHandler.countDown();
                        try {
                            release.await(20, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                },
                HandlerOptions.builder().name("slow").build());
        informer.start();
        assertTrue(inHandler.await(20, TimeUnit.SECONDS));

        assertFalse(informer.shutDownEventHandler(slow, Duration.ofMillis(20)), "the handler is still in its call");
        lw.watcher(0).add(pod("b", "11")); // removed: never delivered
        AtomicReference<Boolean> finished = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                finished.set(informer.shutDownEventHandler(slow, Await.TIMEOUT));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        waiter.start();
        Await.until("the waiter blocks", () -> waiter.getState() == Thread.State.TIMED_WAITING);
        assertEquals(null, finished.get(), "returned while the handler still ran");
        release.countDown();
        Await.terminated(waiter);

        assertEquals(Boolean.TRUE, finished.get());
        assertEquals(List.of("a"), seen);
        assertTrue(informer.listenerMetrics().isEmpty());
        assertTrue(informer.shutDownEventHandler(slow, Duration.ZERO), "a removed, ended registration: done at once");
    }

    @Test
    void shutDownEventHandlerBeforeStartReturnsAtOnceAndTheHandlerNeverRuns() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().build();
        RecordingHandler removed = new RecordingHandler();
        RecordingHandler kept = new RecordingHandler();
        ResourceEventHandlerRegistration registration = informer.addEventHandler(removed);
        informer.addEventHandler(kept);
        assertTrue(informer.shutDownEventHandler(registration, Duration.ZERO));
        informer.start();
        kept.awaitEvents(1);
        assertTrue(removed.snapshot().isEmpty());
    }

    @Test
    void shutDownEventHandlerMisuseFailsFast() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().build();
        SharedIndexInformer<Pod> other = builder().name("other").build();
        ResourceEventHandlerRegistration foreign = other.addEventHandler(new RecordingHandler());
        IllegalArgumentException notOurs = assertThrows(
                IllegalArgumentException.class, () -> informer.shutDownEventHandler(foreign, Duration.ZERO));
        assertTrue(notOurs.getMessage().contains("pods"), notOurs.getMessage());

        AtomicReference<RuntimeException> fromHandler = new AtomicReference<>();
        AtomicReference<ResourceEventHandlerRegistration> self = new AtomicReference<>();
        CountDownLatch called = new CountDownLatch(1);
        self.set(informer.addEventHandler(new ResourceEventHandler<Pod>() {
            @Override
            public void onAdd(Pod obj, boolean isInInitialList) {
                try {
                    Await.until("registered", () -> self.get() != null);
                    informer.shutDownEventHandler(self.get(), Duration.ofSeconds(1));
                } catch (RuntimeException e) {
                    fromHandler.set(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                called.countDown();
            }
        }));
        informer.start();
        assertTrue(called.await(20, TimeUnit.SECONDS));
        assertTrue(fromHandler.get() instanceof IllegalStateException, String.valueOf(fromHandler.get()));
        assertEquals(1, informer.listenerMetrics().size(), "the misuse removed nothing");
    }

    // ------------------------------------------------------------ DoneChecker and Sync.waitFor

    @Test
    void waitForReportsTheNamesOfWhatDidNotSync() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        lw.onList = options -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return podList("10", pod("a", "1"));
        };
        informer = builder().build();
        ResourceEventHandlerRegistration registration = informer.addEventHandler(
                new RecordingHandler(), HandlerOptions.builder().name("h").build());
        informer.start();

        Sync.Result waiting = Sync.waitFor(
                Duration.ofMillis(20),
                informer.hasSyncedChecker(),
                registration.hasSyncedChecker(),
                DoneChecker.of("always", () -> true));
        assertFalse(waiting.allDone());
        assertEquals(List.of("pods", "pods/h"), waiting.notDone());
        assertEquals("not done: pods, pods/h", waiting.toString());

        release.countDown();
        Sync.Result synced = Sync.waitFor(Await.TIMEOUT, informer.hasSyncedChecker(), registration.hasSyncedChecker());
        assertTrue(synced.allDone(), synced.toString());
        assertTrue(registration.hasSynced());
    }

    @Test
    void waitForTimesOutOnTheGivenClock() throws Exception {
        FakeClock clock = new FakeClock(Instant.EPOCH);
        AtomicReference<Sync.Result> result = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                result.set(Sync.waitFor(clock, Duration.ofHours(1), DoneChecker.of("never", () -> false)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        waiter.start();
        assertTrue(clock.awaitWaiters(1, Await.TIMEOUT));
        assertEquals(null, result.get());
        clock.step(Duration.ofHours(1));
        Await.terminated(waiter);
        assertEquals(List.of("never"), result.get().notDone());
    }

    @Test
    void waitForWithNothingToWaitForOrAZeroTimeoutReturnsAtOnce() throws Exception {
        FakeClock clock = new FakeClock(Instant.EPOCH);
        assertTrue(Sync.waitFor(clock, Duration.ofHours(1)).allDone());
        assertEquals(
                List.of("x"),
                Sync.waitFor(clock, Duration.ZERO, DoneChecker.of("x", () -> false))
                        .notDone());
        assertThrows(IllegalArgumentException.class, () -> Sync.waitFor(clock, Duration.ofSeconds(-1)));
    }

    // ------------------------------------------------------------ cancellation

    @Test
    void runWithATokenReturnsOnceCancelledAndStopped() throws Exception {
        lw.onList = options -> podList("10", pod("a", "1"));
        informer = builder().build();
        RecordingHandler handler = new RecordingHandler();
        informer.addEventHandler(handler);
        CancellationToken token = new CancellationToken();
        Thread runner = new Thread(() -> {
            try {
                informer.run(token);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        runner.start();
        handler.awaitEvents(1);
        assertTrue(runner.isAlive(), "run returned before the token was cancelled");
        token.cancel();
        Await.terminated(runner);
        assertTrue(informer.isStopped());
        List<Thread> alive = threads.subList(0, threads.size() - 1).stream()
                .filter(Thread::isAlive)
                .toList();
        assertTrue(alive.isEmpty(), "ended before run returned (all but the stopping thread): " + alive);
    }

    @Test
    void startWithACancelledTokenStopsTheInformerAndOtherStopsLeaveTheTokenAlone() throws Exception {
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        informer = builder().build();
        informer.start(cancelled);
        Await.until("stopped by the cancelled token", informer::isStopped);

        CancellationToken token = new CancellationToken();
        SharedIndexInformer<Pod> second = builder().name("second").build();
        second.start(token);
        second.close();
        assertFalse(token.isCancelled());
        token.cancel(); // stopping a stopped informer again: nothing happens
        assertTrue(second.isStopped());
    }

    // ------------------------------------------------------------ watch error handler with context

    @Test
    void watchErrorHandlerWithContextIsToldTheInformerAndItsResource() throws Exception {
        KubernetesClient client = KubernetesClient.create(
                ClientConfig.builder().server("http://127.0.0.1:1").build());
        List<WatchErrorContext> contexts = new CopyOnWriteArrayList<>();
        List<Duration> retries = new CopyOnWriteArrayList<>();
        informer = Informers.builder(client.resource(ResourceType.PODS), InformerOptions.inNamespace("team-a"))
                .backoff(BackoffPolicy.constant(Duration.ofMillis(5)))
                .build();
        informer.setWatchErrorHandlerWithContext((context, error, retryIn) -> {
            contexts.add(context);
            retries.add(retryIn);
        });
        informer.start();
        Await.until("a failed list", () -> !contexts.isEmpty(), Await.LONG_TIMEOUT);
        assertEquals(new WatchErrorContext("pods@team-a", "v1/pods"), contexts.get(0));
        assertEquals(Duration.ofMillis(5), retries.get(0));
    }

    @Test
    void plainWatchErrorHandlerStillGetsTheInformerName() {
        lw.onList = options -> {
            throw new IllegalStateException("list failed");
        };
        List<String> names = new CopyOnWriteArrayList<>();
        informer = builder().build();
        informer.setWatchErrorHandler((reflectorName, error) -> names.add(reflectorName));
        assertThrows(NullPointerException.class, () -> informer.setWatchErrorHandlerWithContext(null));
        informer.start();
        Await.until("a failed list", () -> !names.isEmpty(), Await.LONG_TIMEOUT);
        assertEquals("pods", names.get(0));
        assertThrows(
                IllegalStateException.class,
                () -> informer.setWatchErrorHandlerWithContext((context, error, retryIn) -> {}));
    }

    @Test
    void slf4jLoggerIsAcceptedAsIs() {
        HandlerOptions options =
                HandlerOptions.builder().logger(LoggerFactory.getLogger("x.y")).build();
        assertEquals("x.y", options.logger().orElseThrow().getName());
    }
}
