package dev.informer.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class DurationConverterTest {

    @Test
    void goStyleDurationsParseAsClientGoFlagsDo() {
        assertEquals(Duration.ofSeconds(30), DurationConverter.parse("30s"));
        assertEquals(Duration.ofSeconds(90), DurationConverter.parse("1m30s"));
        assertEquals(Duration.ofMillis(250), DurationConverter.parse("250ms"));
        assertEquals(Duration.ofMinutes(90), DurationConverter.parse("1.5h"));
        assertEquals(Duration.ofNanos(1500), DurationConverter.parse("1us500ns"));
        assertEquals(Duration.ofMillis(500), DurationConverter.parse(".5s"));
    }

    @Test
    void isoDurationsAndBareSecondsParse() {
        assertEquals(Duration.ofSeconds(20), DurationConverter.parse("PT20S"));
        assertEquals(Duration.ofSeconds(20), DurationConverter.parse("20"));
        assertEquals(Duration.ofMillis(2500), DurationConverter.parse("2.5"));
        assertEquals(Duration.ZERO, DurationConverter.parse("0"));
    }

    @Test
    void malformedDurationIsRejectedNamingTheText() {
        for (String bad : new String[] {"", "  ", "s", "10x", "1m30", "-5s", "ten seconds", "P"}) {
            TypeConversionException e = assertThrows(
                    TypeConversionException.class, () -> DurationConverter.parse(bad), "should reject '" + bad + "'");
            assertTrue(bad.isBlank() || e.getMessage().contains(bad.strip()), e.getMessage());
        }
    }

    @Test
    void negativeIsoDurationIsRejected() {
        TypeConversionException e = assertThrows(TypeConversionException.class, () -> DurationConverter.parse("-PT5S"));
        assertTrue(e.getMessage().contains("negative"), e.getMessage());
    }

    @Test
    void absurdlyLongDurationIsRejectedInsteadOfOverflowing() {
        assertThrows(TypeConversionException.class, () -> DurationConverter.parse("99999999999999h"));
    }

    @Test
    void goStyleThatTheLibraryWritesParsesBack() {
        for (Duration d : new Duration[] {
            Duration.ofMinutes(2), Duration.ofMillis(1500), Duration.ofSeconds(3605), Duration.ofNanos(1500)
        }) {
            assertEquals(d, DurationConverter.parse(dev.informer.clock.Durations.format(d)));
        }
    }
}
