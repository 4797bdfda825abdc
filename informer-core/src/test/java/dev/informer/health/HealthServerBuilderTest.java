package dev.informer.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.concurrent.ThreadFactories;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The health server's builder: what its setters refuse, at once, and a server built from it. */
class HealthServerBuilderTest {

    @Test
    void settersRefuseBadValuesAtOnceNamingTheSetting() {
        HealthServer.Builder b = HealthServer.builder();

        assertEquals(
                "health port must be in 0..65535, got -1",
                assertThrows(IllegalArgumentException.class, () -> b.port(-1)).getMessage());
        assertEquals(
                "health port must be in 0..65535, got 65536",
                assertThrows(IllegalArgumentException.class, () -> b.port(65536))
                        .getMessage());
        assertEquals(
                "host",
                assertThrows(NullPointerException.class, () -> b.host(null)).getMessage());
        assertEquals(
                "threadFactory",
                assertThrows(NullPointerException.class, () -> b.threadFactory(null))
                        .getMessage());
        assertEquals(
                "metrics",
                assertThrows(NullPointerException.class, () -> b.metrics(null)).getMessage());
        assertEquals(
                "duplicate liveness check name: loop",
                assertThrows(IllegalArgumentException.class, () -> b.livenessCheck("loop", Optional::empty)
                                .livenessCheck("loop", Optional::empty))
                        .getMessage());
    }

    @Test
    void aServerBuiltOnPortZeroListensOnAChosenPort() {
        try (HealthServer server = HealthServer.builder()
                .host("127.0.0.1")
                .port(0)
                .threadFactory(ThreadFactories.platformDaemon("health-test"))
                .metrics(() -> "")
                .start()) {
            assertTrue(server.port() > 0, "port " + server.port());
        }
    }
}
