package dev.informer.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void durationsAreSpelledAsGoPrintsThem() {
        assertEquals("500ms", Durations.format(Duration.ofMillis(500)));
        assertEquals("2s", Durations.format(Duration.ofSeconds(2)));
        assertEquals("1.5s", Durations.format(Duration.ofMillis(1500)));
        assertEquals("1m30s", Durations.format(Duration.ofSeconds(90)));
        assertEquals("10m", Durations.format(Duration.ofMinutes(10)));
        assertEquals("2h0m", Durations.format(Duration.ofHours(2)));
    }
}
