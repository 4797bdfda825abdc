package dev.informer.cache.internal;

import dev.informer.clock.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;

/**
 * Logs the failures of an operation that is retried (a reflector's list and watch, a leader
 * election renewal, a pod config source) so that a failing loop stays readable: each failure is
 * ONE WARN line ({@code "<source>: <cause><detail>"}, e.g. the URL and the next retry delay), its
 * stack trace goes to DEBUG, and identical repeats within a window are counted instead of logged.
 * When the window ends or the cause changes, one line summarises the repeats: {@code "<source>:
 * <cause> (12 more in 60 s)"}. {@link #recovered} ends an episode (summary, then one INFO line).
 *
 * <p>Repeats are tracked per {@code source}; "identical" means the same cause text once query
 * strings are removed (a watch URL's random timeout does not make two failures different). The
 * window is measured on the injected {@link Clock}; it is checked when the next failure or the
 * recovery is reported (no timer thread).
 *
 * <p>Thread-safe: calls for the same or different sources may come from any thread; the lines of
 * one call are written under a lock, so a summary always precedes the line that ended it.
 */
public final class FailureLog {

    /** The default summarising window, 60 s. */
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(60);

    private static final int MAX_CAUSE_LENGTH = 400;

    private final Logger logger;
    private final Clock clock;
    private final long windowNanos;
    private final Object lock = new Object();
    // @GuardedBy("lock")
    private final Map<String, Episode> episodes = new HashMap<>();

    /**
     * @throws IllegalArgumentException if {@code window} is not positive
     */
    public FailureLog(Logger logger, Clock clock, Duration window) {
        this.logger = Objects.requireNonNull(logger, "logger");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("window must be positive: " + window);
        }
        this.windowNanos = Clock.toNanosSaturated(window);
    }

    /**
     * Reports one failure of {@code source}.
     *
     * @param source what failed, e.g. a reflector's name; repeats are counted per source
     * @param cause  the one-line cause (newlines are flattened, very long text is cut); what makes
     *               two failures identical
     * @param detail appended to the WARN line but not to the identity, e.g. {@code "; retrying in 1.6s"}
     * @param error  the exception, logged with its stack trace at DEBUG only; may be {@code null}
     */
    public void failure(String source, String cause, String detail, Throwable error) {
        String line = oneLine(cause);
        String identity = line.replaceAll("\\?\\S*", "");
        long now = clock.nanoTime();
        synchronized (lock) {
            Episode episode = episodes.get(source);
            if (episode != null && episode.identity.equals(identity) && now - episode.startNanos < windowNanos) {
                episode.repeats++;
                episode.lastNanos = now;
                episode.total++;
            } else {
                int total = 1;
                if (episode != null) {
                    summarize(source, episode);
                    total += episode.total;
                }
                Episode next = new Episode(identity, line, now);
                next.total = total;
                episodes.put(source, next);
                logger.warn("{}: {}{}", source, line, detail == null ? "" : oneLine(detail));
            }
            if (error != null && logger.isDebugEnabled()) {
                logger.debug("{}: {}", source, line, error);
            }
        }
    }

    /**
     * Ends {@code source}'s failure episode, if any: logs the pending summary and one INFO line
     * {@code "<source>: <what> (after N failures)"}. Does nothing when {@code source} had no
     * failure since the last call.
     *
     * @return whether there was an episode to end
     */
    public boolean recovered(String source, String what) {
        synchronized (lock) {
            Episode episode = episodes.remove(source);
            if (episode == null) {
                return false;
            }
            summarize(source, episode);
            logger.info("{}: {} (after {} failure{})", source, what, episode.total, episode.total == 1 ? "" : "s");
            return true;
        }
    }

    private void summarize(String source, Episode episode) {
        if (episode.repeats > 0) {
            logger.warn(
                    "{}: {} ({} more in {})",
                    source,
                    episode.line,
                    episode.repeats,
                    seconds(episode.lastNanos - episode.startNanos));
        }
    }

    /** Whole seconds, rounded up, at least 1: {@code "60 s"}. */
    static String seconds(long nanos) {
        long seconds = Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
        return seconds + " s";
    }

    /** Flattens line breaks and cuts very long text (an HTML error page, say) to one readable line. */
    public static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        String flat = text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
        return flat.length() > MAX_CAUSE_LENGTH ? flat.substring(0, MAX_CAUSE_LENGTH) + "..." : flat;
    }

    private static final class Episode {
        final String identity;
        final String line;
        final long startNanos;
        long lastNanos;
        int repeats;
        int total;

        Episode(String identity, String line, long startNanos) {
            this.identity = identity;
            this.line = line;
            this.startNanos = startNanos;
            this.lastNanos = startNanos;
        }
    }
}
