package dev.informer.store;

import java.util.Objects;

/**
 * The object of a {@link DeltaType#BOOKMARK} delta: the watch reached {@code resourceVersion}
 * (client-go's {@code BookmarkInfo}). Queued in order with the events by a {@link RealFifo} built
 * with {@linkplain RealFifoOptions#emitBookmarks() bookmarks}; the consumer learns that its store is
 * at that resource version once it pops it. Immutable.
 *
 * @param resourceVersion the bookmark's resource version, never {@code null}
 */
public record Bookmark(String resourceVersion) {

    /** @throws NullPointerException if {@code resourceVersion} is {@code null} */
    public Bookmark {
        Objects.requireNonNull(resourceVersion, "resourceVersion");
    }
}
