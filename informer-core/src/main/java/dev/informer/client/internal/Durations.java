package dev.informer.client.internal;

import java.time.Duration;

/** Short human spellings of durations for messages, as Go prints them: {@code 500ms}, {@code 2s}, {@code 1m30s}. */
final class Durations {

    private Durations() {
    }

    static String format(Duration d) {
        long millis = d.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        long minutes = millis / 60_000;
        long restMillis = millis % 60_000;
        String seconds = restMillis % 1000 == 0 ? Long.toString(restMillis / 1000)
                : Double.toString(restMillis / 1000.0);
        if (minutes == 0) {
            return seconds + "s";
        }
        long hours = minutes / 60;
        String prefix = hours > 0 ? hours + "h" + (minutes % 60) + "m" : minutes + "m";
        return restMillis == 0 ? prefix : prefix + seconds + "s";
    }
}
