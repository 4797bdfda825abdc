package dev.informer.clock;

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
        assertEquals("2h", Durations.format(Duration.ofHours(2)));
        assertEquals("1h5s", Durations.format(Duration.ofSeconds(3605)));
        assertEquals("1500ns", Durations.format(Duration.ofNanos(1500)));
        assertEquals("0s", Durations.format(Duration.ZERO));
        assertEquals("-2s", Durations.format(Duration.ofSeconds(-2)));
    }
}
