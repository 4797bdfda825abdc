/**
 * The Reflector, stores and shared informers, ported from client-go's {@code tools/cache}. Parameters and returns are non-null unless annotated {@code @Nullable}.
 */
@NullMarked
package dev.informer.cache;

import org.jspecify.annotations.NullMarked;
