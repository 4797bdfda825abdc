package dev.informer.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimestampsTest {

    @Test
    void parsesTimeAndMicroTime() {
        assertEquals(Instant.parse("2024-05-01T10:00:00Z"), Timestamps.parse("2024-05-01T10:00:00Z"));
        assertEquals(Instant.parse("2024-05-01T10:00:00.120000Z"), Timestamps.parse("2024-05-01T10:00:00.120000Z"));
    }

    @Test
    void parsesOffsetsToTheSameInstant() {
        assertEquals(Instant.parse("2024-05-01T08:00:00Z"), Timestamps.parse("2024-05-01T10:00:00+02:00"));
    }

    @Test
    void nullStaysNull() {
        assertNull(Timestamps.parse(null));
        assertNull(Timestamps.format(null));
        assertNull(Timestamps.formatMicro(null));
    }

    @Test
    void formatTruncatesToWholeSecondsLikeMetav1Time() {
        assertEquals("2024-05-01T10:00:00Z", Timestamps.format(Instant.parse("2024-05-01T10:00:00.999Z")));
    }

    @Test
    void formatMicroAlwaysWritesSixDigits() {
        assertEquals("2024-05-01T10:00:00.120000Z", Timestamps.formatMicro(Instant.parse("2024-05-01T10:00:00.12Z")));
        assertEquals("2024-05-01T10:00:00.000000Z", Timestamps.formatMicro(Instant.parse("2024-05-01T10:00:00Z")));
        assertEquals(
                "2024-05-01T10:00:00.000001Z", Timestamps.formatMicro(Instant.parse("2024-05-01T10:00:00.000001999Z")));
    }

    @Test
    void microTimeRoundTripsThroughInstant() {
        String micro = "2024-05-01T10:04:59.000001Z";
        assertEquals(micro, Timestamps.formatMicro(Timestamps.parse(micro)));
    }

    @Test
    void malformedTimestampNamesTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Timestamps.parse("yesterday"));
        assertTrue(e.getMessage().contains("yesterday"), e.getMessage());
    }
}
