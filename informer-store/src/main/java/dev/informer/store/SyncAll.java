package dev.informer.store;

/**
 * The object of a {@link DeltaType#SYNC_ALL} delta: a periodic resync queued as one item by a {@link
 * RealFifo} with {@linkplain RealFifoOptions#atomicEvents() atomic events} (client-go's {@code
 * SyncAllInfo}). The consumer re-delivers every object of its store. Immutable, no state.
 */
public record SyncAll() {}
