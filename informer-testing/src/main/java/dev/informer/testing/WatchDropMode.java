package dev.informer.testing;

/** How {@link ServerFaults#dropWatches(WatchDropMode)} ends the open watch streams. */
public enum WatchDropMode {
    /**
     * Write half of an event line, then close the TCP connection without the terminating chunk:
     * the client sees a truncated line and an unexpected end of stream.
     */
    ABRUPT,
    /** End the chunked stream properly after the last whole event (no bookmark is sent). */
    CLEAN
}
