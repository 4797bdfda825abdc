package dev.informer.cache;

import static dev.informer.cache.ReflectorTest.pod;
import static dev.informer.cache.ReflectorTest.podList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Pod;
import dev.informer.testing.Await;
import dev.informer.testsupport.LogCapture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link SharedInformer#close(Duration)}: bounded however a handler behaves. */
class SharedInformerStopTest {

    private static final String GAVE_UP = "is still running after the stop grace period";

    private final FakeListerWatcher<Pod> lw = new FakeListerWatcher<>();
    private final StubbornHandler<Pod> stubborn = new StubbornHandler<>("stubborn-pod-handler");
    private SharedIndexInformer<Pod> informer;

    /**
     * A handler that blocks in its first call until the test releases it, swallowing every interrupt
     * (and counting it), as badly written handlers do.
     */
    static final class StubbornHandler<T> implements ResourceEventHandler<T> {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final CountDownLatch returned = new CountDownLatch(1);
        private final String name;
        volatile Thread thread;

        StubbornHandler(String name) {
            this.name = name;
        }

        @Override
        public void onAdd(T obj, boolean isInInitialList) {
            thread = Thread.currentThread();
            entered.countDown();
            while (release.getCount() > 0) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    interrupted.countDown(); // swallowed: keeps waiting
                }
            }
            returned.countDown();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    @AfterEach
    void releaseAndStop() {
        stubborn.release.countDown();
        if (informer != null) {
            informer.close();
        }
    }

    @Test
    void closeIsIdempotentAndClosesAnInformerOfATryWithResources() {
        try (SharedIndexInformer<Pod> opened = builder().build()) {
            informer = opened;
            opened.start();
        }
        assertTrue(informer.isStopped());
        informer.close();
        assertTrue(informer.close(Duration.ZERO), "a later close finds the first one finished");
    }

    private SharedIndexInformer.Builder<Pod> builder() {
        lw.onList = options -> podList("10", pod("a", "5"));
        return SharedIndexInformer.builder(lw).name("pods").backoff(BackoffPolicy.constant(Duration.ofMillis(1)));
    }

    private void startWithStubbornHandler(SharedIndexInformer.Builder<Pod> builder) throws InterruptedException {
        informer = builder.build();
        informer.addEventHandler(stubborn);
        informer.start();
        assertTrue(stubborn.entered.await(20, TimeUnit.SECONDS), "handler called");
    }

    @Test
    void stopReturnsAfterTheGracePeriodNamesTheStuckHandlerAndLeavesItsThreadInterrupted() throws Exception {
        startWithStubbornHandler(builder());
        RecordingHandler other = new RecordingHandler();
        informer.addEventHandler(other);
        other.awaitEvents(1);

        boolean clean;
        List<String> warnings;
        try (LogCapture log = LogCapture.start()) {
            clean = informer.close(Duration.ofMillis(200));
            warnings = log.linesWith(GAVE_UP);
        }
        assertFalse(clean, "a handler outlived the grace period");
        assertTrue(informer.isStopped());
        assertEquals(1, warnings.size(), "one WARN: " + warnings);
        String warning = warnings.get(0);
        assertTrue(warning.contains("WARN"), warning);
        assertTrue(warning.contains("stubborn-pod-handler"), "names the handler: " + warning);
        assertTrue(warning.contains(StubbornHandler.class.getName()), "names the handler's class: " + warning);
        assertTrue(warning.contains("shared informer pods"), "names the informer: " + warning);
        assertTrue(stubborn.interrupted.await(20, TimeUnit.SECONDS), "its thread was interrupted");
        assertTrue(stubborn.thread.isAlive(), "and not waited for");

        stubborn.release.countDown();
        assertTrue(stubborn.returned.await(20, TimeUnit.SECONDS));
        Await.until(
                "the abandoned listener thread ends once its handler returns",
                () -> !stubborn.thread.isAlive(),
                Await.LONG_TIMEOUT);
        assertTrue(informer.close(Duration.ZERO), "a later stop finds the first one finished");
    }

    @Test
    void stopWithoutArgumentsUsesTheBuildersGracePeriod() throws Exception {
        startWithStubbornHandler(builder().stopGracePeriod(Duration.ofMillis(100)));
        try (LogCapture log = LogCapture.start()) {
            informer.close();
            assertEquals(1, log.linesWith(GAVE_UP).size());
        }
        assertTrue(stubborn.interrupted.await(20, TimeUnit.SECONDS));
    }

    @Test
    void handlersThatFinishWithinTheGracePeriodAreWaitedForAndNotInterrupted() throws Exception {
        startWithStubbornHandler(builder());
        Thread releaser = new Thread(() -> {
            // Releases the handler once stop has begun waiting (the informer is stopped by then).
            Await.until("stop called", informer::isStopped, Await.LONG_TIMEOUT);
            stubborn.release.countDown();
        });
        releaser.start();
        try (LogCapture log = LogCapture.start()) {
            assertTrue(informer.close(Duration.ofSeconds(20)), "every thread ended in time");
            assertEquals(List.of(), log.linesWith(GAVE_UP));
        }
        assertEquals(1, stubborn.interrupted.getCount(), "never interrupted");
        assertFalse(stubborn.thread.isAlive());
        releaser.join(TimeUnit.SECONDS.toMillis(20));
    }

    @Test
    void aNegativeGracePeriodIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> builder().stopGracePeriod(Duration.ofSeconds(-1)));
        informer = builder().build();
        assertThrows(IllegalArgumentException.class, () -> informer.close(Duration.ofMillis(-1)));
    }
}
