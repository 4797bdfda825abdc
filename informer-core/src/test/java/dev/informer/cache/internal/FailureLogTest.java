package dev.informer.cache.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.clock.testing.FakeClock;
import dev.informer.testsupport.RecordingLogger;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

class FailureLogTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingLogger logger = new RecordingLogger();
    private final FailureLog failures = new FailureLog(logger, clock, Duration.ofSeconds(60));
    private final IOException refused = new IOException("Connection refused");

    @Test
    void eachFailureIsOneWarnLineAndItsStackTraceGoesToDebug() {
        failures.failure(
                "pods",
                "GET http://127.0.0.1:1/api/v1/pods failed: Connection refused",
                "; retrying in 800ms",
                refused);

        assertEquals(
                List.of("pods: GET http://127.0.0.1:1/api/v1/pods failed: Connection refused; retrying in 800ms"),
                logger.messages(Level.WARN));
        RecordingLogger.Line warn = logger.lines().get(0);
        assertNull(warn.error(), "no stack trace at WARN");
        RecordingLogger.Line debug = logger.lines().get(1);
        assertEquals(Level.DEBUG, debug.level());
        assertSame(refused, debug.error());
    }

    @Test
    void identicalRepeatsWithinTheWindowAreCountedAndSummarisedWhenTheWindowEnds() {
        failures.failure("pods", "Connection refused", "; retrying in 1s", refused);
        for (int i = 0; i < 12; i++) {
            clock.step(Duration.ofSeconds(4));
            failures.failure("pods", "Connection refused", "; retrying in 2s", refused);
        }
        assertEquals(List.of("pods: Connection refused; retrying in 1s"), logger.messages(Level.WARN));

        clock.step(Duration.ofSeconds(20));
        failures.failure("pods", "Connection refused", "; retrying in 2s", refused);

        assertEquals(
                List.of(
                        "pods: Connection refused; retrying in 1s",
                        "pods: Connection refused (12 more in 48 s)",
                        "pods: Connection refused; retrying in 2s"),
                logger.messages(Level.WARN));
        assertEquals(14, logger.messages(Level.DEBUG).size(), "every failure keeps its stack trace at DEBUG");
    }

    @Test
    void aChangedCauseEndsTheSummaryAtOnce() {
        failures.failure("pods", "Connection refused", "", refused);
        failures.failure("pods", "Connection refused", "", refused);
        failures.failure("pods", "GET http://x/api/v1/pods: 403 Forbidden", "", null);

        assertEquals(
                List.of(
                        "pods: Connection refused",
                        "pods: Connection refused (1 more in 1 s)",
                        "pods: GET http://x/api/v1/pods: 403 Forbidden"),
                logger.messages(Level.WARN));
    }

    @Test
    void queryStringsDoNotMakeTwoFailuresDifferent() {
        failures.failure("pods", "GET http://x/api/v1/pods?watch=true&timeoutSeconds=301 failed: refused", "", null);
        failures.failure("pods", "GET http://x/api/v1/pods?watch=true&timeoutSeconds=417 failed: refused", "", null);

        assertEquals(1, logger.messages(Level.WARN).size());
    }

    @Test
    void sourcesAreSummarisedSeparately() {
        failures.failure("pods", "refused", "", null);
        failures.failure("nodes", "refused", "", null);
        failures.failure("pods", "refused", "", null);
        failures.failure("nodes", "refused", "", null);

        assertEquals(List.of("pods: refused", "nodes: refused"), logger.messages(Level.WARN));
    }

    @Test
    void recoveryFlushesTheSummaryAndSaysSoOnce() {
        failures.failure("pods", "refused", "", null);
        clock.step(Duration.ofSeconds(5));
        failures.failure("pods", "refused", "", null);

        assertTrue(failures.recovered("pods", "listing and watching again"));
        assertFalse(failures.recovered("pods", "listing and watching again"));

        assertEquals(List.of("pods: refused", "pods: refused (1 more in 5 s)"), logger.messages(Level.WARN));
        assertEquals(List.of("pods: listing and watching again (after 2 failures)"), logger.messages(Level.INFO));
    }

    @Test
    void aMultiLineCauseIsFlattenedAndALongOneCut() {
        failures.failure("pods", "GET http://x: 404\n<html>\n  <body>not found</body>\n</html>", "", null);
        failures.failure("nodes", "x".repeat(5000), "", null);

        List<String> warnings = logger.messages(Level.WARN);
        assertEquals("pods: GET http://x: 404 <html> <body>not found</body> </html>", warnings.get(0));
        assertTrue(warnings.get(1).length() < 500, warnings.get(1));
        assertTrue(warnings.get(1).endsWith("..."));
    }

    @Test
    void concurrentRepeatsAreCountedExactlyOnce() throws Exception {
        int threads = 4;
        int each = 500;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    failures.failure("pods", "refused", "", null);
                }
            });
            thread.start();
            running.add(thread);
        }
        start.countDown();
        for (Thread thread : running) {
            thread.join();
        }
        failures.recovered("pods", "ok");

        assertEquals(
                List.of("pods: refused", "pods: refused (" + (threads * each - 1) + " more in 1 s)"),
                logger.messages(Level.WARN));
    }

    @Test
    void aNonPositiveWindowIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new FailureLog(logger, clock, Duration.ZERO));
    }
}
