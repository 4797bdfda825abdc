package dev.informer.api;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;

/**
 * Conversions between the model's timestamp strings and {@link Instant}.
 *
 * <p>The model keeps timestamps as the strings the server sent, so that a read-then-write round
 * trip is exact; these helpers convert on demand. Kubernetes has two formats: {@code Time}
 * (RFC 3339 with whole seconds, {@code 2024-05-01T10:00:00Z}) for almost every field, and {@code
 * MicroTime} (six fraction digits, {@code 2024-05-01T10:00:00.123456Z}) for {@link LeaseSpec}'s
 * times and {@link CoreEvent#eventTime()}.
 *
 * <p>Stateless and thread-safe.
 */
public final class Timestamps {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MICRO_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {}

    /**
     * Parses an RFC 3339 timestamp (either format, any offset); {@code null} gives {@code null}.
     *
     * @throws IllegalArgumentException naming the value if it is not RFC 3339
     */
    public static @Nullable Instant parse(@Nullable String timestamp) {
        if (timestamp == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(timestamp, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an RFC 3339 timestamp: \"" + timestamp + "\"", e);
        }
    }

    /** Formats {@code instant} as a {@code Time} (whole seconds, UTC, truncated as the server does). */
    public static @Nullable String format(@Nullable Instant instant) {
        return instant == null ? null : TIME.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** Formats {@code instant} as a {@code MicroTime} (six fraction digits, UTC, truncated). */
    public static @Nullable String formatMicro(@Nullable Instant instant) {
        return instant == null ? null : MICRO_TIME.format(instant.truncatedTo(ChronoUnit.MICROS));
    }
}
