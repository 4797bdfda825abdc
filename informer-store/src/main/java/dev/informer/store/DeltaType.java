package dev.informer.store;

/**
 * The kind of change a {@link Delta} records (client-go's {@code DeltaType}).
 */
public enum DeltaType {
    /** The object was added (a watch ADDED event). */
    ADDED,
    /** The object was modified (a watch MODIFIED event). */
    UPDATED,
    /**
     * The object was deleted. The delta carries the last known state, or a {@link
     * DeletedFinalStateUnknown} tombstone when the deletion was inferred from a relist.
     */
    DELETED,
    /**
     * The object was part of a relist ({@link DeltaFifo#replace}); it may or may not have changed.
     * Emitted only when the fifo was built with {@code emitDeltaTypeReplaced(true)}; otherwise a
     * relist emits {@link #SYNC}.
     */
    REPLACED,
    /** A synthetic event from a periodic {@link DeltaFifo#resync}: the object has not changed. */
    SYNC,
    /**
     * A whole relist as one item, queued by a {@link RealFifo} with atomic events; the delta's object
     * is a {@link ReplacedAll}. Never queued by a {@link DeltaFifo}.
     */
    REPLACED_ALL,
    /**
     * A whole resync as one item, queued by a {@link RealFifo} with atomic events; the delta's object
     * is a {@link SyncAll}. Never queued by a {@link DeltaFifo}.
     */
    SYNC_ALL,
    /**
     * The watch reached a resource version, queued in order by a {@link RealFifo} that emits
     * bookmarks; the delta's object is a {@link Bookmark}. Never queued by a {@link DeltaFifo}.
     */
    BOOKMARK
}
