package dev.informer.testing.internal;

import java.nio.charset.StandardCharsets;

/** Watch event types, with the constant bytes that open each event line. */
enum EventKind {
    ADDED,
    MODIFIED,
    DELETED,
    BOOKMARK,
    ERROR;

    private final byte[] linePrefix = ("{\"type\":\"" + name() + "\",\"object\":").getBytes(StandardCharsets.US_ASCII);

    /** {@code {"type":"ADDED","object":} — the object's bytes and {@code "}\n"} follow. */
    byte[] linePrefix() {
        return linePrefix.clone();
    }

    /** Same as {@link #linePrefix()} without the copy, for the write path (never modified). */
    byte[] sharedLinePrefix() {
        return linePrefix;
    }
}
