/**
 * Recording {@code core/v1} Events about objects (client-go's {@code tools/record}): an {@link
 * dev.informer.record.EventBroadcaster} owns one background writer and hands out {@link
 * dev.informer.record.EventRecorder}s. Recording never blocks the caller; the writer correlates the
 * events (similar ones aggregated, identical ones counted in one Event, each object and source
 * throttled by a token bucket) and writes them through the client. This package sits above the engine,
 * the model and the client.
 */
@NullMarked
package dev.informer.record;

import org.jspecify.annotations.NullMarked;
