/**
 * The informer's dispatch internals: the shared processor, its listeners and the worker pool. Not
 * part of the public API; exported to no module.
 */
@NullMarked
package dev.informer.cache.internal;

import org.jspecify.annotations.NullMarked;
