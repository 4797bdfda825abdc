package dev.informer.testing;

import dev.informer.codegen.GenerateBuilder;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;

/**
 * The plain settings of an {@link EmbeddedApiServer}, one per setter of {@link EmbeddedApiServer.Builder}
 * (which extends their generated base); the seed, the resourceVersion epoch and the registered
 * resources stay in the builder. Immutable; the canonical constructor refuses what the setters refuse.
 *
 * @param port the port to bind on 127.0.0.1; 0 (the default) picks an ephemeral one
 * @param historyLimit events retained per resource for watches and continue tokens from older
 *     resourceVersions (default 10,000); older ones answer 410 Expired. The history is also bounded by
 *     age ({@link EmbeddedApiServer.Builder#historyMaxAge(java.time.Duration) historyMaxAge}); whichever keeps less applies
 * @param historyMaxAge how long an event stays in the history (default 75 s, kube-apiserver's watch
 *     cache freshness window), measured on {@link EmbeddedApiServer.Builder#clock(java.time.Clock) clock}; a watch from an
 *     older resourceVersion answers 410 Expired
 * @param bookmarkInterval the period of BOOKMARK events on watches that allow them (default 60 s)
 * @param futureResourceVersionWait how long a list or watch asking for a resourceVersion newer than the
 *     server's waits for it before answering 504 Timeout with a {@code ResourceVersionTooLarge} cause
 *     (default 3 s, as kube-apiserver; zero answers at once)
 * @param workerThreads requests (header reads and non-watch verbs) served at once (default 32); more
 *     wait in a queue
 * @param maxWatches watches streamed at once (default 512); one more answers 429 TooManyRequests
 * @param headerTimeout how long a request may take from its first byte until its headers are read
 *     (default 10 s); a slower connection is closed
 * @param clock the clock of creationTimestamp and deletionTimestamp, of the history's age and of the
 *     default resourceVersion epoch (default: system UTC)
 * @param defaultNamespaces whether to create the namespaces {@code default}, {@code kube-system},
 *     {@code kube-public} and {@code kube-node-lease} at start, as a cluster has (default true)
 * @param threadFactory the factory of the request threads (at most {@code workerThreads + maxWatches})
 *     and of one watchdog thread, plus the one thread of the lifecycle controllers (garbage collector,
 *     namespace controller); default: daemon threads named {@code embedded-apiserver-N}
 */
@GenerateBuilder(builder = "EmbeddedApiServer.Builder", checked = true)
record EmbeddedApiServerSettings(
        int port,
        int historyLimit,
        Duration historyMaxAge,
        Duration bookmarkInterval,
        Duration futureResourceVersionWait,
        int workerThreads,
        int maxWatches,
        Duration headerTimeout,
        Clock clock,
        boolean defaultNamespaces,
        ThreadFactory threadFactory) {

    EmbeddedApiServerSettings {
        checkPort(port);
        checkHistoryLimit(historyLimit);
        checkHistoryMaxAge(historyMaxAge);
        checkBookmarkInterval(bookmarkInterval);
        checkFutureResourceVersionWait(Objects.requireNonNull(futureResourceVersionWait, "futureResourceVersionWait"));
        checkWorkerThreads(workerThreads);
        checkMaxWatches(maxWatches);
        checkHeaderTimeout(headerTimeout);
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /**
     * Checks a port to bind.
     *
     * @throws IllegalArgumentException if not a port number (0..65535)
     */
    static int checkPort(int port) {
        return inRange("port", port, 0, 65535);
    }

    /**
     * Checks the number of events kept per resource.
     *
     * @throws IllegalArgumentException if outside 1..10,000,000
     */
    static int checkHistoryLimit(int historyLimit) {
        return inRange("historyLimit", historyLimit, 1, 10_000_000);
    }

    /**
     * Checks the age of the history.
     *
     * @throws IllegalArgumentException if under 1 ms
     */
    static Duration checkHistoryMaxAge(Duration historyMaxAge) {
        return atLeast("historyMaxAge", historyMaxAge, 1);
    }

    /**
     * Checks the period of bookmarks.
     *
     * @throws IllegalArgumentException if shorter than 10 ms
     */
    static Duration checkBookmarkInterval(Duration bookmarkInterval) {
        return atLeast("bookmarkInterval", bookmarkInterval, 10);
    }

    /**
     * Checks the wait for a resourceVersion the server has not reached.
     *
     * @throws IllegalArgumentException if negative or above one minute
     */
    static Duration checkFutureResourceVersionWait(Duration wait) {
        if (wait.isNegative() || wait.compareTo(Duration.ofMinutes(1)) > 0) {
            throw new IllegalArgumentException("futureResourceVersionWait must be in 0..1m, got " + wait);
        }
        return wait;
    }

    /**
     * Checks the time a request may take to send its headers.
     *
     * @throws IllegalArgumentException if under 10 milliseconds
     */
    static Duration checkHeaderTimeout(Duration headerTimeout) {
        return atLeast("headerTimeout", headerTimeout, 10);
    }

    /**
     * Checks the number of request workers.
     *
     * @throws IllegalArgumentException if below 1 or above 10,000
     */
    static int checkWorkerThreads(int workerThreads) {
        return inRange("workerThreads", workerThreads, 1, 10_000);
    }

    /** {@code value}, or {@link IllegalArgumentException} naming the setter when outside min..max. */
    private static int inRange(String setter, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(setter + " must be in " + min + ".." + max + ", got " + value);
        }
        return value;
    }

    /**
     * Checks the budget of watches.
     *
     * @throws IllegalArgumentException if not in 1..100,000
     */
    static int checkMaxWatches(int maxWatches) {
        return inRange("maxWatches", maxWatches, 1, 100_000);
    }

    /** {@code value}, or {@link IllegalArgumentException} naming the setter when under minMillis. */
    private static Duration atLeast(String setter, Duration value, long minMillis) {
        Objects.requireNonNull(value, setter);
        if (value.compareTo(Duration.ofMillis(minMillis)) < 0) {
            throw new IllegalArgumentException(setter + " must be >= " + minMillis + "ms, got " + value);
        }
        return value;
    }
}
