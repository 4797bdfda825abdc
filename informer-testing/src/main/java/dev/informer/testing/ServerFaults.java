package dev.informer.testing;

import java.time.Duration;

/**
 * Fault injection on a running {@link EmbeddedApiServer}, for reliability tests of clients.
 *
 * <p>Thread-safe: every method may be called from any thread while requests are in flight. Each
 * fault is deterministic (no randomness: "every open watch", "the next N matching requests") and
 * bounded (durations at most {@link #MAX_DURATION}, counts at most {@link #MAX_FAILURES}); bad
 * arguments throw {@link IllegalArgumentException}. {@link #reset()} clears every pending fault.
 * None of these methods blocks for the fault's duration.
 */
public interface ServerFaults {

    /** The longest {@link #hang} or {@link #delayResponses} accepted. */
    Duration MAX_DURATION = Duration.ofMinutes(5);

    /** The largest failure count {@link #failNext} accepts. */
    int MAX_FAILURES = 100_000;

    /**
     * Ends every watch stream open now. Watches opened afterwards are not affected.
     *
     * @return the number of watches asked to end
     */
    int dropWatches(WatchDropMode mode);

    /**
     * Sends an ERROR event carrying a 410 Expired Status on every open watch and then ends it
     * cleanly, as kube-apiserver does when a watcher can no longer be served from its cache.
     *
     * @return the number of watches expired
     */
    int expireWatches();

    /**
     * Writes one line that is not valid JSON on every open watch (the streams stay open).
     *
     * @return the number of watches written to
     */
    int sendMalformedLine();

    /**
     * Fails the next {@code count} requests whose verb and resource match with {@code statusCode}
     * and a Status of the matching reason. A 410 on {@code watch} is sent the way the real server
     * does: a 200 stream carrying one ERROR event with a 410 Expired Status.
     *
     * @param count      1..{@link #MAX_FAILURES}
     * @param verb       {@code get, list, watch, create, update, patch, delete, deletecollection}
     *                   or {@code "*"}
     * @param resource   plural name ({@code "pods"}), subresource ({@code "pods/status"}) or
     *                   {@code "*"}; {@code "pods"} does not match {@code pods/status}
     * @param statusCode 400..599
     */
    void failNext(int count, String verb, String resource, int statusCode);

    /**
     * Like {@link #failNext(int, String, String, int)} and adds a {@code Retry-After} header and
     * {@code details.retryAfterSeconds} (whole seconds, rounded up), e.g. for 429 TooManyRequests.
     */
    void failNext(int count, String verb, String resource, int statusCode, Duration retryAfter);

    /** How many injected failures are still pending. */
    int pendingFailures();

    /**
     * Compacts the history of every resource at the current resource version: watches and
     * continue tokens from older resource versions get 410 Expired. Open watches keep streaming.
     *
     * @return the resource version the history now starts after
     */
    long compactNow();

    /**
     * Delays every response (and the start of every watch stream) by {@code delay};
     * {@link Duration#ZERO} clears it.
     */
    void delayResponses(Duration delay);

    /**
     * Stops answering for {@code duration}: requests wait (their connections stay open) and open
     * watches send nothing until the time is up, {@link #reset()} or the server closes.
     */
    void hang(Duration duration);

    /** Clears every pending fault: failures, delay, hang. */
    void reset();
}
