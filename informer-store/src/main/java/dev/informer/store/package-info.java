/**
 * The data structures under an informer, with client-go's {@code tools/cache} semantics: keyed
 * {@link dev.informer.store.Store}s and {@link dev.informer.store.Indexer}s over a thread-safe
 * indexed map, key and index functions, the {@link dev.informer.store.DeltaFifo} between a
 * reflector and an informer (with {@link dev.informer.store.Delta}, {@link
 * dev.informer.store.DeltaType} and the {@link dev.informer.store.DeletedFinalStateUnknown}
 * tombstone), and the {@link dev.informer.store.UndeltaStore}.
 *
 * <p>Pure data structures: no I/O, no clock, no threads of their own. Every type is thread-safe
 * unless its documentation says otherwise; {@link dev.informer.store.DeltaFifo#pop} is the only
 * method that waits. Obtain implementations through {@link dev.informer.store.Stores} and {@link
 * dev.informer.store.DeltaFifo#builder}.
 */
@NullMarked
package dev.informer.store;

import org.jspecify.annotations.NullMarked;
