/**
 * The watch engine: {@link dev.informer.watch.Watch} streams, their events, retrying and filtering watchers, and the list options they share. Parameters and returns are non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.informer.watch;

import org.jspecify.annotations.NullMarked;
