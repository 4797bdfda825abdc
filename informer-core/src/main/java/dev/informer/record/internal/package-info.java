/**
 * Internals of {@link dev.informer.record}: the event correlator (client-go's {@code events_cache.go}).
 * Not a public API.
 */
@NullMarked
package dev.informer.record.internal;

import org.jspecify.annotations.NullMarked;
