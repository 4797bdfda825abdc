package dev.informer.testing.internal;

import java.nio.charset.StandardCharsets;

/** Watch event types, with the constant bytes that open each event line. */
@SuppressWarnings("ImmutableEnumChecker") // the prefix array is never written; linePrefix() hands out copies
enum EventKind {
    ADDED,
    MODIFIED,
    DELETED,
    BOOKMARK,
    ERROR;

    private final byte[] linePrefix = ("{\"type\":\"" + name() + "\",\"object\":").getBytes(StandardCharsets.US_ASCII);

    /**
     * The start of an event line, e.g. <code>&#123;"type":"ADDED","object":</code>; the object's bytes,
     * a closing brace and a newline follow.
     */
    byte[] linePrefix() {
        return linePrefix.clone();
    }

    /** Same as {@link #linePrefix()} without the copy, for the write path (never modified). */
    byte[] sharedLinePrefix() {
        return linePrefix;
    }
}
