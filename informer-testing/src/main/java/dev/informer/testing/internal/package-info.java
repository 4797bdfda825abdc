/**
 * The engine of the embedded API server: resource stores with their history, watches, the HTTP
 * handler, patches, field management, selectors and the lifecycle controllers. Not exported by
 * the module; its types are thread-safe where their documentation says so.
 */
@NullMarked
package dev.informer.testing.internal;

import org.jspecify.annotations.NullMarked;
