package dev.informer.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The server's builder: its generated setters keep their checks and messages, and start() uses them. */
class EmbeddedApiServerBuilderTest {

    @Test
    void settersRefuseOutOfRangeValuesWithAMessageNamingTheSetter() {
        EmbeddedApiServer.Builder b = EmbeddedApiServer.builder();

        assertMessage("port must be in 0..65535, got 70000", () -> b.port(70000));
        assertMessage("historyLimit must be in 1..10000000, got 0", () -> b.historyLimit(0));
        assertMessage("historyMaxAge must be >= 1ms, got PT0S", () -> b.historyMaxAge(Duration.ZERO));
        assertMessage("bookmarkInterval must be >= 10ms, got PT0.001S", () -> b.bookmarkInterval(Duration.ofMillis(1)));
        assertMessage(
                "futureResourceVersionWait must be in 0..1m, got PT2M",
                () -> b.futureResourceVersionWait(Duration.ofMinutes(2)));
        assertMessage("workerThreads must be in 1..10000, got 0", () -> b.workerThreads(0));
        assertMessage("maxWatches must be in 1..100000, got 100001", () -> b.maxWatches(100_001));
        assertMessage("headerTimeout must be >= 10ms, got PT0.009S", () -> b.headerTimeout(Duration.ofMillis(9)));
        assertMessage("resourceVersionEpoch must be in 0..2^62, got -1", () -> b.resourceVersionEpoch(-1));
    }

    @Test
    void settersRefuseNullNamingTheSetting() {
        EmbeddedApiServer.Builder b = EmbeddedApiServer.builder();

        assertEquals(
                "headerTimeout",
                assertThrows(NullPointerException.class, () -> b.headerTimeout(null))
                        .getMessage());
        assertEquals(
                "clock",
                assertThrows(NullPointerException.class, () -> b.clock(null)).getMessage());
        assertEquals(
                "threadFactory",
                assertThrows(NullPointerException.class, () -> b.threadFactory((ThreadFactory) null))
                        .getMessage());
    }

    @Test
    void theSettingsRecordRefusesWhatTheSettersRefuse() {
        assertMessage(
                "port must be in 0..65535, got -1",
                () -> new EmbeddedApiServerSettings(
                        -1,
                        10,
                        Duration.ofSeconds(1),
                        Duration.ofSeconds(1),
                        Duration.ZERO,
                        1,
                        1,
                        Duration.ofSeconds(1),
                        java.time.Clock.systemUTC(),
                        false,
                        Thread::new));
    }

    @Test
    void startUsesTheSettingsTheEpochAndTheThreadFactory() {
        AtomicInteger threads = new AtomicInteger();
        ThreadFactory counting = r -> {
            threads.incrementAndGet();
            Thread t = new Thread(r, "counted");
            t.setDaemon(true);
            return t;
        };
        try (EmbeddedApiServer server = EmbeddedApiServer.builder()
                .defaultNamespaces(false)
                .resourceVersionEpoch(42)
                .threadFactory(counting)
                .start()) {
            assertEquals(42, server.resourceVersion());
            assertEquals(0, server.list("namespaces", null).size());
            assertTrue(threads.get() > 0, "the server's threads come from the builder's factory");
        }
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable setter) {
        assertEquals(
                expected, assertThrows(IllegalArgumentException.class, setter).getMessage());
    }
}
