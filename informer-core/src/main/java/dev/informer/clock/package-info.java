/**
 * The injected time source: {@link dev.informer.clock.Clock}, its system implementation and duration helpers. Parameters and returns are non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.informer.clock;

import org.jspecify.annotations.NullMarked;
