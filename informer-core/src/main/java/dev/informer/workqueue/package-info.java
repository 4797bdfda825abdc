/**
 * Work queues (plain, delaying, rate-limited) and rate limiters, ported from client-go's {@code util/workqueue}. Parameters and returns are non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.informer.workqueue;

import org.jspecify.annotations.NullMarked;
