/**
 * Internals shared by {@link dev.informer.workqueue}, the client's request rate limiter and the event
 * recorder's spam filter: the token bucket arithmetic. Not a public API (the module does not export
 * this package).
 */
@NullMarked
package dev.informer.workqueue.internal;

import org.jspecify.annotations.NullMarked;
