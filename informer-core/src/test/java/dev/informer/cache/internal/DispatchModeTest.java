package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.informer.cache.DispatchMode;
import dev.informer.cache.ResourceEventHandler;
import dev.informer.clock.testing.FakeClock;
import dev.informer.concurrent.ThreadFactories;
import dev.informer.testing.Await;
import dev.informer.testsupport.RecordingThreadFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dispatch guarantees in every {@link DispatchMode}: per-listener order, no concurrent calls of one
 * handler, isolation of a slow or throwing handler, removal with notifications pending, the bounded stop
 * with a stuck handler. Virtual threads run on Java 21+ only; on older JVMs their factory must refuse
 * clearly. Time is a {@link FakeClock}: the pool's watchdog moves a slow listener only when the test
 * steps it past the threshold.
 */
class DispatchModeTest {

    private static final Duration THRESHOLD = Duration.ofMillis(5);

    private final FakeClock clock = new FakeClock();
    private final RecordingThreadFactory threads = new RecordingThreadFactory("test-listener-");
    private SharedProcessor<String> processor;

    static Stream<DispatchMode> modes() {
        List<DispatchMode> modes = new ArrayList<>();
        modes.add(DispatchMode.pooled(1, THRESHOLD));
        modes.add(DispatchMode.pooled(2, THRESHOLD));
        modes.add(DispatchMode.threadPerListener());
        if (ThreadFactories.virtualThreadsAvailable()) {
            modes.add(DispatchMode.virtualThreads());
        }
        return modes.stream();
    }

    private SharedProcessor<String> processor(DispatchMode mode) {
        processor = new SharedProcessor<>("dispatch-test", clock, threads, 4, mode);
        return processor;
    }

    /** Adds a listener of each handler, in order, and starts the processor. */
    @SafeVarargs
    private void startWith(ResourceEventHandler<String>... handlers) {
        for (ResourceEventHandler<String> handler : handlers) {
            processor.addListener(handler, () -> true);
        }
        processor.start();
    }

    /** Distributes a live add of each of {@code objects}, in order. */
    private void distributeAdds(String... objects) {
        for (String object : objects) {
            processor.distribute(Notification.added(object, false), false);
        }
    }

    /**
     * Starts a one-worker pool with a blocking listener and then one of {@code fast}, distributes "a" and
     * returns the blocking handler once it is in its call on "a" (holding the only worker).
     */
    private BlockingHandler oneWorkerBlockedBeforeTheListenerOf(RecordingHandler fast) {
        processor(DispatchMode.pooled(1, THRESHOLD));
        BlockingHandler slow = new BlockingHandler();
        startWith(slow, fast);
        distributeAdds("a");
        slow.awaitCount(1);
        return slow;
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (processor != null) {
            assertTrue(processor.stop(Duration.ofSeconds(10)), "listeners did not end");
        }
    }

    /** A handler blocked on its first add until released; records everything. */
    static final class BlockingHandler extends RecordingHandler {
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);

        @Override
        public void onAdd(String obj, boolean isInInitialList) {
            super.onAdd(obj, isInInitialList);
            if (count() == 1) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted.countDown();
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void eachListenerSeesItsNotificationsInDistributeOrder(DispatchMode mode) {
        SharedProcessor<String> processor = processor(mode);
        List<RecordingHandler> handlers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            RecordingHandler handler = new RecordingHandler();
            handlers.add(handler);
            processor.addListener(handler, () -> true);
        }
        processor.distribute(Notification.added("before-start", false), false);
        processor.start();
        List<String> expected = new ArrayList<>();
        expected.add("add:before-start");
        for (int i = 0; i < 1000; i++) {
            processor.distribute(Notification.added("o" + i, false), false);
            expected.add("add:o" + i);
        }
        for (RecordingHandler handler : handlers) {
            handler.awaitCount(expected.size());
            assertEquals(expected, handler.events());
        }
        assertEquals(1001, processor.metrics().get(0).delivered());
        assertEquals(0, processor.metrics().get(0).pending());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void noHandlerIsEverCalledConcurrentlyWithItselfUnderLoad(DispatchMode mode) throws Exception {
        SharedProcessor<String> processor = processor(mode);
        int listeners = 8;
        int producers = 3;
        int perProducer = 3000;
        AtomicInteger overlaps = new AtomicInteger();
        List<AtomicInteger> calls = new ArrayList<>();
        for (int i = 0; i < listeners; i++) {
            AtomicInteger inFlight = new AtomicInteger();
            AtomicInteger count = new AtomicInteger();
            calls.add(count);
            processor.addListener(
                    new ResourceEventHandler<String>() {
                        @Override
                        public void onAdd(String obj, boolean isInInitialList) {
                            if (inFlight.incrementAndGet() != 1) {
                                overlaps.incrementAndGet();
                            }
                            Thread.yield();
                            count.incrementAndGet();
                            inFlight.decrementAndGet();
                        }
                    },
                    () -> true);
        }
        processor.start();
        Producers.run(producers, perProducer, (producer, i) -> distributeAdds("x" + i));
        for (AtomicInteger count : calls) {
            Await.until("every notification handled", () -> count.get() == producers * perProducer);
        }
        assertEquals(0, overlaps.get(), "a handler was called concurrently with itself");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aSlowHandlerDelaysNoOtherHandlerBeyondTheThreshold(DispatchMode mode) {
        SharedProcessor<String> processor = processor(mode);
        BlockingHandler slow = new BlockingHandler();
        RecordingHandler fast = new RecordingHandler();
        ProcessorListener<String> slowListener = processor.addListener(slow, () -> true);
        startWith(fast);
        for (int i = 0; i < 100; i++) {
            distributeAdds("o" + i); // never waits for the slow handler
        }
        slow.awaitCount(1);
        clock.step(THRESHOLD); // the slow call has now run for the threshold: the watchdog moves it
        fast.awaitCount(100);
        assertEquals(1, slow.count(), "the slow handler is still in its first call");
        assertEquals(99, slowListener.metrics().pending());
        slow.release.countDown();
        slow.awaitCount(100);
        assertEquals(fast.events(), slow.events());
    }

    @Test
    void theWatchdogMovesASlowListenerToItsOwnThreadAndThePoolGoesOn() {
        RecordingHandler fast = new RecordingHandler();
        BlockingHandler slow = oneWorkerBlockedBeforeTheListenerOf(fast);
        assertEquals(0, fast.count(), "the only worker is in the slow handler, which is under the threshold");

        clock.step(THRESHOLD.minusNanos(1));
        distributeAdds("b");
        clock.step(Duration.ofNanos(1));
        fast.awaitCount(2);
        Thread slowThread = slow.threads().get(0);
        assertNotEquals(slowThread, fast.threads().get(0), "the fast handler runs on the replacement worker");

        slow.release.countDown();
        slow.awaitCount(2);
        assertEquals(slowThread, slow.threads().get(1), "the slow listener keeps the thread it was moved to");
        distributeAdds("c");
        fast.awaitCount(3);
        slow.awaitCount(3);
        assertEquals(slowThread, slow.threads().get(2));
        assertNotEquals(slowThread, fast.threads().get(2));
    }

    @Test
    void aPoolWithoutClockProgressKeepsTheSlowListenerOnThePool() {
        RecordingHandler fast = new RecordingHandler();
        BlockingHandler slow = oneWorkerBlockedBeforeTheListenerOf(fast);
        slow.release.countDown();
        fast.awaitCount(1);
        distributeAdds("b");
        fast.awaitCount(2);
        slow.awaitCount(2);
        assertEquals(slow.threads().get(1), fast.threads().get(1), "one worker runs both listeners");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aThrowingHandlerKeepsReceivingAndDelaysNobody(DispatchMode mode) {
        SharedProcessor<String> processor = processor(mode);
        ProcessorListener<String> throwing = processor.addListener(
                new ResourceEventHandler<String>() {
                    @Override
                    public void onAdd(String obj, boolean isInInitialList) {
                        throw new IllegalStateException("always fails on " + obj);
                    }
                },
                () -> true);
        RecordingHandler healthy = new RecordingHandler();
        startWith(healthy);
        for (int i = 0; i < 10; i++) {
            distributeAdds("o" + i);
        }
        healthy.awaitCount(10);
        Await.until(
                "the throwing handler saw every notification",
                () -> throwing.metrics().delivered() == 10);
        assertEquals(10, throwing.metrics().failed());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void removingAListenerWithNotificationsPendingDropsThemAndWaitsForTheCallInProgress(DispatchMode mode)
            throws Exception {
        SharedProcessor<String> processor = processor(mode);
        BlockingHandler removed = new BlockingHandler();
        RecordingHandler kept = new RecordingHandler();
        ProcessorListener<String> listener = processor.addListener(removed, () -> true);
        startWith(kept);
        distributeAdds("first", "second");
        removed.awaitCount(1);

        assertFalse(processor.removeListenerAndWait(listener, Duration.ZERO), "still in its first call");
        assertEquals(0, listener.metrics().pending(), "pending notifications are dropped on removal");
        removed.release.countDown();
        assertTrue(processor.removeListenerAndWait(listener, Duration.ofSeconds(10)));
        distributeAdds("third");
        clock.step(THRESHOLD); // a one-worker pool was busy with the removed handler meanwhile
        kept.awaitCount(3);
        assertEquals(List.of("add:first"), removed.events());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aBoundedStopNamesAndInterruptsAStuckHandlerAndReturnsFalse(DispatchMode mode) throws Exception {
        SharedProcessor<String> processor = processor(mode);
        BlockingHandler stuck = new BlockingHandler();
        startWith(stuck, new RecordingHandler());
        distributeAdds("a", "b");
        stuck.awaitCount(1);

        assertFalse(processor.stop(Duration.ofMillis(20)), "the stuck handler outlived the grace period");
        assertTrue(stuck.interrupted.await(10, TimeUnit.SECONDS), "the stuck handler's thread was interrupted");
        assertEquals(List.of("add:a"), stuck.events(), "nothing more is delivered after stop");
        this.processor = null; // stopped already
    }

    @Test
    void theModeIsOneOptionOfTheProcessor() {
        assertEquals(DispatchMode.defaults(), new SharedProcessor<String>(clock, threads).dispatchMode());
        assertEquals(DispatchMode.Kind.POOLED, DispatchMode.defaults().kind());
        assertEquals(
                DispatchMode.threadPerListener(),
                processor(DispatchMode.threadPerListener()).dispatchMode());
        assertEquals(DispatchMode.pooled(3, THRESHOLD), DispatchMode.pooled(3, THRESHOLD));
        assertThrows(IllegalArgumentException.class, () -> DispatchMode.pooled(0, THRESHOLD));
        assertThrows(IllegalArgumentException.class, () -> DispatchMode.pooled(1, Duration.ZERO));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> DispatchMode.named("x"));
        assertTrue(unknown.getMessage().contains("pooled, thread or virtual"), unknown.getMessage());
    }

    @Test
    void threadPerListenerGivesEachListenerItsOwnThreadAndThePoolSharesOne() {
        RecordingHandler first = new RecordingHandler();
        RecordingHandler second = new RecordingHandler();
        processor(DispatchMode.threadPerListener());
        startWith(first, second);
        distributeAdds("a");
        first.awaitCount(1);
        second.awaitCount(1);
        assertNotEquals(first.threads().get(0), second.threads().get(0));
        assertEquals(2, threads.threads().size(), "one thread per listener");
    }

    @Test
    void virtualThreadsRunEachListenerOnAVirtualThreadOnJava21AndLater() throws Exception {
        assumeTrue(ThreadFactories.virtualThreadsAvailable(), "virtual threads need Java 21+");
        processor(DispatchMode.virtualThreads());
        RecordingHandler handler = new RecordingHandler();
        startWith(handler);
        distributeAdds("a");
        handler.awaitCount(1);
        Thread thread = handler.threads().get(0);
        assertEquals(Boolean.TRUE, Thread.class.getMethod("isVirtual").invoke(thread));
        assertEquals(0, threads.threads().size(), "the injected factory makes no thread for virtual listeners");
    }

    @Test
    void virtualThreadsBeforeJava21FailWithAClearError() {
        assumeFalse(ThreadFactories.virtualThreadsAvailable(), "this JVM has virtual threads");
        UnsupportedOperationException error =
                assertThrows(UnsupportedOperationException.class, DispatchMode::virtualThreads);
        assertTrue(error.getMessage().contains("Java 21 or later"), error.getMessage());
        assertTrue(error.getMessage().contains(System.getProperty("java.version")), error.getMessage());
    }
}
