package dev.informer.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.api.Status;
import dev.informer.client.ApiConnectionException;
import dev.informer.client.StatusException;
import dev.informer.clock.testing.FakeClock;
import dev.informer.testsupport.RecordingLogger;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

class LoggingWatchErrorHandlerTest {

    private final FakeClock clock = new FakeClock();
    private final RecordingLogger logger = new RecordingLogger();
    private final WatchErrorHandler handler = new LoggingWatchErrorHandler(logger, clock);

    private static StatusException answered(int code, String reason, String message) {
        return new StatusException(
                Status.failure(code, reason, message),
                null,
                "GET",
                "https://api.example:6443/api/v1/pods?resourceVersion=0&limit=500");
    }

    /** Reports to the handler that the server refused the "pods" list with this Status, retried after {@code delay}. */
    private void podsAnswered(int code, String reason, String message, Duration delay) {
        handler.onWatchError("pods", answered(code, reason, message), delay);
    }

    @Test
    void forbiddenIsOneWarnLineWithTheUrlAndTheRetryDelayAndNoStackTrace() {
        podsAnswered(403, "Forbidden", "pods is forbidden: User \"bob\" cannot list", Duration.ofMillis(1600));

        List<String> warnings = logger.messages(Level.WARN);
        assertEquals(1, warnings.size());
        String line = warnings.get(0);
        assertTrue(line.startsWith("pods: failed to list or watch: GET https://api.example:6443/api/v1/pods"), line);
        assertTrue(line.contains("403") && line.contains("forbidden") && line.endsWith("; retrying in 1.6s"), line);
        assertTrue(logger.lines().stream().filter(l -> l.level() == Level.WARN).allMatch(l -> l.error() == null));
        assertEquals(
                1,
                logger.lines().stream()
                        .filter(l -> l.level() == Level.DEBUG && l.error() != null)
                        .count());
    }

    @Test
    void anHtmlAnswerStaysOnOneLine() {
        podsAnswered(404, "NotFound", "<html>\n<body>\n<h1>404</h1>\n</body>\n</html>", Duration.ofSeconds(1));

        String line = logger.messages(Level.WARN).get(0);
        assertTrue(!line.contains("\n") && line.contains("<h1>404</h1>"), line);
    }

    @Test
    void repeatsAreSummarisedAndRecoveryIsSaid() {
        ApiConnectionException refused = new ApiConnectionException(
                "GET", "http://127.0.0.1:1/api/v1/pods?watch=true", new ConnectException("Connection refused"));
        for (int i = 0; i < 13; i++) {
            handler.onWatchError("pods", refused, Duration.ofSeconds(1));
            clock.step(Duration.ofSeconds(1));
        }
        handler.onRecovered("pods");

        List<String> warnings = logger.messages(Level.WARN);
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(1).endsWith("Connection refused (12 more in 12 s)"), warnings.get(1));
        assertEquals(List.of("pods: listing and watching again (after 13 failures)"), logger.messages(Level.INFO));
    }

    @Test
    void anExpiredWatchIsOnlyDebug() {
        podsAnswered(410, Status.REASON_EXPIRED, "too old", Duration.ofSeconds(1));

        assertTrue(logger.messages(Level.WARN).isEmpty());
        assertNull(logger.lines().get(0).error());
    }
}
