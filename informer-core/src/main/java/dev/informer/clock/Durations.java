package dev.informer.clock;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * Durations written as Go (and so kubectl and client-go) write them, for log lines and messages:
 * {@code 250ms}, {@code 1.5s}, {@code 10s}, {@code 1m30s}, {@code 10m}, {@code 2h}, {@code 1h5s}.
 * What it writes is what the examples' duration options read back. Stateless and thread-safe.
 */
public final class Durations {

    private Durations() {}

    /**
     * {@code duration} in Go's short form: below one second in whole milliseconds (nanoseconds when
     * not a whole millisecond), otherwise hours, minutes and seconds, each left out when zero, the
     * seconds with up to nine decimals and no trailing zeros.
     *
     * @throws NullPointerException if {@code duration} is null
     */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        StringBuilder text = new StringBuilder(duration.isNegative() ? "-" : "");
        Duration rest = duration.abs();
        if (rest.compareTo(Duration.ofSeconds(1)) < 0) {
            long millis = rest.toMillis();
            return text.append(millis * 1_000_000 == rest.toNanos() ? millis + "ms" : rest.toNanos() + "ns")
                    .toString();
        }
        if (rest.toHours() > 0) {
            text.append(rest.toHours()).append('h');
            rest = rest.minusHours(rest.toHours());
        }
        if (rest.toMinutes() > 0) {
            text.append(rest.toMinutes()).append('m');
            rest = rest.minusMinutes(rest.toMinutes());
        }
        if (!rest.isZero()) {
            BigDecimal seconds =
                    BigDecimal.valueOf(rest.toNanos()).movePointLeft(9).stripTrailingZeros();
            text.append(seconds.toPlainString()).append('s');
        }
        return text.toString();
    }
}
