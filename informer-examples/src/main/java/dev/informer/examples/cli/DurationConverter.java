package dev.informer.examples.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a command-line duration: Go style as kubectl and client-go flags take it ({@code 30s},
 * {@code 1m30s}, {@code 1.5h}, {@code 250ms}, {@code 0}), ISO-8601 ({@code PT30S}), or a bare number
 * of seconds ({@code 30}). Negative durations are rejected. The examples' command line ({@code
 * Main}) registers it for every {@link Duration} option.
 *
 * <p>Stateless and thread-safe. Bad input throws picocli's {@link TypeConversionException}, which
 * the command line reports as bad usage (exit code 2) with the offending text.
 */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern GO_PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");
    private static final Pattern GO_DURATION =
            Pattern.compile("(?:(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:ns|us|µs|ms|s|m|h))+");
    private static final Pattern SECONDS = Pattern.compile("\\d+(?:\\.\\d+)?");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    /**
     * Parses {@code text} as described in the class comment.
     *
     * @throws TypeConversionException naming the text if it is none of the accepted forms or negative
     */
    public static Duration parse(String text) {
        if (text == null || text.isBlank()) {
            throw new TypeConversionException("a duration is required, e.g. 30s, 1m30s, 500ms or PT30S");
        }
        String value = text.strip();
        if (value.startsWith("P") || value.startsWith("p") || value.startsWith("-P")) {
            try {
                return nonNegative(Duration.parse(value), text);
            } catch (DateTimeParseException e) {
                throw invalid(text);
            }
        }
        if (SECONDS.matcher(value).matches()) {
            return nanos(new BigDecimal(value).movePointRight(9), text);
        }
        if (!GO_DURATION.matcher(value).matches()) {
            throw invalid(text);
        }
        BigDecimal total = BigDecimal.ZERO;
        Matcher part = GO_PART.matcher(value);
        while (part.find()) {
            BigDecimal amount = new BigDecimal(part.group(1).endsWith(".") ? part.group(1) + "0" : part.group(1));
            total = total.add(amount.multiply(BigDecimal.valueOf(unitNanos(part.group(2)))));
        }
        return nanos(total, text);
    }

    private static long unitNanos(String unit) {
        return switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L; // "h": the pattern admits nothing else
        };
    }

    private static Duration nanos(BigDecimal nanos, String text) {
        try {
            return Duration.ofNanos(nanos.setScale(0, RoundingMode.HALF_UP).longValueExact());
        } catch (ArithmeticException e) {
            throw new TypeConversionException("duration '" + text + "' is too long");
        }
    }

    private static Duration nonNegative(Duration duration, String text) {
        if (duration.isNegative()) {
            throw new TypeConversionException("duration '" + text + "' must not be negative");
        }
        return duration;
    }

    private static TypeConversionException invalid(String text) {
        return new TypeConversionException("'" + text + "' is not a duration; use e.g. 30s, 1m30s, 500ms, PT30S or 30");
    }
}
