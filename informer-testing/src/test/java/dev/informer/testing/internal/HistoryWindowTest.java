package dev.informer.testing.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.informer.testing.ResourceDefinition;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HistoryWindowTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

    private ApiServerEngine engine(int limit, Duration maxAge) {
        return new ApiServerEngine(
                ResourceDefinition.builtIns(),
                limit,
                maxAge,
                Duration.ofSeconds(60),
                clock,
                System::nanoTime,
                1,
                100,
                Duration.ZERO);
    }

    private static ResourceStore configMaps(ApiServerEngine engine) {
        return engine.store(engine.registry().find("", "v1", "configmaps").orElseThrow());
    }

    private static void write(DirectAccess direct, int i) {
        direct.create("configmaps", "default", "{\"metadata\":{\"name\":\"c" + i + "\"}}");
    }

    @Test
    void historyHoldsAtMostTheCountLimit() {
        ApiServerEngine engine = engine(5, Duration.ofSeconds(75));
        DirectAccess direct = new DirectAccess(engine);
        for (int i = 0; i < 12; i++) {
            write(direct, i);
        }
        assertEquals(5, configMaps(engine).historySize());
        assertEquals(engine.currentRv() - 5, configMaps(engine).floor());
    }

    @Test
    void eventsOlderThanTheMaxAgeAreDropped() {
        ApiServerEngine engine = engine(10_000, Duration.ofSeconds(75));
        DirectAccess direct = new DirectAccess(engine);
        write(direct, 1);
        write(direct, 2);
        clock.advance(Duration.ofSeconds(60));
        write(direct, 3);
        assertEquals(3, configMaps(engine).historySize());
        clock.advance(Duration.ofSeconds(16)); // the first two are now 76 s old, the third 16 s
        assertEquals(1, configMaps(engine).historySize());
        clock.advance(Duration.ofSeconds(60));
        assertEquals(0, configMaps(engine).historySize());
        assertEquals(engine.currentRv(), configMaps(engine).floor());
    }
}
