package dev.informer.health;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.informer.concurrent.ThreadFactories;
import dev.informer.testsupport.Setters;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The health server's builder: what its setters refuse, at once, and a server built from it. */
class HealthServerBuilderTest {

    @Test
    void settersRefuseBadValuesAtOnceNamingTheSetting() {
        HealthServer.Builder b = HealthServer.builder().livenessCheck("loop", Optional::empty);

        Setters.assertRefuses("health port must be in 0..65535, got -1", () -> b.port(-1));
        Setters.assertRefuses("health port must be in 0..65535, got 65536", () -> b.port(65536));
        Setters.assertRefuses("duplicate liveness check name: loop", () -> b.livenessCheck("loop", Optional::empty));
        Setters.assertEachRefusesNull(b, "host", "threadFactory", "metrics");
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
