/**
 * Internals of the engine's threads and locks, shared by its packages (watch, work queues, cache,
 * client, recorder, leader election): the lock-guarded read and update, and starting a thread from an
 * injected factory. Not a public API (the module does not export this package).
 */
@NullMarked
package dev.informer.concurrent.internal;

import org.jspecify.annotations.NullMarked;
